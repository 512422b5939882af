import { mayOpen, paths } from '@app/domain/spa-routes'
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom'
import { Link } from '../../components/ui/link.tsx'
import { useToast } from '../../components/ui/toast.tsx'
import { textLinkClasses } from '../../components/ui/form.tsx'
import { useMe } from '../../features/auth/api/get-me.ts'
import { AuthPage } from '../../features/auth/components/auth-page.tsx'
import { ChangePasswordForm } from '../../features/auth/components/change-password-form.tsx'
import { DeleteAccountLink } from '../../features/auth/components/delete-account-link.tsx'
import { DeleteAccountSection } from '../../features/auth/components/delete-account-section.tsx'
import { DownloadMyData } from '../../features/auth/components/download-my-data.tsx'
import { redirectTarget } from '../../lib/redirect-target.ts'

/** Reached by choice, or sent here by the guard while a password set by an administrator is pending. */
export function ChangePasswordRoute() {
  const location = useLocation()
  const navigate = useNavigate()
  const { toast } = useToast()
  const me = useMe()
  const required = me.data?.mustChangePassword === true
  // A guest_standard may not open My Profile: their home is the Ask page.
  const home = me.data && !mayOpen(paths.history, me.data.role) ? paths.home : paths.history
  const target = redirectTarget(location.state, home, [paths.login, paths.changePassword, paths.loginSuccess])

  function handleChanged(message: string) {
    toast({ title: 'Password Changed', description: message })
    navigate(target, { replace: true })
  }

  return (
    <AuthPage
      documentTitle="Change Password"
      title="Change your password"
      description={
        required ? (
          <p
            role="note"
            className="rounded-lg bg-amber-50 px-3 py-2 text-left text-amber-900 ring-1 ring-amber-200"
          >
            Your password was set by an administrator. Please choose a new password of your own to continue.
          </p>
        ) : (
          <p>Enter your current password, then choose a new one.</p>
        )
      }
      footer={
        required ? undefined : (
          <Link to={home} className={textLinkClasses}>
            Cancel
          </Link>
        )
      }
    >
      <ChangePasswordForm onChanged={handleChanged} />
      {/* The account's own settings: its data may be downloaded once the password is the person's own. */}
      {me.data && !required && <DownloadMyData />}
      {!required && <DeleteAccountSection />}
    </AuthPage>
  )
}

/**
 * The page a mailed deletion link opens, signed in to the account it was sent for. It shares this module, and
 * so one chunk, with the account's settings it comes from: every chunk name weighs on the first page.
 */
export function DeleteAccountRoute() {
  const [searchParams] = useSearchParams()
  const token = searchParams.get('token')?.trim() ?? ''
  // A different link opened in the same tab starts over instead of keeping the last link's outcome.
  return <DeleteAccountLink key={token} token={token} />
}
