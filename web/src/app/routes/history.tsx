import { isGuest } from '@app/domain/roles'
import { mayOpen, paths } from '@app/domain/spa-routes'
import { buttonClasses } from '../../components/ui/button-styles.ts'
import { Link } from '../../components/ui/link.tsx'
import { PRODUCT_NAME } from '../../config/product.ts'
import { useMe } from '../../features/auth/api/get-me.ts'
import { ProfileHistory } from '../../features/profiles/components/profile-history.tsx'
import { NOTHING_SHARED_TEXT } from '../../features/sharing/components/shared-with-you.tsx'

/**
 * My Profile. Its buttons are those the user's role may open: a guest owner takes no assessment of their
 * own, so they are offered sharing and asking instead (docs/decisions/027-guests-have-a-home.md).
 */
export function HistoryRoute() {
  const role = useMe().data?.role ?? null
  const guest = role !== null && isGuest(role)
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6 sm:py-12">
      <title>{`My Profile · ${PRODUCT_NAME}`}</title>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">My Profile</h1>
          <p className="mt-2 text-sm text-slate-600">
            {guest
              ? 'The profiles others have shared with you.'
              : 'Your saved assessments and the profiles others have shared with you.'}
          </p>
        </div>
        {role && (
          <div className="flex flex-wrap gap-3">
            {mayOpen(paths.shareProfile, role) && (
              <Link to={paths.shareProfile} className={buttonClasses('secondary')}>
                {guest ? 'Share Profiles' : 'Invite Others'}
              </Link>
            )}
            {mayOpen(paths.assessment, role) ? (
              <Link to={paths.assessment} className={buttonClasses('primary')}>
                Take New Assessment
              </Link>
            ) : (
              <Link to={paths.home} className={buttonClasses('primary')}>
                Ask about a profile
              </Link>
            )}
          </div>
        )}
      </div>
      <div className="mt-8">
        <ProfileHistory empty={guest ? <NothingShared /> : undefined} />
      </div>
    </div>
  )
}

function NothingShared() {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
      <p className="mx-auto max-w-sm text-sm text-slate-700">{NOTHING_SHARED_TEXT}</p>
    </div>
  )
}
