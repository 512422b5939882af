import { paths } from '@app/domain/spa-routes'
import { useLocation } from 'react-router-dom'
import { AuthPage } from '../../features/auth/components/auth-page.tsx'
import { LoginForm } from '../../features/auth/components/login-form.tsx'
import { redirectTarget } from '../../lib/redirect-target.ts'

export function LoginRoute() {
  const location = useLocation()
  return (
    <AuthPage
      documentTitle="Sign In"
      title="Sign in to your account"
      description={<p>Enter your e-mail address and password to access your profiles.</p>}
    >
      <LoginForm
        redirectTo={redirectTarget(location.state, paths.history, [paths.login, paths.changePassword])}
      />
    </AuthPage>
  )
}
