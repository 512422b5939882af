import type { AccessibleProfile } from '@app/contracts/profiles'

/** A person of a team: a profile the caller may see, from the people search or a saved team. */
export type TeamMember = AccessibleProfile

export function memberName(member: Pick<TeamMember, 'id' | 'name'>): string {
  return member.name || `Assessment ${member.id}`
}
