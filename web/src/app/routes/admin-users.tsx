import { paths } from '@app/domain/spa-routes'
import { PRODUCT_NAME } from '../../config/product.ts'
import { Link } from '../../components/ui/link.tsx'
import { textLinkClasses } from '../../components/ui/form.tsx'
import { ScimTokensSection } from '../../features/admin/components/scim-tokens-section.tsx'
import { SignInProviders } from '../../features/admin/components/sign-in-providers.tsx'
import { UserManagementPage } from '../../features/admin/components/user-management-page.tsx'

/**
 * /admin/users and /admin/user-management: one screen (decision 039), with the SCIM clients' tokens below the
 * accounts they provision (decision 064).
 */
export function AdminUsersRoute() {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 sm:py-12">
      <title>{`User Management · ${PRODUCT_NAME}`}</title>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">User Management</h1>
      <p className="mt-2 text-sm text-slate-600">
        Find any account, see its DISC profile, and change a user&apos;s e-mail or password. Accounts can also
        follow your identity provider:{' '}
        <a href="#scim-provisioning" className={textLinkClasses}>
          SCIM provisioning
        </a>
        . Who did what is in the{' '}
        <Link to={paths.adminAudit} className={textLinkClasses}>
          Audit Log
        </Link>
        .
      </p>
      <div className="mt-8">
        <UserManagementPage />
      </div>
      <section id="scim-provisioning" aria-labelledby="scim-provisioning-title" className="mt-12 max-w-4xl">
        <h2 id="scim-provisioning-title" className="text-xl font-semibold text-slate-900">
          SCIM Provisioning
        </h2>
        <p className="mt-2 text-sm text-slate-600">
          Tokens for your identity provider (Microsoft Entra ID, Okta) to create, update and deactivate
          accounts at <code className="rounded bg-slate-100 px-1">/scim/v2</code>. A token is shown once, when
          it is created; revoke one and its next request is refused.
        </p>
        <div className="mt-6">
          <ScimTokensSection />
        </div>
      </section>
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
