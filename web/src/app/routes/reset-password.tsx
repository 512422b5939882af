import { useSearchParams } from 'react-router-dom'
import { ConfirmEmail } from '../../features/auth/components/confirm-email.tsx'
import { ResetPassword } from '../../features/auth/components/reset-password.tsx'

export function ResetPasswordRoute() {
  const [searchParams] = useSearchParams()
  const token = searchParams.get('token')?.trim() ?? ''
  // A different link opened in the same tab starts over instead of keeping the last link's outcome.
  return <ResetPassword key={token} token={token} />
}

/**
 * The page of the link that confirms a guest's e-mail address. It shares this module, and so one chunk,
 * with the reset page: both open from links auth mails, and every chunk name weighs on the first page.
 */
export function ConfirmEmailRoute() {
  const [searchParams] = useSearchParams()
  const token = searchParams.get('token')?.trim() ?? ''
  return <ConfirmEmail key={token} token={token} />
}
