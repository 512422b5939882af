/** Prevue dimensions and scoring (docs/requirements.md sections 3 and 9). */
export const PREVUE_ABILITIES = [
  'generalAbility',
  'workingWithNumbers',
  'workingWithWords',
  'workingWithShapes',
] as const

export const PREVUE_MOTIVATIONS = ['workingWithPeople', 'workingWithData', 'workingWithThings'] as const

export const PREVUE_PERSONALITY = [
  'diplomaticIndependent',
  'cooperativeCompetitive',
  'submissiveAssertive',
  'spontaneousConscientious',
  'innovativeConventional',
  'reactiveOrganized',
  'introvertExtrovert',
  'selfSufficientGroupOriented',
  'reservedOutgoing',
  'emotionalStable',
  'restlessPoised',
  'excitableRelaxed',
  'socialDesirability',
] as const

export const PREVUE_DIMENSIONS = [...PREVUE_ABILITIES, ...PREVUE_MOTIVATIONS, ...PREVUE_PERSONALITY] as const
export type PrevueDimension = (typeof PREVUE_DIMENSIONS)[number]
export type PrevueScores = Record<PrevueDimension, number>
export type PrevueOptionScores = Partial<Record<PrevueDimension, number>>

/** The sten scale every dimension is shown on (x/10). */
export const PREVUE_MIN_SCORE = 1
export const PREVUE_MAX_SCORE = 10
/** The middle of the sten scale, used for a dimension no chosen option scored. */
export const PREVUE_NO_DATA = 5.5
export const PREVUE_QUESTION_COUNT = 8

export function isPrevueDimension(value: unknown): value is PrevueDimension {
  return typeof value === 'string' && (PREVUE_DIMENSIONS as readonly string[]).includes(value)
}

/** Per dimension the mean of the chosen options' scores rounded to one decimal, or 5.5 without data. */
export function prevueScores(chosen: ReadonlyArray<PrevueOptionScores>): PrevueScores {
  const result = {} as PrevueScores
  for (const dimension of PREVUE_DIMENSIONS) {
    let sum = 0
    let count = 0
    for (const option of chosen) {
      const score = option[dimension]
      if (typeof score === 'number' && Number.isFinite(score)) {
        sum += score
        count += 1
      }
    }
    // Scaling before dividing keeps exact halves (e.g. 7.25) exact, so they round up as expected.
    result[dimension] = count === 0 ? PREVUE_NO_DATA : Math.round((sum * 10) / count) / 10
  }
  return result
}
