import { paths } from '@app/domain/spa-routes'
import { buttonClasses } from '../../components/ui/button-styles.ts'
import { Link } from '../../components/ui/link.tsx'
import { PRODUCT_NAME } from '../../config/product.ts'

export function NotFoundRoute() {
  return (
    <div className="mx-auto flex max-w-xl flex-1 flex-col items-center justify-center px-4 py-20 text-center">
      <title>{`Page Not Found · ${PRODUCT_NAME}`}</title>
      <span
        aria-hidden="true"
        className="flex size-16 items-center justify-center rounded-full bg-indigo-50 ring-8 ring-indigo-50/50"
      >
        <svg
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          className="size-8 text-indigo-600"
        >
          <circle cx="11" cy="11" r="6.5" />
          <path d="m16 16 4.5 4.5M9 9l4 4M13 9l-4 4" />
        </svg>
      </span>
      <h1 className="mt-6 text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl">
        404 Page Not Found
      </h1>
      <p className="mt-4 text-base text-slate-600">
        Sorry, we could not find the page you were looking for. It may have moved, or the address may be
        mistyped.
      </p>
      <Link to={paths.home} className={`mt-8 ${buttonClasses('primary')}`}>
        Back to home
      </Link>
    </div>
  )
}
