import type { ProfileMapResponse } from '@app/contracts/profiles'

/** What Collaborate shows of a chosen profile; both the pickers' and the map's answers carry it. */
export type PickedProfile = ProfileMapResponse['people'][number]

export function profileLabel(profile: Pick<PickedProfile, 'id' | 'name'>): string {
  return profile.name || `Assessment ${profile.id}`
}
