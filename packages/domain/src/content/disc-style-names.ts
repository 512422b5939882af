import type { DiscType } from '../disc.ts'

/**
 * Each DISC style's name, apart from the styles' long texts (disc-styles.ts), so that a page that shows
 * only the name does not load them (docs/decisions/065-first-pages-without-zod.md).
 */
export const DISC_STYLE_NAMES: Record<DiscType, string> = {
  D: 'Dominance',
  I: 'Influence',
  S: 'Steadiness',
  C: 'Conscientiousness',
}

/** Each DISC style's short title, as the results and the team's blind spots name a person of that style. */
export const DISC_STYLE_TITLES: Record<DiscType, string> = {
  D: 'The Driver',
  I: 'The Motivator',
  S: 'The Supporter',
  C: 'The Analyst',
}
