import type { DiscType } from '@app/domain/disc'

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
  /** A follow-up question to offer: for the person themself, and about someone else ({name}). */
  followUp: { self: string; other: string }
}
