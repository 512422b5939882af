import type { AccessibleProfile } from '@app/contracts/profiles'
import { DISC_STYLE_NAMES } from '@app/domain/content/disc-style-names'
import { measuredDiscScores } from '@app/domain/profile-scores'
import { paths } from '@app/domain/spa-routes'
import { buttonClasses } from '../../../components/ui/button-styles.ts'
import { Link } from '../../../components/ui/link.tsx'
import { DownloadReportButton } from '../../../components/reports/download-report-button.tsx'
import { OwnerCredentials } from './owner-credentials.tsx'
import { ProfileScores } from '../../../components/profile/profile-scores.tsx'
import { sharedByText } from '../../../lib/shared-by.ts'

const TYPE_BADGES = {
  disc: { label: 'DISC', classes: 'bg-indigo-50 text-indigo-800 ring-indigo-200' },
  prevue: { label: 'PREVUE', classes: 'bg-teal-50 text-teal-800 ring-teal-200' },
} as const

export function formatTakenAt(timestamp: string): string {
  const date = new Date(timestamp)
  if (Number.isNaN(date.getTime())) return 'an unknown date'
  return date.toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' })
}

/** One saved profile: who, which assessment, its scores and when; the owner also sees their login. */
export function ProfileCard({ profile }: { profile: AccessibleProfile }) {
  const badge = TYPE_BADGES[profile.assessmentType]
  const measured = measuredDiscScores(profile)
  const style = measured && profile.primaryType ? profile.primaryType : null
  const titleId = `profile-${profile.id}-name`
  return (
    <article
      aria-labelledby={titleId}
      className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <header className="flex flex-col gap-3 border-b border-slate-100 p-6 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2.5">
            <h2 id={titleId} className="text-xl font-semibold break-words text-slate-900">
              {profile.name || `Profile #${profile.id}`}
            </h2>
            <span
              className={`rounded-full px-2.5 py-0.5 text-xs font-semibold tracking-wide ring-1 ${badge.classes}`}
            >
              {badge.label}
            </span>
          </div>
          <p className="mt-1 text-sm text-slate-600">
            Taken on <time dateTime={profile.timestamp}>{formatTakenAt(profile.timestamp)}</time>
          </p>
          {profile.visibleAs === 'administrator' && (
            <p className="mt-1 text-sm text-slate-600">
              {profile.sharedBy?.name || 'Another user'}&apos;s profile
              {profile.sharedBy?.email ? ` (${profile.sharedBy.email})` : ''}, visible to you as an
              administrator
            </p>
          )}
          {profile.accessType === 'shared' && !profile.visibleAs && profile.sharedBy && (
            <p className="mt-1 text-sm text-slate-600">{sharedByText(profile)}</p>
          )}
        </div>
        {style && (
          <p className="shrink-0 rounded-xl bg-slate-50 px-4 py-2 text-sm ring-1 ring-slate-200">
            <span className="block text-slate-600">Primary type</span>
            <span className="block font-semibold text-slate-900">
              {style} · {DISC_STYLE_NAMES[style]}
            </span>
          </p>
        )}
      </header>

      <div className="space-y-6 p-6">
        {profile.assessmentType === 'prevue' ? (
          // The Prevue groups carry their own headings (Abilities, Motivations, Key Personality Dimensions).
          <ProfileScores profile={profile} />
        ) : (
          <section aria-labelledby={`${titleId}-scores`}>
            <h3 id={`${titleId}-scores`} className="text-sm font-semibold text-slate-900">
              DISC scores
            </h3>
            <div className="mt-3">
              <ProfileScores profile={profile} />
            </div>
          </section>
        )}
        {profile.accessType === 'owner' && <OwnerCredentials />}
      </div>

      <footer className="flex flex-wrap items-start justify-end gap-3 border-t border-slate-100 bg-slate-50 px-6 py-4">
        <DownloadReportButton profileId={profile.id} name={profile.name || `Profile #${profile.id}`} />
        <Link to={paths.login} className={buttonClasses('secondary', 'sm')}>
          Log In as {profile.name || `Profile #${profile.id}`}
        </Link>
      </footer>
    </article>
  )
}
