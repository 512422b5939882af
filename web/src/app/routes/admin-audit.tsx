import { PRODUCT_NAME } from '../../config/product.ts'
import { AuditLogPage } from '../../features/admin/components/audit-log-page.tsx'

/** /admin/audit: who did what, for administrators (docs/decisions/059-audit-log.md). */
export function AdminAuditRoute() {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 sm:py-12">
      <title>{`Audit Log · ${PRODUCT_NAME}`}</title>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">Audit Log</h1>
      <p className="mt-2 text-sm text-slate-600">
        Sign-ins, password changes, edits, imports and invitations: who did what, to whom, when and from
        where.
      </p>
      <div className="mt-8">
        <AuditLogPage />
      </div>
    </div>
  )
}
