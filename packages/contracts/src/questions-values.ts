/**
 * The quick questions' plain values, apart from their schemas so that a page can read them without zod
 * (docs/decisions/065-first-pages-without-zod.md). questions.ts re-exports them.
 */

/** The four audiences of the Ask page; the page's 'Family' button sends `parents`. */
export const QUESTION_CATEGORIES = ['self', 'parents', 'educators', 'employers'] as const

/** At most this many quick questions per category (docs/requirements.md section 9). */
export const MAX_QUESTIONS_PER_CATEGORY = 10
export const SHORT_FORM_MAX = 80
export const DETAILED_QUESTION_MAX = 1000
