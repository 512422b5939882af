import { readTeam } from '@app/domain/team-blind-spots'
import { TEAM_MAX_MEMBERS } from '@app/domain/team-size'
import { useId } from 'react'
import { DownloadButton } from '../../../components/reports/download-report-button.tsx'
import { downloadTeamReport } from '../../../components/reports/download-profile-report.ts'
import type { PickedProfile } from '../picked-profile.ts'
import { mapPosition } from '../team-map-layout.ts'

/**
 * The blind spots of the people the team map shows (issue 28): the rules of packages/domain, the same as the
 * team report, which owners and administrators download beside them for the same people.
 */
export function TeamBlindSpots({
  people,
  filter,
  mayDownload,
}: {
  people: readonly PickedProfile[]
  filter: string
  mayDownload: boolean
}) {
  const headingId = useId()
  const placed = people.flatMap((person) => {
    const position = mapPosition(person)
    return position ? [{ primaryType: position.primaryType }] : []
  })
  const reading = readTeam(placed)
  const name = filter ? `People matching "${filter}"` : 'Everyone on the team map'
  return (
    <section aria-labelledby={headingId} className="mt-6 border-t border-slate-100 pt-4">
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        Blind spots of the people shown
      </h3>
      {reading.size === 0 ? (
        <p className="mt-1 text-sm text-slate-600">No one shown has a result to read yet.</p>
      ) : (
        <ul className="mt-2 space-y-3 text-sm">
          {reading.blindSpots.map((spot) => (
            <li key={`${spot.kind}-${spot.styles.join('')}`}>
              <p className="font-medium text-slate-900">{spot.text}</p>
              <ul className="mt-1 list-disc pl-5 text-slate-700">
                {spot.actions.map((action) => (
                  <li key={action}>{action}</li>
                ))}
              </ul>
            </li>
          ))}
          {reading.blindSpots.length === 0 && (
            <li className="text-slate-700">Every style is present, and none outweighs the others.</li>
          )}
        </ul>
      )}
      {mayDownload && people.length > 0 && (
        <div className="mt-4">
          {people.length > TEAM_MAX_MEMBERS ? (
            <p className="text-sm text-slate-600">
              A team report covers at most {TEAM_MAX_MEMBERS} people: filter the map to download one.
            </p>
          ) : (
            <DownloadButton
              label="Download team report"
              accessibleName="Download team report"
              busyText="Preparing the team report"
              download={() =>
                downloadTeamReport(
                  people.map((person) => person.id),
                  name,
                )
              }
            />
          )}
        </div>
      )}
    </section>
  )
}
