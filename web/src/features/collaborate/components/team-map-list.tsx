import { DISC_STYLE_NAMES } from '@app/domain/content/disc-style-names'
import { DISC_TYPES } from '@app/domain/disc'
import {
  formatDiscScore,
  formatPrevueSummary,
  measuredDiscScores,
  prevueScoresOf,
} from '@app/domain/profile-scores'
import { buttonClasses } from '../../../components/ui/button-styles.ts'
import { profileLabel, type PickedProfile } from '../picked-profile.ts'
import { mapPosition } from '../../../lib/team-map-layout.ts'

const cell = 'px-2 py-2 align-top'

/**
 * The people of the map as a table, each with buttons to pick them as Profile A or B. A DISC person shows the
 * four measured scores; a Prevue person their own result in a line, and the style the map derived for them,
 * named so. Narrow columns and wrapping names keep every column in view in the map's half of a wide page.
 */
export function TeamMapList({
  people,
  onPick,
}: {
  people: readonly PickedProfile[]
  onPick: (profile: PickedProfile, as: 'A' | 'B') => void
}) {
  return (
    <div
      className="mt-3 max-h-96 overflow-auto rounded-lg border border-slate-200"
      tabIndex={0}
      aria-label="People on the map"
      data-testid="team-map-list"
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">People on the team map, with their scores</caption>
        <thead className="sticky top-0 bg-slate-50 text-xs text-slate-700">
          <tr>
            <th scope="col" className={cell}>
              Name
            </th>
            <th scope="col" className={cell}>
              Primary style
            </th>
            {DISC_TYPES.map((type) => (
              <th key={type} scope="col" className={`${cell} text-right`}>
                {type}
              </th>
            ))}
            <th scope="col" className={cell}>
              Pick
            </th>
          </tr>
        </thead>
        <tbody>
          {people.map((person) => (
            <PersonRow key={person.id} person={person} onPick={onPick} />
          ))}
        </tbody>
      </table>
      {people.length === 0 && <p className="px-3 py-2 text-sm text-slate-600">Nobody matches.</p>}
    </div>
  )
}

function PersonRow({
  person,
  onPick,
}: {
  person: PickedProfile
  onPick: (profile: PickedProfile, as: 'A' | 'B') => void
}) {
  const measured = measuredDiscScores(person)
  const prevue = prevueScoresOf(person)
  const position = mapPosition(person)
  const style = position
    ? `${DISC_STYLE_NAMES[position.primaryType]}${position.derived ? ' (derived from Prevue)' : ''}`
    : 'None'
  return (
    <tr className="border-t border-slate-100">
      <th scope="row" className={`${cell} font-medium break-words text-slate-900`}>
        {profileLabel(person)}
      </th>
      <td className={cell}>{style}</td>
      {measured ? (
        DISC_TYPES.map((type) => (
          <td key={type} className={`${cell} text-right whitespace-nowrap tabular-nums`}>
            {formatDiscScore(measured[type])}
          </td>
        ))
      ) : (
        <td colSpan={4} className={`${cell} text-slate-700`}>
          {prevue ? `Prevue: ${formatPrevueSummary(prevue)}` : 'No result recorded'}
        </td>
      )}
      <td className={cell}>
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
  )
}
