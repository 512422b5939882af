/**
 * The advice calls' plain values, apart from their schemas so that a page can read them without zod
 * (docs/decisions/065-first-pages-without-zod.md). advice.ts re-exports them.
 */

export const QUESTION_MAX_LENGTH = 2000
export const MAX_FOLLOW_UPS = 3
export const RESPONSE_LENGTHS = ['short', 'long'] as const
