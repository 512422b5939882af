import { DISC_STYLES } from '@app/domain/content/disc-styles'
import { DISC_TYPES } from '@app/domain/disc'
import { useId } from 'react'
import { BlindSpotList } from '../../../components/team/blind-spot-list.tsx'
import { readPeople } from '../../../components/team/team-reading.ts'
import { STYLE_FILLS } from '../../../lib/team-map-layout.ts'
import type { TeamMember } from '../team-member.ts'
import { compositionText, TeamPicture } from './team-picture.tsx'

/**
 * What a team is made of and what it lacks: how many lead with each style, the team map as a picture, and
 * the blind spots of packages/domain with what to do, the same words as the team report.
 */
export function TeamReadingView({ members }: { members: readonly TeamMember[] }) {
  const compositionId = useId()
  const spotsId = useId()
  const reading = readPeople(members)
  const unplaced = members.length - reading.size
  return (
    <div className="mt-6 grid gap-6 md:grid-cols-2">
      <section aria-labelledby={compositionId} className="min-w-0">
        <h3 id={compositionId} className="text-base font-semibold text-slate-900">
          Composition by primary style
        </h3>
        <dl className="mt-2 space-y-1.5 text-sm">
          {DISC_TYPES.map((type) => (
            <div key={type} className="flex items-center gap-2">
              <dt className="w-40 text-slate-700">
                {DISC_STYLES[type].name} ({type})
              </dt>
              <dd className="flex flex-1 items-center gap-2">
                <span className="h-2 flex-1 rounded-full bg-slate-100" aria-hidden="true">
                  <span
                    className="block h-2 rounded-full"
                    style={{
                      width: `${reading.size ? (100 * reading.composition[type]) / reading.size : 0}%`,
                      backgroundColor: STYLE_FILLS[type],
                    }}
                  />
                </span>
                <span className="w-8 text-right font-medium text-slate-900">{reading.composition[type]}</span>
              </dd>
            </div>
          ))}
        </dl>
        {unplaced > 0 && (
          <p className="mt-2 text-sm text-slate-600">{unplaced} without a result, not counted.</p>
        )}
        <div className="mx-auto mt-4 max-w-xs">
          <TeamPicture
            members={members}
            label={`Team map: ${reading.size} ${reading.size === 1 ? 'person' : 'people'} on the DISC circle; ${compositionText(reading.composition)}.`}
          />
        </div>
      </section>
      <section aria-labelledby={spotsId} className="min-w-0">
        <h3 id={spotsId} className="text-base font-semibold text-slate-900">
          Blind spots
        </h3>
        {reading.size === 0 ? (
          <p className="mt-1 text-sm text-slate-600">No one in the team has a result to read yet.</p>
        ) : (
          <BlindSpotList reading={reading} />
        )}
      </section>
    </div>
  )
}
