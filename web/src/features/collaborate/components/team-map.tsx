import { DISC_STYLES } from '@app/domain/content/disc-styles'
import { DISC_TYPES } from '@app/domain/disc'
import { useEffect, useId, useState } from 'react'
import { buttonClasses } from '../../../components/ui/button-styles.ts'
import { inputClasses, labelClasses } from '../../../components/ui/form.tsx'
import { useProfileMap } from '../api/get-profile-map.ts'
import { profileLabel, type PickedProfile } from '../picked-profile.ts'
import { densityCells, mapPosition, STYLE_FILLS } from '../team-map-layout.ts'

export type PickTarget = 'A' | 'B'

/** Above this many people the map shows where people cluster (density) instead of relying on dots. */
const DENSITY_FROM = 150
/** Names are written beside the dots only while they stay readable. */
const LABELS_UP_TO = 24
const FILTER_DELAY_MS = 250

const QUADRANTS = [
  { type: 'D', path: 'M0 0 L-1 0 A1 1 0 0 1 0 -1 Z', label: { x: -0.55, y: -0.5 } },
  { type: 'I', path: 'M0 0 L0 -1 A1 1 0 0 1 1 0 Z', label: { x: 0.55, y: -0.5 } },
  { type: 'S', path: 'M0 0 L1 0 A1 1 0 0 1 0 1 Z', label: { x: 0.55, y: 0.62 } },
  { type: 'C', path: 'M0 0 L0 1 A1 1 0 0 1 -1 0 Z', label: { x: -0.55, y: 0.62 } },
] as const

/**
 * The team map beyond the spec: the DISC circle with a dot per person the user may see, placed by their
 * scores and coloured by primary style. A click on a dot picks that person as Profile A or B. The same
 * people are listed in a table, which is how a keyboard or screen-reader user reads and picks them.
 */
export function TeamMap({
  selectedA,
  selectedB,
  target,
  onTargetChange,
  onPick,
}: {
  selectedA: PickedProfile | null
  selectedB: PickedProfile | null
  target: PickTarget
  onTargetChange: (target: PickTarget) => void
  onPick: (profile: PickedProfile, as: PickTarget) => void
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
  const byStyle = DISC_TYPES.map((type) => ({
    type,
    count: people.filter((person) => person.primaryType === type).length,
  }))
  const summary = !data
    ? 'The team map is loading.'
    : `Team map of ${data.total} ${data.total === 1 ? 'person' : 'people'} you can see` +
      (query ? `, ${data.matching} matching "${query}"` : '') +
      `. Shown: ${people.length}; ` +
      byStyle.map(({ type, count }) => `${DISC_STYLES[type].name} ${count}`).join(', ') +
      '.'

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
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
        <svg
          viewBox="-1.2 -1.2 2.4 2.4"
          role="img"
          aria-labelledby={summaryId}
          className="h-auto w-full"
          data-testid="team-map"
        >
          <defs>
            <clipPath id={`${headingId}-circle`}>
              <circle cx="0" cy="0" r="1" />
            </clipPath>
          </defs>
          {QUADRANTS.map((quadrant) => (
            <g key={quadrant.type}>
              <path
                d={quadrant.path}
                fill={STYLE_FILLS[quadrant.type]}
                fillOpacity="0.08"
                stroke="#cbd5e1"
                strokeWidth="0.006"
              />
              <text
                x={quadrant.label.x}
                y={quadrant.label.y}
                textAnchor="middle"
                fontSize="0.22"
                fontWeight="700"
                fill={STYLE_FILLS[quadrant.type]}
                fillOpacity="0.35"
              >
                {quadrant.type}
              </text>
            </g>
          ))}
          <g clipPath={`url(#${headingId}-circle)`}>
            {cells.map((cell, index) => (
              <rect
                key={index}
                x={cell.x}
                y={-cell.y}
                width={cell.size}
                height={cell.size}
                fill="#4338ca"
                fillOpacity={0.06 + 0.4 * cell.share}
              />
            ))}
          </g>
          {people.map((person) => {
            const point = mapPosition(person)
            const pickedAs = person.id === selectedA?.id ? 'A' : person.id === selectedB?.id ? 'B' : null
            return (
              <g
                key={person.id}
                data-profile-id={person.id}
                className="cursor-pointer"
                onClick={() => onPick(person, target)}
              >
                <title>{`${profileLabel(person)}: ${DISC_STYLES[person.primaryType].name}`}</title>
                <circle
                  cx={point.x}
                  cy={-point.y}
                  r={pickedAs ? 0.05 : 0.032}
                  fill={STYLE_FILLS[person.primaryType]}
                  stroke={pickedAs ? '#0f172a' : '#ffffff'}
                  strokeWidth={pickedAs ? 0.018 : 0.008}
                />
                {pickedAs && (
                  <text
                    x={point.x}
                    y={-point.y + 0.018}
                    textAnchor="middle"
                    fontSize="0.05"
                    fontWeight="700"
                    fill="#ffffff"
                    pointerEvents="none"
                  >
                    {pickedAs}
                  </text>
                )}
                {people.length <= LABELS_UP_TO && (
                  <text
                    x={point.x + 0.05}
                    y={-point.y + 0.02}
                    fontSize="0.06"
                    fill="#334155"
                    pointerEvents="none"
                  >
                    {profileLabel(person)}
                  </text>
                )}
              </g>
            )
          })}
        </svg>
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
            {DISC_STYLES[type].name} ({type})
          </li>
        ))}
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
        {showList && (
          <div
            className="mt-3 max-h-96 overflow-auto rounded-lg border border-slate-200"
            tabIndex={0}
            aria-label="People on the map"
          >
            <table className="w-full text-left text-sm">
              <caption className="sr-only">People on the team map, with their scores</caption>
              <thead className="sticky top-0 bg-slate-50 text-xs text-slate-700">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Name
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Primary style
                  </th>
                  <th scope="col" className="px-3 py-2">
                    D
                  </th>
                  <th scope="col" className="px-3 py-2">
                    I
                  </th>
                  <th scope="col" className="px-3 py-2">
                    S
                  </th>
                  <th scope="col" className="px-3 py-2">
                    C
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Pick
                  </th>
                </tr>
              </thead>
              <tbody>
                {people.map((person) => (
                  <tr key={person.id} className="border-t border-slate-100">
                    <th scope="row" className="px-3 py-2 font-medium text-slate-900">
                      {profileLabel(person)}
                    </th>
                    <td className="px-3 py-2">{DISC_STYLES[person.primaryType].name}</td>
                    <td className="px-3 py-2 tabular-nums">{person.dScore}%</td>
                    <td className="px-3 py-2 tabular-nums">{person.iScore}%</td>
                    <td className="px-3 py-2 tabular-nums">{person.sScore}%</td>
                    <td className="px-3 py-2 tabular-nums">{person.cScore}%</td>
                    <td className="px-3 py-2">
                      <div className="flex gap-1">
                        {(['A', 'B'] as const).map((as) => (
                          <button
                            key={as}
                            type="button"
                            onClick={() => onPick(person, as)}
                            aria-label={`Pick ${profileLabel(person)} as Profile ${as}`}
                            className={buttonClasses('ghost', 'sm')}
                          >
                            {as}
                          </button>
                        ))}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {people.length === 0 && <p className="px-3 py-2 text-sm text-slate-600">Nobody matches.</p>}
          </div>
        )}
      </div>
    </section>
  )
}
