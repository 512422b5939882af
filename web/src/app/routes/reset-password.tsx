import { useSearchParams } from 'react-router-dom'
import { ResetPassword } from '../../features/auth/components/reset-password.tsx'

export function ResetPasswordRoute() {
  const [searchParams] = useSearchParams()
  const token = searchParams.get('token')?.trim() ?? ''
  // A different link opened in the same tab starts over instead of keeping the last link's outcome.
  return <ResetPassword key={token} token={token} />
}
