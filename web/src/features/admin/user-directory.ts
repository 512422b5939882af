import type { AdminUser } from '@app/contracts/auth'
import type { AccessibleProfile } from '@app/contracts/profiles'
import { ROLES, type Role } from '@app/domain/roles'
import { displayName } from '../../lib/display-name.ts'

export type RoleFilter = 'all' | Role

/** The role filter buttons in the spec's order, All Users first (the default). */
export const ROLE_FILTERS: ReadonlyArray<{ value: RoleFilter; label: string }> = [
  { value: 'all', label: 'All Users' },
  { value: 'administrator', label: 'Administrator' },
  { value: 'standard', label: 'Standard' },
  { value: 'guest_owner', label: 'Guest Owner' },
  { value: 'guest_standard', label: 'Guest Standard' },
]

export const ROLE_LABELS: Record<Role, string> = {
  administrator: 'Administrator',
  standard: 'Standard',
  guest_owner: 'Guest Owner',
  guest_standard: 'Guest Standard',
}

/** Who invited a guest, as 'name (e-mail)', or null for a user nobody invited. */
export function inviterOf(user: Pick<AdminUser, 'invitedBy' | 'invitedByEmail'>): string | null {
  const name = user.invitedBy?.trim()
  const email = user.invitedByEmail?.trim()
  if (name && email) return `${name} (${email})`
  return name || email || null
}

/** One user of the list: what it shows, and the lower-case text the search runs over, built once. */
export type DirectoryEntry = {
  user: AdminUser
  name: string
  /** The profile that stands for the user: shown with the same numbers as every other screen. */
  profile: AccessibleProfile | null
  searchText: string
}

/**
 * Joins users with their newest profile by user id (a DISC profile before a Prevue one) and prepares
 * each for the search: name, e-mail, username, first and last name, and the inviter's name and e-mail.
 */
export function buildDirectory(
  users: readonly AdminUser[],
  profiles: readonly AccessibleProfile[],
): DirectoryEntry[] {
  const newest = new Map<number, AccessibleProfile>()
  for (const profile of profiles) {
    const current = newest.get(profile.userId)
    if (current === undefined || ranks(profile, current)) newest.set(profile.userId, profile)
  }
  return users.map((user) => {
    const profile = newest.get(user.id)
    const name = displayName(user)
    const searchable = [
      name,
      user.name,
      user.email,
      user.username,
      user.firstName,
      user.lastName,
      user.invitedBy,
      user.invitedByEmail,
    ]
    return {
      user,
      name,
      profile: profile ?? null,
      searchText: searchable.filter(Boolean).join('\n').toLowerCase(),
    }
  })
}

/** Whether `candidate` should stand for its owner rather than `current`: DISC first, then the newer. */
function ranks(candidate: AccessibleProfile, current: AccessibleProfile): boolean {
  const candidateDisc = candidate.assessmentType === 'disc'
  const currentDisc = current.assessmentType === 'disc'
  if (candidateDisc !== currentDisc) return candidateDisc
  return candidate.timestamp > current.timestamp
}

/** The users matching the search (any part of the searchable fields, any case) and the role filter. */
export function filterDirectory(
  entries: readonly DirectoryEntry[],
  search: string,
  role: RoleFilter,
): DirectoryEntry[] {
  const needle = search.trim().toLowerCase()
  return entries.filter(
    (entry) =>
      (role === 'all' || entry.user.role === role) && (needle === '' || entry.searchText.includes(needle)),
  )
}

export function countByRole(users: readonly AdminUser[]): Record<Role, number> {
  const counts = Object.fromEntries(ROLES.map((role) => [role, 0])) as Record<Role, number>
  for (const user of users) counts[user.role] += 1
  return counts
}
