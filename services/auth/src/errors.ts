import { AppError } from '@app/kit/errors'

/** The auth service's error catalogue: `AUTH_<REASON>`. */
export const authErrors = {
  credentialsRequired: () =>
    new AppError(400, 'AUTH_CREDENTIALS_REQUIRED', 'Username and password are required'),
  invalidCredentials: () => new AppError(401, 'AUTH_INVALID_CREDENTIALS', 'Invalid username or password'),
  unauthenticated: () => new AppError(401, 'AUTH_UNAUTHENTICATED', 'Please log in to continue'),
  tooManyAttempts: (seconds: number) => {
    const wait = Math.max(1, Math.ceil(seconds))
    const when = wait < 60 ? `${wait} second(s)` : `${Math.ceil(wait / 60)} minute(s)`
    return new AppError(429, 'AUTH_TOO_MANY_ATTEMPTS', `Too many attempts. Please try again in ${when}.`, {
      retryAfterSeconds: wait,
    })
  },
  invalidEmail: () => new AppError(400, 'AUTH_INVALID_EMAIL', 'Please enter a valid email address'),
  weakPassword: (message: string) => new AppError(400, 'AUTH_WEAK_PASSWORD', message),
  wrongCurrentPassword: () =>
    new AppError(400, 'AUTH_WRONG_CURRENT_PASSWORD', 'Current password is incorrect'),
  samePassword: () =>
    new AppError(400, 'AUTH_SAME_PASSWORD', 'The new password must differ from the current one'),
  missingToken: () => new AppError(400, 'AUTH_MISSING_TOKEN', 'Invalid reset link. No token provided.'),
  invalidToken: () => new AppError(400, 'AUTH_INVALID_TOKEN', 'Invalid or expired reset link'),
  invalidConfirmationLink: () =>
    new AppError(400, 'AUTH_INVALID_CONFIRMATION_LINK', 'Invalid or expired confirmation link'),
  guestCredentialsLocked: () =>
    new AppError(
      403,
      'AUTH_GUEST_CREDENTIALS_LOCKED',
      "A guest's e-mail and password cannot be edited: they come from the invitation the guest accepted",
    ),
  accountDeactivated: () =>
    new AppError(
      403,
      'AUTH_ACCOUNT_DEACTIVATED',
      'This account has been deactivated. Please contact your administrator.',
    ),
  scimTokenLabelRequired: () =>
    new AppError(400, 'AUTH_SCIM_TOKEN_LABEL_REQUIRED', 'Name the token after the client that will use it'),
  scimTokenNotFound: () => new AppError(404, 'AUTH_SCIM_TOKEN_NOT_FOUND', 'SCIM token not found'),
  passwordSignInOff: () =>
    new AppError(
      403,
      'AUTH_PASSWORD_SIGN_IN_OFF',
      "Password sign-in is turned off for this address: sign in with your organisation's provider",
    ),
  accountHasPassword: () =>
    new AppError(
      409,
      'AUTH_ACCOUNT_HAS_PASSWORD',
      'Your account has a password: enter it to confirm the deletion',
    ),
  invalidDeletionLink: () =>
    new AppError(
      400,
      'AUTH_INVALID_DELETION_LINK',
      'This deletion link is invalid or has expired. Ask for a new one on the Change Password page.',
    ),
  deletionLinkOfAnotherAccount: () =>
    new AppError(
      403,
      'AUTH_DELETION_LINK_OF_ANOTHER_ACCOUNT',
      'This deletion link was sent for another account. Sign in to that account to use it.',
    ),
  mailNotSent: () =>
    new AppError(503, 'AUTH_MAIL_NOT_SENT', 'The e-mail could not be sent. Please try again later.'),
  userNotFound: () => new AppError(404, 'AUTH_USER_NOT_FOUND', 'User not found'),
  lastAdministrator: () =>
    new AppError(
      409,
      'AUTH_LAST_ADMINISTRATOR',
      'The last administrator cannot be deleted: make another account an administrator first',
    ),
  usernameTaken: () =>
    new AppError(409, 'AUTH_USERNAME_TAKEN', 'A user with that username or e-mail already exists'),
}
