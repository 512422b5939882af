import { AppError } from '@app/kit/errors'

/** The import service's error catalogue: `IMPORT_<REASON>`; validation failures are IMPORT_INVALID_INPUT. */
export const importErrors = {
  /** Empty text, a header without rows, or no header at all: nothing to import. */
  emptyInput: (message: string) => new AppError(400, 'IMPORT_EMPTY_INPUT', message),
  badHeader: (message: string) => new AppError(400, 'IMPORT_BAD_HEADER', message),
  /** The Single User form (docs/requirements.md section 5: 'Invalid input' / 'Please fill all fields with valid data'). */
  invalidPerson: (reason: string) => new AppError(400, 'IMPORT_INVALID_PERSON', reason),
  duplicateEmail: (reason: string) => new AppError(409, 'IMPORT_DUPLICATE_EMAIL', reason),
  notImported: (reason: string) => new AppError(503, 'IMPORT_NOT_IMPORTED', reason),
  unavailable: () =>
    new AppError(
      503,
      'IMPORT_UNAVAILABLE',
      'The service is temporarily unavailable. Please try again shortly.',
    ),
  linksUnavailable: () =>
    new AppError(
      400,
      'IMPORT_LINKS_UNAVAILABLE',
      'Set-password links need e-mail, and the account service has none configured (SMTP_URL): choose generated passwords',
    ),
  jobNotFound: () => new AppError(404, 'IMPORT_JOB_NOT_FOUND', 'No import with this id'),
  invalidIdempotencyKey: () =>
    new AppError(
      400,
      'IMPORT_INVALID_IDEMPOTENCY_KEY',
      'Idempotency-Key must be 1 to 255 visible ASCII characters',
    ),
  idempotencyKeyReused: () =>
    new AppError(
      422,
      'IMPORT_IDEMPOTENCY_KEY_REUSED',
      'This Idempotency-Key was already used for a different request',
    ),
  idempotencyKeyInUse: () =>
    new AppError(
      409,
      'IMPORT_IDEMPOTENCY_KEY_IN_USE',
      'A request with this Idempotency-Key is still being processed. Please retry shortly.',
    ),
}
