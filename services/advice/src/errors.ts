import { AppError } from '@app/kit/errors'

/** The advice service's error catalogue: `ADVICE_<REASON>`. */
export const adviceErrors = {
  /** The page shows the spec's toast 'Error' – 'Failed to generate AI response. Please try again.' */
  providerFailed: () =>
    new AppError(503, 'ADVICE_PROVIDER_FAILED', 'Failed to generate AI response. Please try again.'),
  tooManyQuestions: (seconds: number) =>
    new AppError(
      429,
      'ADVICE_RATE_LIMITED',
      `You have asked a lot of questions in a short time. Please try again in ${Math.max(1, Math.ceil(seconds))} seconds.`,
    ),
  notConfigured: () =>
    new AppError(
      503,
      'ADVICE_NOT_CONFIGURED',
      'The AI provider is not configured. Please contact your administrator.',
    ),
  /** A Prevue profile stored without its result (nothing valid saves one): there is nothing to advise on. */
  noResult: () =>
    new AppError(422, 'ADVICE_NO_RESULT', 'This profile has no assessment result to give advice on.'),
}
