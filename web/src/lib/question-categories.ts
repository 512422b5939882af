import { QUESTION_CATEGORIES, type QuestionCategory } from '@app/contracts/questions'

/** The audiences as the Ask page names them; 'Family' sends the category value `parents`. */
export const QUESTION_CATEGORY_LABELS: Record<QuestionCategory, string> = {
  self: 'Self',
  parents: 'Family',
  educators: 'Educators',
  employers: 'Employers',
}

export const QUESTION_CATEGORY_OPTIONS = QUESTION_CATEGORIES.map((value) => ({
  value,
  label: QUESTION_CATEGORY_LABELS[value],
}))
