import { PRODUCT_NAME } from '../../config/product.ts'
import { ScimTokensPage } from '../../features/admin/components/scim-tokens-page.tsx'

/** /admin/scim-tokens: the bearer tokens of SCIM clients (docs/decisions/064-scim-provisioning.md). */
export function AdminScimTokensRoute() {
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6 sm:py-12">
      <title>{`SCIM Provisioning · ${PRODUCT_NAME}`}</title>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">SCIM Provisioning</h1>
      <p className="mt-2 text-sm text-slate-600">
        Tokens for your identity provider (Microsoft Entra ID, Okta) to create, update and deactivate accounts
        at <code className="rounded bg-slate-100 px-1">/scim/v2</code>. A token is shown once, when it is
        created; revoke one and its next request is refused.
      </p>
      <div className="mt-8">
        <ScimTokensPage />
      </div>
    </div>
  )
}
