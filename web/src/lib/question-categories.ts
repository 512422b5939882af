import { AUDIENCE_LABELS } from '@app/domain/content/advisor/audiences'
import type { QuestionCategory } from '@app/contracts/questions'
import { QUESTION_CATEGORIES } from '@app/contracts/questions-values'

/** The audiences as the Ask page names them; 'Family' sends the category value `parents`. */
export const QUESTION_CATEGORY_LABELS: Record<QuestionCategory, string> = AUDIENCE_LABELS

export const QUESTION_CATEGORY_OPTIONS = QUESTION_CATEGORIES.map((value) => ({
  value,
  label: QUESTION_CATEGORY_LABELS[value],
}))
