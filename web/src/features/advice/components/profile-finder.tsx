import type { AccessibleProfile } from '@app/contracts/profiles'
import { DISC_STYLE_NAMES } from '@app/domain/content/disc-style-names'
import { formatPrevueSummary, measuredDiscScores, prevueScoresOf } from '@app/domain/profile-scores'
import { paths } from '@app/domain/spa-routes'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { AssessmentBadge } from '../../../components/advice/assessment-badge.tsx'
import { ProfileScores } from '../../../components/profile/profile-scores.tsx'
import { buttonClasses } from '../../../components/ui/button-styles.ts'
import { inputClasses, textLinkClasses } from '../../../components/ui/form.tsx'
import { Link } from '../../../components/ui/link.tsx'
import { useToast } from '../../../components/ui/toast.tsx'
import { useSearchProfiles } from '../api/search-profiles.ts'
import { DownloadReportButton } from '../../../components/reports/download-report-button.tsx'

type Found = { match: AccessibleProfile; others: string[] }

/**
 * The 'Find a Profile' card: a name search (Enter or the button), the best match's card and up to 3
 * other matching names. `initialName`, the signed-in user's own name, is searched once on arrival, quietly:
 * a new user without a profile is not greeted by a 'No profile found' toast. `initialProfile`, one chosen
 * elsewhere on the page (a profile shared with the user), is shown found instead, without a search.
 */
export function ProfileFinder({
  initialName,
  initialProfile = null,
  fullProfileLink,
  onProfileChange,
}: {
  initialName: string
  initialProfile?: AccessibleProfile | null
  /** Whether the user may open My Profile: a link that would only bounce them back is not offered. */
  fullProfileLink: boolean
  onProfileChange: (profile: AccessibleProfile | null) => void
}) {
  const inputId = useId()
  const headingId = useId()
  const { toast } = useToast()
  const searchProfiles = useSearchProfiles()
  const [name, setName] = useState(initialProfile?.name || initialName)
  const [found, setFound] = useState<Found | null>(
    initialProfile ? { match: initialProfile, others: [] } : null,
  )
  const [searching, setSearching] = useState(false)
  const latest = useRef(0)
  const reportChange = useRef(onProfileChange)
  reportChange.current = onProfileChange

  async function search(typed: string, quiet = false) {
    const wanted = typed.trim()
    if (wanted === '') {
      toast({
        title: 'Please enter a name',
        description: 'Enter a name to search for a profile',
        variant: 'destructive',
      })
      return
    }
    const attempt = ++latest.current
    setSearching(true)
    try {
      const answer = await searchProfiles(wanted)
      if (attempt !== latest.current) return
      if (answer.match) {
        setFound({ match: answer.match, others: answer.others.slice(0, 3) })
        reportChange.current(answer.match)
      } else {
        setFound(null)
        reportChange.current(null)
        if (!quiet)
          toast({ title: 'No profile found', description: `No profile found with name "${wanted}"` })
      }
    } catch {
      if (attempt !== latest.current) return
      if (!quiet)
        toast({
          title: 'Search error',
          description: 'An error occurred while searching for the profile',
          variant: 'destructive',
        })
    } finally {
      if (attempt === latest.current) setSearching(false)
    }
  }

  const searchedOnArrival = useRef(false)
  useEffect(() => {
    if (searchedOnArrival.current) return
    searchedOnArrival.current = true
    if (initialProfile) reportChange.current(initialProfile)
    else if (initialName.trim() !== '') void search(initialName, true)
    // Once, on arrival, with the name the page was opened with.
  }, [])

  function handleSubmit(event: FormEvent) {
    event.preventDefault()
    void search(name)
  }

  function searchOther(other: string) {
    setName(other)
    void search(other)
  }

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Find a Profile
      </h2>
      <form role="search" aria-label="Profiles" onSubmit={handleSubmit} className="mt-4 flex gap-2">
        <label htmlFor={inputId} className="sr-only">
          Profile name
        </label>
        <input
          id={inputId}
          type="search"
          value={name}
          onChange={(event) => setName(event.target.value)}
          placeholder="Enter a name"
          maxLength={100}
          autoComplete="off"
          className={inputClasses}
        />
        <button type="submit" disabled={searching} className={buttonClasses('primary')}>
          {searching ? 'Searching...' : 'Search'}
        </button>
      </form>

      {found && <FoundProfile profile={found.match} fullProfileLink={fullProfileLink} />}
      {found && found.others.length > 0 && (
        <div className="mt-5">
          <h3 className="text-sm font-semibold text-slate-900">Other matches</h3>
          <ul className="mt-2 flex flex-wrap gap-2">
            {found.others.map((other) => (
              <li key={other}>
                <button
                  type="button"
                  onClick={() => searchOther(other)}
                  className={buttonClasses('secondary', 'sm')}
                >
                  {other}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  )
}

function FoundProfile({
  profile,
  fullProfileLink,
}: {
  profile: AccessibleProfile
  fullProfileLink: boolean
}) {
  const titleId = useId()
  const name = profile.name || `Profile #${profile.id}`
  const measured = measuredDiscScores(profile)
  const style = measured && profile.primaryType ? profile.primaryType : null
  const prevue = prevueScoresOf(profile)
  return (
    <article aria-labelledby={titleId} className="mt-5 rounded-xl border border-slate-200 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={titleId} className="min-w-0 text-base font-semibold break-words text-slate-900">
          {name}
        </h3>
        <AssessmentBadge type={profile.assessmentType} />
      </div>
      {style && (
        <p className="mt-1 text-sm text-slate-600">
          Primary type:{' '}
          <span className="font-semibold text-slate-900">
            {style} · {DISC_STYLE_NAMES[style]}
          </span>
        </p>
      )}
      {prevue && <p className="mt-1 text-sm text-slate-600">{formatPrevueSummary(prevue)}</p>}
      <div className="mt-4">
        <ProfileScores profile={profile} />
      </div>
      <div className="mt-4">
        <DownloadReportButton profileId={profile.id} name={name} />
      </div>
      {fullProfileLink && (
        <p className="mt-4 text-sm">
          <Link to={paths.history} className={textLinkClasses}>
            View full profile
          </Link>
        </p>
      )}
    </article>
  )
}
