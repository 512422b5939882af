import { AppError } from '@app/kit/errors'
import { PROFILE_SEARCH_NAME_MAX } from '@app/contracts/profiles'

/** The profiles service's error catalogue: `PROFILES_<REASON>`; validation failures are PROFILES_INVALID_INPUT. */
export const profilesErrors = {
  unauthenticated: () => new AppError(401, 'PROFILES_UNAUTHENTICATED', 'Please log in to continue'),
  cannotSave: () =>
    new AppError(403, 'PROFILES_CANNOT_SAVE', 'Guest accounts can view profiles but not save assessments'),
  searchNameRequired: () =>
    new AppError(400, 'PROFILES_SEARCH_NAME_REQUIRED', 'Enter a name to search for a profile'),
  searchNameTooLong: () =>
    new AppError(
      400,
      'PROFILES_SEARCH_NAME_TOO_LONG',
      `Search names are limited to ${PROFILE_SEARCH_NAME_MAX} characters`,
    ),
}
