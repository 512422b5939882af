import { paths } from '@app/domain/spa-routes'
import { Link } from 'react-router-dom'
import { buttonClasses } from '../../components/ui/button-styles.ts'
import { PRODUCT_NAME } from '../../config/product.ts'

export function LoginSuccessRoute() {
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-12 sm:py-16">
      <title>{`Login Successful · ${PRODUCT_NAME}`}</title>
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <span
          aria-hidden="true"
          className="mx-auto flex size-14 items-center justify-center rounded-full bg-emerald-50 ring-8 ring-emerald-50/50"
        >
          <svg
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
            className="size-7 text-emerald-600"
          >
            <path d="m5 12.5 4.5 4.5L19 7.5" />
          </svg>
        </span>
        <h1 className="mt-6 text-2xl font-semibold tracking-tight text-slate-900">Login Successful</h1>
        <p className="mt-2 text-sm text-slate-600">
          Welcome to {PRODUCT_NAME}. You are signed in and ready to go.
        </p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
          <Link to={paths.history} className={buttonClasses('primary')}>
            View my profile
          </Link>
          <Link to={paths.home} className={buttonClasses('secondary')}>
            Ask a question
          </Link>
        </div>
      </div>
    </div>
  )
}
