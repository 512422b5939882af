import { TEAM_MAX_MEMBERS } from '@app/domain/team-size'
import { useId } from 'react'
import { BlindSpotList } from '../../../components/team/blind-spot-list.tsx'
import { readPeople } from '../../../components/team/team-reading.ts'
import { DownloadButton } from '../../../components/reports/download-report-button.tsx'
import { downloadTeamReport } from '../../../components/reports/download-profile-report.ts'
import type { PickedProfile } from '../picked-profile.ts'

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
  const reading = readPeople(people)
  const name = filter ? `People matching "${filter}"` : 'Everyone on the team map'
  return (
    <section aria-labelledby={headingId} className="mt-6 border-t border-slate-100 pt-4">
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        Blind spots of the people shown
      </h3>
      {reading.size === 0 ? (
        <p className="mt-1 text-sm text-slate-600">No one shown has a result to read yet.</p>
      ) : (
        <BlindSpotList reading={reading} />
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
