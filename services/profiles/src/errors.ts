import { AppError } from '@app/kit/errors'
import { PROFILE_SEARCH_NAME_MAX } from '@app/contracts/profiles'
import { teamNameTaken, TOO_MANY_TEAMS } from '@app/domain/saved-teams'

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
  /** A team that is missing and one of someone else's get the same answer (docs/decisions/058-saved-teams.md). */
  teamNotFound: () => new AppError(404, 'PROFILES_TEAM_NOT_FOUND', 'Team not found'),
  teamNameTaken: (name: string) => new AppError(409, 'PROFILES_TEAM_NAME_TAKEN', teamNameTaken(name)),
  tooManyTeams: () => new AppError(409, 'PROFILES_TOO_MANY_TEAMS', TOO_MANY_TEAMS),
  teamEmpty: () =>
    new AppError(
      400,
      'PROFILES_TEAM_EMPTY',
      'No one in this team is visible to you any more: add people to it to download its report',
    ),
}
