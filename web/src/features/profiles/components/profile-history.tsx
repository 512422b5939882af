import type { AccessibleProfile } from '@app/contracts/profiles'
import { paths } from '@app/domain/spa-routes'
import { useState, type ReactNode } from 'react'
import { buttonClasses } from '../../../components/ui/button-styles.ts'
import { labelClasses, inputClasses } from '../../../components/ui/form.tsx'
import { Link } from '../../../components/ui/link.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { useAccessibleProfiles } from '../../../lib/get-accessible-profiles.ts'
import { formatTakenAt, ProfileCard } from './profile-card.tsx'

export const EMPTY_HISTORY_TEXT = 'No assessment history found. Take an assessment to see your results here.'

function optionLabel(profile: AccessibleProfile): string {
  const name = profile.name || `Profile #${profile.id}`
  const shared = profile.accessType === 'shared' ? ' (Shared with you)' : ''
  return `${name} · ${profile.assessmentType.toUpperCase()} · ${formatTakenAt(profile.timestamp)}${shared}`
}

/** The user's own newest profile first, else the newest they may see (the list comes newest first). */
function defaultProfile(profiles: readonly AccessibleProfile[]): AccessibleProfile | undefined {
  return profiles.find((profile) => profile.accessType === 'owner') ?? profiles[0]
}

/**
 * The body of My Profile: loading, empty, or a selector (for more than one profile) and the chosen card.
 * `empty` replaces the empty state for a user who cannot take an assessment (a guest).
 */
export function ProfileHistory({ empty }: { empty?: ReactNode } = {}) {
  const profiles = useAccessibleProfiles()
  const [selectedId, setSelectedId] = useState<number | null>(null)

  if (profiles.isPending) return <Spinner label="Loading profiles" showLabel />
  if (profiles.isError) {
    return (
      <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center">
        <p className="text-sm font-semibold text-red-900">We could not load your profiles.</p>
        <p className="mt-1 text-sm text-red-800">Please try again in a moment.</p>
        <button
          type="button"
          onClick={() => void profiles.refetch()}
          disabled={profiles.isFetching}
          className={`mt-4 ${buttonClasses('secondary')}`}
        >
          {profiles.isFetching ? 'Trying again...' : 'Try again'}
        </button>
      </div>
    )
  }
  if (profiles.data.length === 0) return empty ?? <EmptyHistory />

  const selected =
    profiles.data.find((profile) => profile.id === selectedId) ?? defaultProfile(profiles.data)!
  return (
    <div className="space-y-6">
      {profiles.data.length > 1 && (
        <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex sm:items-center sm:gap-4 sm:p-5">
          <label htmlFor="profile-select" className={`${labelClasses} shrink-0`}>
            Select a profile
          </label>
          {/* Our own chevron, with room kept for it, so a long name is cut off before it, never under it. */}
          <div className="relative mt-1.5 min-w-0 sm:mt-0 sm:flex-1">
            <select
              id="profile-select"
              value={selected.id}
              onChange={(event) => setSelectedId(Number(event.target.value))}
              className={`${inputClasses} appearance-none truncate pr-10`}
            >
              {profiles.data.map((profile) => (
                <option key={profile.id} value={profile.id}>
                  {optionLabel(profile)}
                </option>
              ))}
            </select>
            <svg
              aria-hidden="true"
              data-chevron=""
              viewBox="0 0 20 20"
              fill="currentColor"
              className="pointer-events-none absolute top-1/2 right-3 size-5 -translate-y-1/2 text-slate-500"
            >
              <path
                fillRule="evenodd"
                d="M5.22 8.22a.75.75 0 0 1 1.06 0L10 11.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 9.28a.75.75 0 0 1 0-1.06Z"
                clipRule="evenodd"
              />
            </svg>
          </div>
          <p className="mt-2 shrink-0 text-xs text-slate-600 sm:mt-0">{profiles.data.length} profiles</p>
        </div>
      )}
      <ProfileCard key={selected.id} profile={selected} />
    </div>
  )
}

function EmptyHistory() {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
      <span
        aria-hidden="true"
        className="mx-auto flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600"
      >
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" className="size-6">
          <path
            strokeLinecap="round"
            strokeLinejoin="round"
            d="M9 12h6M9 16h6M7 3h7l5 5v11a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2Z"
          />
        </svg>
      </span>
      <p className="mx-auto mt-4 max-w-sm text-sm text-slate-700">{EMPTY_HISTORY_TEXT}</p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to={paths.assessment} className={buttonClasses('primary')}>
          Start an Assessment
        </Link>
        <Link to={paths.scores} className={buttonClasses('secondary')}>
          Enter DISC Scores
        </Link>
      </div>
    </div>
  )
}
