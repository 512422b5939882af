import { paths } from '@app/domain/spa-routes'
import { useLocation } from 'react-router-dom'
import { LogoMark } from '../../components/ui/logo.tsx'
import { PRODUCT_NAME } from '../../config/product.ts'
import { LoginForm } from '../../features/auth/components/login-form.tsx'

// Only a same-site path the guard remembered may be the target; anything else falls back to /history.
function redirectTarget(state: unknown): string {
  const from = typeof state === 'object' && state !== null && 'from' in state ? state.from : null
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) {
    return paths.history
  }
  return from.split(/[?#]/, 1)[0] === paths.login ? paths.history : from
}

export function LoginRoute() {
  const location = useLocation()
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-12 sm:py-16">
      <title>{`Sign In · ${PRODUCT_NAME}`}</title>
      <div className="w-full max-w-md">
        <div className="flex flex-col items-center text-center">
          <LogoMark className="size-12" />
          <h1 className="mt-5 text-2xl font-semibold tracking-tight text-slate-900">
            Sign in to your account
          </h1>
          <p className="mt-2 text-sm text-slate-600">
            Enter your e-mail address and password to access your profiles.
          </p>
        </div>
        <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <LoginForm redirectTo={redirectTarget(location.state)} />
        </div>
      </div>
    </div>
  )
}
