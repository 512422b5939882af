import type { AccessibleProfile } from '@app/contracts/profiles'

/**
 * Who shared a profile, as one sentence: the owner (or whoever invited the caller), and on a forward the
 * guest owner it came through ("Shared by Alice Sharer via Bob Guest").
 */
export function sharedByText(profile: Pick<AccessibleProfile, 'sharedBy' | 'sharedVia'>): string | null {
  if (!profile.sharedBy) return null
  const by = personText(profile.sharedBy)
  return profile.sharedVia ? `Shared by ${by} via ${personText(profile.sharedVia)}` : `Shared by ${by}`
}

function personText(person: { name: string; email: string }): string {
  const name = person.name.trim()
  if (!person.email) return name || 'someone'
  return name ? `${name} (${person.email})` : person.email
}
