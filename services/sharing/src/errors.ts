import { AppError } from '@app/kit/errors'
import { SHARING_MESSAGES } from '@app/contracts/sharing'
import { MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT } from '@app/domain/passwords'

/** The sharing service's error catalogue: `SHARING_<REASON>`; validation failures are SHARING_INVALID_INPUT. */
export const sharingErrors = {
  missingInformation: () =>
    new AppError(400, 'SHARING_MISSING_INFORMATION', SHARING_MESSAGES.missingInformation),
  invalidEmail: () => new AppError(400, 'SHARING_INVALID_EMAIL', SHARING_MESSAGES.invalidEmail),
  /** Expired, revoked, already used or unknown: one answer for every cause. */
  invalidInvitation: () =>
    new AppError(404, 'SHARING_INVITATION_INVALID', SHARING_MESSAGES.invalidInvitation),
  /** Missing, or not the caller's to revoke: one answer, so ids cannot be probed. */
  invitationNotFound: () =>
    new AppError(404, 'SHARING_INVITATION_NOT_FOUND', SHARING_MESSAGES.invitationNotFound),
  guestOwnerMustForward: () =>
    new AppError(
      403,
      'SHARING_FORWARD_ONLY',
      'Guest owners share by forwarding a profile shared with them: choose one under Authorised Profiles',
    ),
  onlyGuestOwnersForward: () =>
    new AppError(
      403,
      'SHARING_FORWARD_FORBIDDEN',
      'Only guest owners can forward access; share your own profile from the My Profile tab',
    ),
  notSharedWithYou: () =>
    new AppError(
      403,
      'SHARING_PROFILE_NOT_SHARED',
      'You can only forward a profile that was shared with you with the right to share it',
    ),
  noProfileToShare: () => new AppError(409, 'SHARING_NO_PROFILE', SHARING_MESSAGES.noProfileToShare),
  selfInvite: () => new AppError(409, 'SHARING_SELF_INVITE', 'You cannot invite yourself'),
  ownerInvite: () =>
    new AppError(409, 'SHARING_OWNER_INVITE', 'This person owns the profile and already sees it'),
  alreadyInvited: () =>
    new AppError(
      409,
      'SHARING_ALREADY_INVITED',
      'This e-mail address has already been invited to this profile',
    ),
  /** No password from a caller not signed in as the invitee: one answer whether or not the address has an account. */
  passwordRequired: () =>
    new AppError(
      400,
      'SHARING_PASSWORD_REQUIRED',
      `Choose a password of at least ${MIN_PASSWORD_LENGTH} characters, or enter your existing account's password`,
    ),
  /** Too short for a new account and for any existing one: refused before the address is looked up. */
  passwordTooShort: () => new AppError(400, 'SHARING_WEAK_PASSWORD', PASSWORD_TOO_SHORT),
  useAcceptPost: () => new AppError(405, 'SHARING_USE_POST', SHARING_MESSAGES.acceptWithPost),
  historyForbidden: () =>
    new AppError(
      403,
      'SHARING_HISTORY_FORBIDDEN',
      "Only a profile's owner and administrators see its history",
    ),
}
