import { paths } from '@app/domain/spa-routes'
import { buttonClasses } from '../../components/ui/button-styles.ts'
import { Link } from '../../components/ui/link.tsx'
import { PRODUCT_NAME } from '../../config/product.ts'
import { ProfileHistory } from '../../features/profiles/components/profile-history.tsx'

export function HistoryRoute() {
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6 sm:py-12">
      <title>{`My Profile · ${PRODUCT_NAME}`}</title>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">My Profile</h1>
          <p className="mt-2 text-sm text-slate-600">
            Your saved assessments and the profiles others have shared with you.
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Link to={paths.shareProfile} className={buttonClasses('secondary')}>
            Invite Others
          </Link>
          <Link to={paths.assessment} className={buttonClasses('primary')}>
            Take New Assessment
          </Link>
        </div>
      </div>
      <div className="mt-8">
        <ProfileHistory />
      </div>
    </div>
  )
}
