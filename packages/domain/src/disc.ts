/** DISC scoring rules (docs/requirements.md sections 4, 7 and 9). */
export const DISC_TYPES = ['D', 'I', 'S', 'C'] as const
export type DiscType = (typeof DISC_TYPES)[number]
export type DiscScores = Record<DiscType, number>

export const DISC_QUESTION_COUNT = 4
/** A score at or above this shows that type's flex-factor text. */
export const FLEX_FACTOR_THRESHOLD = 60
/** Score entry always saves exactly this many answers. */
export const SCORE_ENTRY_ANSWER_COUNT = 4

export function isDiscType(value: unknown): value is DiscType {
  return typeof value === 'string' && (DISC_TYPES as readonly string[]).includes(value)
}

/** Per type: round(count / questionCount × 100). */
export function discScores(answers: readonly DiscType[], questionCount = DISC_QUESTION_COUNT): DiscScores {
  const scores: DiscScores = { D: 0, I: 0, S: 0, C: 0 }
  if (questionCount <= 0) return scores
  for (const type of DISC_TYPES) {
    const count = answers.filter((answer) => answer === type).length
    scores[type] = Math.round((count / questionCount) * 100)
  }
  return scores
}

/** The highest score; on a tie the type earlier in D, I, S, C wins. */
export function primaryType(scores: DiscScores): DiscType {
  let best: DiscType = 'D'
  for (const type of DISC_TYPES) {
    if (scores[type] > scores[best]) best = type
  }
  return best
}

/** The first of D, I, S, C scoring at least 60, or null for the balanced text. */
export function flexFactorType(scores: DiscScores): DiscType | null {
  return DISC_TYPES.find((type) => scores[type] >= FLEX_FACTOR_THRESHOLD) ?? null
}

/**
 * The answers saved with entered scores: round(score / 100 × 4) per type in the order D, I, S, C,
 * then padded with the primary type or cut, so there are always exactly 4.
 */
export function answersFromScores(scores: DiscScores): DiscType[] {
  const answers = DISC_TYPES.flatMap((type) => {
    const count = Math.max(0, Math.round((scores[type] / 100) * SCORE_ENTRY_ANSWER_COUNT))
    return Array.from({ length: count }, () => type)
  })
  const primary = primaryType(scores)
  while (answers.length < SCORE_ENTRY_ANSWER_COUNT) answers.push(primary)
  return answers.slice(0, SCORE_ENTRY_ANSWER_COUNT)
}
