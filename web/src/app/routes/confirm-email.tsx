import { useSearchParams } from 'react-router-dom'
import { ConfirmEmail } from '../../features/auth/components/confirm-email.tsx'

export function ConfirmEmailRoute() {
  const [searchParams] = useSearchParams()
  const token = searchParams.get('token')?.trim() ?? ''
  return <ConfirmEmail key={token} token={token} />
}
