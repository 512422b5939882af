import { PRODUCT_NAME } from '../../config/product.ts'
import { SignInProviders } from '../../features/admin/components/sign-in-providers.tsx'
import { UserManagementPage } from '../../features/admin/components/user-management-page.tsx'

/** /admin/users and /admin/user-management: one screen (decision 039). */
export function AdminUsersRoute() {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 sm:py-12">
      <title>{`User Management · ${PRODUCT_NAME}`}</title>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">User Management</h1>
      <p className="mt-2 text-sm text-slate-600">
        Find any account, see its DISC profile, and change a user&apos;s e-mail or password.
      </p>
      <div className="mt-8">
        <UserManagementPage />
      </div>
      {/* The tenant's identity providers (decision 062): set in its configuration, shown here, secrets never. */}
      <section aria-labelledby="sign-in-providers" className="mt-12">
        <h2 id="sign-in-providers" className="text-xl font-semibold tracking-tight text-slate-900">
          Sign-in Providers
        </h2>
        <p className="mt-2 text-sm text-slate-600">
          The OpenID Connect providers people of your organisation sign in with. They are set in the
          deployment&apos;s configuration (OIDC_PROVIDERS), and their client secrets are never shown here.
        </p>
        <div className="mt-6">
          <SignInProviders />
        </div>
      </section>
    </div>
  )
}
