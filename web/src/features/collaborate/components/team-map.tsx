import { DISC_STYLE_NAMES } from '@app/domain/content/disc-style-names'
import { DISC_TYPES } from '@app/domain/disc'
import { paths } from '@app/domain/spa-routes'
import { useEffect, useId, useState } from 'react'
import { buttonClasses } from '../../../components/ui/button-styles.ts'
import { inputClasses, labelClasses, textLinkClasses } from '../../../components/ui/form.tsx'
import { Link } from '../../../components/ui/link.tsx'
import { useProfileMap } from '../api/get-profile-map.ts'
import type { PickedProfile } from '../picked-profile.ts'
import { densityCells, mapPosition, STYLE_FILLS } from '../../../lib/team-map-layout.ts'
import { TeamMapCanvas } from './team-map-canvas.tsx'
import { TeamMapList } from './team-map-list.tsx'
import { LaterTeamBlindSpots } from './later-team-blind-spots.tsx'

export type PickTarget = 'A' | 'B'

/** Above this many people the map shows where people cluster (density) instead of relying on dots. */
const DENSITY_FROM = 150
const FILTER_DELAY_MS = 250

/**
 * The team map beyond the spec: the DISC circle with a dot per person the user may see, placed by their
 * scores (a Prevue person by the reading derived from the result, drawn as a ring) and coloured by primary
 * style. A click, or Enter on the focused dot, picks that person as Profile A or B. The same people are
 * listed in a table.
 */
export function TeamMap({
  selectedA,
  selectedB,
  target,
  onTargetChange,
  onPick,
  mayReportTeam = false,
}: {
  selectedA: PickedProfile | null
  selectedB: PickedProfile | null
  target: PickTarget
  onTargetChange: (target: PickTarget) => void
  onPick: (profile: PickedProfile, as: PickTarget) => void
  /** Whether the caller may download a team report (administrators and owners). */
  mayReportTeam?: boolean
}) {
  const headingId = useId()
  const filterId = useId()
  const summaryId = useId()
  const targetLabelId = useId()
  const [filter, setFilter] = useState('')
  const [query, setQuery] = useState('')
  const [showList, setShowList] = useState(false)
  const map = useProfileMap(query)

  useEffect(() => {
    const timer = setTimeout(() => setQuery(filter.trim()), FILTER_DELAY_MS)
    return () => clearTimeout(timer)
  }, [filter])

  const data = map.data
  const people = data?.people ?? []
  const drawDensity = data ? data.total > DENSITY_FROM || data.total > people.length : false
  const cells = data && drawDensity ? densityCells(data.density) : []
  const summary = data ? mapSummary(data.total, data.matching, query, people) : 'The team map is loading.'

  return (
    <section
      aria-labelledby={headingId}
      // min-w-0: as a grid item it would otherwise grow to the list's width and widen a phone's page.
      className="min-w-0 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Team Map
      </h2>
      <p id={summaryId} className="mt-1 text-sm text-slate-600">
        {summary}
      </p>

      <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="sm:w-64">
          <label htmlFor={filterId} className={labelClasses}>
            Filter people by name
          </label>
          <input
            id={filterId}
            type="search"
            value={filter}
            maxLength={100}
            onChange={(event) => setFilter(event.target.value)}
            className={`mt-1.5 ${inputClasses}`}
          />
        </div>
        <div>
          <span id={targetLabelId} className="block text-sm font-medium text-slate-800">
            Picking a person sets
          </span>
          <div
            role="group"
            aria-labelledby={targetLabelId}
            className="mt-1.5 inline-flex rounded-lg bg-slate-100 p-1"
          >
            {(['A', 'B'] as const).map((option) => (
              <button
                key={option}
                type="button"
                aria-pressed={target === option}
                onClick={() => onTargetChange(option)}
                className={`rounded-md px-3 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ${
                  target === option ? 'bg-white text-indigo-700 shadow-sm' : 'text-slate-700'
                }`}
              >
                Profile {option}
              </button>
            ))}
          </div>
        </div>
      </div>

      {map.isError && (
        <p role="alert" className="mt-4 text-sm text-red-800">
          The team map could not be loaded.
        </p>
      )}

      <div className="mx-auto mt-4 w-full max-w-md">
        <TeamMapCanvas
          people={people}
          selectedA={selectedA}
          selectedB={selectedB}
          target={target}
          onPick={onPick}
          labelledBy={summaryId}
          clipId={`${headingId}-circle`}
          cells={cells}
        />
      </div>

      <ul
        aria-label="Colours"
        className="mt-3 flex flex-wrap justify-center gap-x-4 gap-y-1 text-xs text-slate-700"
      >
        {DISC_TYPES.map((type) => (
          <li key={type} className="flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className="size-2.5 rounded-full"
              style={{ backgroundColor: STYLE_FILLS[type] }}
            />
            {DISC_STYLE_NAMES[type]} ({type})
          </li>
        ))}
        <li className="flex items-center gap-1.5">
          <span aria-hidden="true" className="size-2.5 rounded-full border-2 border-slate-500 bg-white" />
          Ring: DISC style derived from a Prevue result
        </li>
        {drawDensity && (
          <li className="flex items-center gap-1.5">
            <span aria-hidden="true" className="size-2.5 rounded-sm bg-indigo-700/40" />
            Shaded: where everyone you can see clusters
          </li>
        )}
      </ul>

      <div className="mt-4">
        <button
          type="button"
          aria-expanded={showList}
          onClick={() => setShowList((shown) => !shown)}
          className={buttonClasses('secondary', 'sm')}
        >
          {showList ? 'Hide the list of people' : 'Show the list of people'}
        </button>
        {showList && <TeamMapList people={people} onPick={onPick} />}
      </div>
      {data && <LaterTeamBlindSpots people={people} filter={query} mayDownload={mayReportTeam} />}
      {/* The header's buttons are the spec's; saved teams are reached from here (docs/decisions/058-saved-teams.md). */}
      {mayReportTeam && (
        <p className="mt-4 text-sm text-slate-600">
          To keep a team of people you choose, with its map, blind spots and report, go to{' '}
          <Link to={paths.teams} className={textLinkClasses}>
            Teams
          </Link>
          .
        </p>
      )}
    </section>
  )
}

/** What the map shows, in words: how many people, and how many of each style (derived ones counted apart). */
function mapSummary(
  total: number,
  matching: number,
  query: string,
  people: readonly PickedProfile[],
): string {
  const counts = DISC_TYPES.map((type) => ({ type, measured: 0, derived: 0 }))
  let unplaced = 0
  for (const person of people) {
    const position = mapPosition(person)
    if (!position) unplaced += 1
    else counts[DISC_TYPES.indexOf(position.primaryType)]![position.derived ? 'derived' : 'measured'] += 1
  }
  const styles = counts.map(
    ({ type, measured, derived }) =>
      `${DISC_STYLE_NAMES[type]} ${measured + derived}` +
      (derived > 0 ? ` (${derived} derived from Prevue)` : ''),
  )
  return (
    `Team map of ${total} ${total === 1 ? 'person' : 'people'} you can see` +
    (query ? `, ${matching} matching "${query}"` : '') +
    `. Shown: ${people.length}; ${styles.join(', ')}` +
    (unplaced > 0 ? `; not on the circle (no result): ${unplaced}` : '') +
    '.'
  )
}
