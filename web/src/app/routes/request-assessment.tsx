import { paths } from '@app/domain/spa-routes'
import { Link } from '../../components/ui/link.tsx'
import { PRODUCT_NAME } from '../../config/product.ts'
import { textLinkClasses } from '../../components/ui/form.tsx'
import { useMe } from '../../features/auth/api/get-me.ts'
import { RequestAssessmentForm } from '../../features/request-assessment/components/request-assessment-form.tsx'
import { displayName } from '../../lib/display-name.ts'

export function RequestAssessmentRoute() {
  const me = useMe()
  const user = me.data
  const initial = {
    name: user ? displayName({ ...user, username: '', email: '' }) : '',
    email: user?.email ?? '',
  }
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-10 sm:px-6 sm:py-12">
      <title>{`Request New Assessment · ${PRODUCT_NAME}`}</title>
      <Link to={paths.home} className={`inline-flex items-center gap-1.5 text-sm ${textLinkClasses}`}>
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
          <path
            fillRule="evenodd"
            d="M17 10a.75.75 0 0 1-.75.75H5.61l4.17 3.96a.75.75 0 1 1-1.04 1.08l-5.5-5.25a.75.75 0 0 1 0-1.08l5.5-5.25a.75.75 0 1 1 1.04 1.08L5.6 9.25h10.65A.75.75 0 0 1 17 10Z"
            clipRule="evenodd"
          />
        </svg>
        Back to Dashboard
      </Link>
      <h1 className="mt-6 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
        Request New Assessment
      </h1>
      <p className="mt-2 text-sm text-slate-600">
        Ask our support team to set up a new DISC assessment for you or your team. Sending the request opens
        your e-mail application with the message ready to go.
      </p>
      <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <RequestAssessmentForm key={user?.id ?? 'anonymous'} initial={initial} />
      </div>
    </div>
  )
}
