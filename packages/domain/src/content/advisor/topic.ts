import type { AudienceCategory } from './audiences.ts'
import type { DiscType } from '../../disc.ts'

/** Who an answer is for: one of the Ask page's four audiences, or a pair on the Collaborate page. */
export type AdviceAudience = AudienceCategory | 'pair'

/** What the advisor knows about one topic for one style. */
export interface StyleOnTopic {
  /** The pattern, third person, a full sentence starting with "They". */
  they: string
  /** The same pattern, second person, a full sentence starting with "You". */
  you: string
  /** Two things someone dealing with this person can do, imperative. */
  approach: [string, string]
  /** One stretch for the person themself, imperative. */
  stretch: string
}

export interface Topic {
  id: string
  /** Heading words: "Communication". */
  label: string
  /** Lower-case words of a question that point to this topic. */
  keywords: readonly string[]
  styles: Record<DiscType, StyleOnTopic>
  /** The audiences whose answers this topic belongs in: a question from anyone else never gets it. */
  audiences: readonly AdviceAudience[]
  /**
   * The follow-up question this topic offers each audience it is suggested to, in that audience's words:
   * {name} is the person asked about, {a} and {b} the pair. An audience missing here is never offered it.
   */
  followUps: Partial<Record<AdviceAudience, string>>
  /** Topic ids a question on this one leads to naturally, the closest first. */
  related: readonly string[]
}
