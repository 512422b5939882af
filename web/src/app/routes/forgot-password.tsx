import { ForgotPassword } from '../../features/auth/components/forgot-password-form.tsx'

export function ForgotPasswordRoute() {
  return <ForgotPassword />
}
