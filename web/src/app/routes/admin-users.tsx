import { paths } from '@app/domain/spa-routes'
import { textLinkClasses } from '../../components/ui/form.tsx'
import { Link } from '../../components/ui/link.tsx'
import { PRODUCT_NAME } from '../../config/product.ts'
import { UserManagementPage } from '../../features/admin/components/user-management-page.tsx'

/** /admin/users and /admin/user-management: one screen (decision 039). */
export function AdminUsersRoute() {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 sm:py-12">
      <title>{`User Management · ${PRODUCT_NAME}`}</title>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">User Management</h1>
      <p className="mt-2 text-sm text-slate-600">
        Find any account, see its DISC profile, and change a user&apos;s e-mail or password. How people sign
        in with your identity provider:{' '}
        <Link to={paths.adminSignIn} className={textLinkClasses}>
          Sign-in providers
        </Link>
        .
      </p>
      <div className="mt-8">
        <UserManagementPage />
      </div>
    </div>
  )
}
