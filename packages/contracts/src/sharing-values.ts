import type { GuestRole } from '@app/domain/roles'

/**
 * Sharing's plain values, apart from its schemas so that a page can read them without zod
 * (docs/decisions/065-first-pages-without-zod.md). sharing.ts re-exports them.
 */
export const DEFAULT_INVITEE_ROLE: GuestRole = 'guest_standard'

/** The spec's validation texts (section 5) and the invitation page's fallback (section 8). */
export const SHARING_MESSAGES = {
  missingInformation: 'Missing information',
  invalidEmail: 'Invalid email',
  invalidInvitation: 'The invitation link is invalid or has expired.',
  invitationNotFound: 'Could not find the invitation for this profile',
  noProfileToShare:
    'You have no profile to share yet. Take an assessment or enter your DISC scores first, then invite others to see it.',
  acceptWithPost: 'Accept an invitation with POST /api/invitations/accept/{token}; GET never changes state.',
} as const
