import { PRODUCT_NAME } from '../../config/product.ts'
import { SignInProviders } from '../../features/admin/components/sign-in-providers.tsx'

/** /admin/sign-in: the tenant's OpenID Connect providers (docs/decisions/062-openid-connect-sign-in.md). */
export function AdminSignInRoute() {
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6 sm:py-12">
      <title>{`Sign-in Providers · ${PRODUCT_NAME}`}</title>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">Sign-in Providers</h1>
      <p className="mt-2 text-sm text-slate-600">
        The OpenID Connect providers people of your organisation sign in with. They are set in the
        deployment&apos;s configuration (OIDC_PROVIDERS), and their client secrets are never shown here.
      </p>
      <div className="mt-8">
        <SignInProviders />
      </div>
    </div>
  )
}
