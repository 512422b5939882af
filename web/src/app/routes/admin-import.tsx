import { paths } from '@app/domain/spa-routes'
import { buttonClasses } from '../../components/ui/button-styles.ts'
import { Link } from '../../components/ui/link.tsx'
import { PRODUCT_NAME } from '../../config/product.ts'
import { BulkImportPage } from '../../features/admin/components/bulk-import-page.tsx'

export function AdminImportRoute() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-12">
      <title>{`Bulk Import · ${PRODUCT_NAME}`}</title>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">Bulk Import</h1>
          <p className="mt-2 text-sm text-slate-600">
            Import people with their DISC or Prevue scores from a CSV file. Each gets an account and a
            profile.
          </p>
        </div>
        <Link to={paths.adminSimpleImport} className={buttonClasses('secondary')}>
          Back
        </Link>
      </div>
      <div className="mt-8">
        <BulkImportPage />
      </div>
    </div>
  )
}
