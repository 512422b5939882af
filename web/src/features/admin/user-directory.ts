import type { AdminUser } from '@app/contracts/auth'
import type { AccessibleProfile } from '@app/contracts/profiles'
import { DISC_TYPES, type DiscType } from '@app/domain/disc'
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

export function isGuest(role: Role): boolean {
  return role === 'guest_owner' || role === 'guest_standard'
}

/** Who invited a guest, as 'name (e-mail)', or null for a user nobody invited. */
export function inviterOf(user: Pick<AdminUser, 'invitedBy' | 'invitedByEmail'>): string | null {
  const name = user.invitedBy?.trim()
  const email = user.invitedByEmail?.trim()
  if (name && email) return `${name} (${email})`
  return name || email || null
}

/** A user's DISC profile as the list and the detail panel show it: each score's share in percent. */
export type DiscSummary = { percentages: Record<DiscType, number>; primaryType: DiscType }

type DiscScored = Pick<AccessibleProfile, 'dScore' | 'iScore' | 'sScore' | 'cScore' | 'primaryType'>

export function discSummary(profile: DiscScored): DiscSummary {
  const scores: Record<DiscType, number> = {
    D: profile.dScore,
    I: profile.iScore,
    S: profile.sScore,
    C: profile.cScore,
  }
  const total = DISC_TYPES.reduce((sum, type) => sum + Math.max(0, scores[type]), 0)
  const percentages = { D: 0, I: 0, S: 0, C: 0 }
  if (total > 0) {
    for (const type of DISC_TYPES) percentages[type] = Math.round((Math.max(0, scores[type]) / total) * 100)
  }
  return { percentages, primaryType: profile.primaryType }
}

export function formatDiscSummary(summary: DiscSummary): string {
  const parts = DISC_TYPES.map((type) => `${type} ${summary.percentages[type]}%`)
  return `${parts.join(' · ')} — Primary: ${summary.primaryType}`
}

/** One user of the list: what it shows, and the lower-case text the search runs over, built once. */
export type DirectoryEntry = {
  user: AdminUser
  name: string
  disc: DiscSummary | null
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
      disc: profile ? discSummary(profile) : null,
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
