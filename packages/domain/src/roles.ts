/**
 * The four roles and what each may do, in one place: the API catalog, the gateway's guards, the services
 * and the pages read these (docs/requirements.md section 6).
 */
export const ROLES = ['administrator', 'standard', 'guest_owner', 'guest_standard'] as const
export type Role = (typeof ROLES)[number]

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value)
}

/**
 * Guests: accounts made by accepting an invitation. They own no profile and see what was shared with them;
 * guest_owner may also pass it on, guest_standard only views it.
 */
export const GUEST_ROLES = ['guest_standard', 'guest_owner'] as const
export type GuestRole = (typeof GUEST_ROLES)[number]

export function isGuest(role: Role): role is GuestRole {
  return (GUEST_ROLES as readonly Role[]).includes(role)
}

/** Who saves profiles of their own: assessments, score entry. */
export const SAVING_ROLES = ['administrator', 'standard'] as const

/**
 * Who may send invitations: owners of profiles, and guest owners forwarding what was shared with them. A
 * guest_standard cannot: the page shows them 'Limited Access'. (Who may forward one particular profile is a
 * right of the grant, not of the role: docs/decisions/027-guests-have-a-home.md.)
 */
export const INVITING_ROLES = ['administrator', 'standard', 'guest_owner'] as const

export function canInvite(role: Role): boolean {
  return (INVITING_ROLES as readonly Role[]).includes(role)
}
