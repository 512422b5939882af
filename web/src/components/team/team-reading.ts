import type { ProfileResult } from '@app/domain/profile-scores'
import { readTeam, type TeamReading } from '@app/domain/team-blind-spots'
import { mapPosition } from '../../lib/team-map-layout.ts'

/** A team read from its people: each counted by the style they lead with (derived for a Prevue result). */
export function readPeople(people: readonly ProfileResult[]): TeamReading {
  return readTeam(
    people.flatMap((person) => {
      const position = mapPosition(person)
      return position ? [{ primaryType: position.primaryType }] : []
    }),
  )
}
