import { AUDIENCE_LABELS } from '@app/domain/content/advisor/audiences'
import { QUESTION_CATEGORIES, type QuestionCategory } from '@app/contracts/questions'

/** The audiences as the Ask page names them; 'Family' sends the category value `parents`. */
export const QUESTION_CATEGORY_LABELS: Record<QuestionCategory, string> = AUDIENCE_LABELS

export const QUESTION_CATEGORY_OPTIONS = QUESTION_CATEGORIES.map((value) => ({
  value,
  label: QUESTION_CATEGORY_LABELS[value],
}))
