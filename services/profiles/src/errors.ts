import { AppError } from '@app/kit/errors'
import { PROFILE_SEARCH_NAME_MAX } from '@app/contracts/profiles'

/**
 * The profiles service's error catalogue: `PROFILES_<REASON>`; validation failures are PROFILES_INVALID_INPUT.
 * Callers without a signed-in user, or of a role a route does not list, are refused by the service shell.
 */
export const profilesErrors = {
  /** The same answer whether a profile is missing or not the user's to see, so ids cannot be probed. */
  profileForbidden: () => new AppError(403, 'PROFILES_FORBIDDEN', 'You do not have access to this profile'),
  searchNameRequired: () =>
    new AppError(400, 'PROFILES_SEARCH_NAME_REQUIRED', 'Enter a name to search for a profile'),
  searchNameTooLong: () =>
    new AppError(
      400,
      'PROFILES_SEARCH_NAME_TOO_LONG',
      `Search names are limited to ${PROFILE_SEARCH_NAME_MAX} characters`,
    ),
}
