import { AppError } from '@app/kit/errors'
import { MAX_QUESTIONS_PER_CATEGORY, type QuestionCategory } from '@app/contracts/questions'

/**
 * The questions service's error catalogue: `QUESTIONS_<REASON>`. Each message is the spec's text (section 5);
 * the code names the spec's toast title, which the page shows above it.
 */
export const questionsErrors = {
  /** Title 'Missing information'. */
  missingInformation: () =>
    new AppError(
      400,
      'QUESTIONS_MISSING_INFORMATION',
      'Please provide both a short form and detailed question',
    ),
  /** Title 'Maximum questions reached'. */
  maximumReached: (category: QuestionCategory) =>
    new AppError(
      409,
      'QUESTIONS_MAXIMUM_REACHED',
      `You cannot add more than ${MAX_QUESTIONS_PER_CATEGORY} questions to the ${category} category.`,
    ),
  /** Title 'No data provided'. */
  importEmpty: () =>
    new AppError(
      400,
      'QUESTIONS_IMPORT_NO_DATA',
      'Please paste questions in the format: Short Form | Detailed Question',
    ),
  /** Title 'Invalid format'. */
  importInvalidFormat: () =>
    new AppError(
      400,
      'QUESTIONS_IMPORT_INVALID_FORMAT',
      'No valid lines found. Each line needs a short form and a detailed question: Short Form | Detailed Question',
    ),
  /** Title 'Too many questions'. */
  importTooMany: (category: QuestionCategory, used: number) =>
    new AppError(
      409,
      'QUESTIONS_IMPORT_TOO_MANY',
      `You can only add ${Math.max(0, MAX_QUESTIONS_PER_CATEGORY - used)} more questions to the ${category} category. ${used}/${MAX_QUESTIONS_PER_CATEGORY} slots used.`,
    ),
  notFound: () => new AppError(404, 'QUESTIONS_NOT_FOUND', 'Question not found'),
  reorderUnknown: () =>
    new AppError(
      404,
      'QUESTIONS_REORDER_UNKNOWN',
      'The order names a question that no longer exists; nothing was changed. Reload and try again.',
    ),
  reorderDuplicate: () =>
    new AppError(400, 'QUESTIONS_REORDER_DUPLICATE', 'Each question may appear only once in an order'),
}
