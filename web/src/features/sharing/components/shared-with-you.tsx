import type { AccessibleProfile } from '@app/contracts/profiles'
import { useId } from 'react'
import { AssessmentBadge } from '../../../components/advice/assessment-badge.tsx'
import { buttonClasses } from '../../../components/ui/button-styles.ts'
import { LoadError } from '../../../components/ui/load-error.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { useSharedProfiles } from '../api/get-shared-profiles.ts'
import { sharedByText } from '../../../lib/shared-by.ts'

export const NOTHING_SHARED_TEXT =
  'Nothing is shared with you at the moment. When someone shares their profile with you, it appears here.'

/** Said by every list of the profiles shared with the user when it could not be read. */
export const LOAD_FAILED_TEXT =
  'We could not load the profiles shared with you. Please try again in a moment.'

/**
 * The home of what others shared with the signed-in user (docs/decisions/027-guests-have-a-home.md): each
 * profile with its owner's name, who shared it (and via whom, for a forward) and a button to ask about it.
 * Guests always see it, with a note when the list is empty; others only when something is shared.
 */
export function SharedWithYou({
  alwaysShown,
  selectedId,
  onAsk,
}: {
  alwaysShown: boolean
  selectedId: number | null
  onAsk: (profile: AccessibleProfile) => void
}) {
  const headingId = useId()
  // The page waiting for a grant just accepted reads the list again; this view shows what it reads.
  const profiles = useSharedProfiles({ enabled: true })
  if (!alwaysShown && !(profiles.data && profiles.data.length > 0)) return null
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Shared with you
      </h2>
      {profiles.isPending ? (
        <Spinner label="Loading the profiles shared with you" />
      ) : profiles.isError ? (
        <LoadError
          message={LOAD_FAILED_TEXT}
          onRetry={() => void profiles.refetch()}
          retrying={profiles.isFetching}
        />
      ) : profiles.data.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{NOTHING_SHARED_TEXT}</p>
      ) : (
        <ul aria-labelledby={headingId} className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {profiles.data.map((profile) => (
            <SharedProfileItem
              key={profile.id}
              profile={profile}
              selected={profile.id === selectedId}
              onAsk={() => onAsk(profile)}
            />
          ))}
        </ul>
      )}
    </section>
  )
}

function SharedProfileItem({
  profile,
  selected,
  onAsk,
}: {
  profile: AccessibleProfile
  selected: boolean
  onAsk: () => void
}) {
  const name = profile.name || `Profile #${profile.id}`
  const sharer = sharedByText(profile)
  return (
    <li
      className={`flex min-w-0 flex-col gap-3 rounded-xl border p-4 ${
        selected ? 'border-indigo-600 bg-indigo-50' : 'border-slate-200'
      }`}
    >
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="min-w-0 text-base font-semibold break-words text-slate-900">{name}</h3>
          <AssessmentBadge type={profile.assessmentType} />
        </div>
        {sharer && <p className="mt-1 text-sm break-words text-slate-600">{sharer}</p>}
      </div>
      <div className="mt-auto">
        {selected ? (
          <p className="text-sm font-medium text-indigo-900">Selected: ask your questions in the assistant</p>
        ) : (
          <button type="button" onClick={onAsk} className={buttonClasses('primary', 'sm')}>
            Ask about {name}
          </button>
        )}
      </div>
    </li>
  )
}
