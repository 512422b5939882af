/**
 * The one mapping from a Prevue result to a DISC reading (docs/decisions/028-prevue-shown-as-prevue.md).
 * A Prevue result has no DISC scores; where a DISC position is needed (the team map, pair insights) this
 * reading stands in for one, and every screen that shows it says it is derived.
 */
import { primaryType, type DiscScores, type DiscType } from './disc.ts'
import { PREVUE_MAX_SCORE, PREVUE_MIN_SCORE, type PrevueDimension, type PrevueScores } from './prevue.ts'

/**
 * The Prevue scales that express each DISC style: assertive, competitive and independent for D; outgoing,
 * extroverted and drawn to people for I; stable, poised and cooperative (competitive reversed) for S;
 * conscientious, organised and drawn to data for C.
 */
export const PREVUE_DISC_SCALES: Record<
  DiscType,
  ReadonlyArray<{ dimension: PrevueDimension; reversed?: true }>
> = {
  D: [
    { dimension: 'submissiveAssertive' },
    { dimension: 'cooperativeCompetitive' },
    { dimension: 'diplomaticIndependent' },
  ],
  I: [
    { dimension: 'reservedOutgoing' },
    { dimension: 'introvertExtrovert' },
    { dimension: 'workingWithPeople' },
  ],
  S: [
    { dimension: 'emotionalStable' },
    { dimension: 'restlessPoised' },
    { dimension: 'cooperativeCompetitive', reversed: true },
  ],
  C: [
    { dimension: 'spontaneousConscientious' },
    { dimension: 'reactiveOrganized' },
    { dimension: 'workingWithData' },
  ],
}

/** A sten (1 to 10) as a percentage of the scale: 1 is 0 %, 10 is 100 %. */
const percentOfScale = (sten: number) =>
  Math.round(((sten - PREVUE_MIN_SCORE) / (PREVUE_MAX_SCORE - PREVUE_MIN_SCORE)) * 100)

/** Each style is the mean of its scales (a reversed scale counts as 11 minus its score), as a percentage. */
export function discFromPrevue(scores: PrevueScores): DiscScores {
  const reading = {} as DiscScores
  for (const [type, scales] of Object.entries(PREVUE_DISC_SCALES) as Array<
    [DiscType, (typeof PREVUE_DISC_SCALES)[DiscType]]
  >) {
    const values = scales.map(({ dimension, reversed }) =>
      reversed ? PREVUE_MIN_SCORE + PREVUE_MAX_SCORE - scores[dimension] : scores[dimension],
    )
    reading[type] = percentOfScale(values.reduce((sum, value) => sum + value, 0) / values.length)
  }
  return reading
}

/** The derived reading and its highest style (ties resolved D, I, S, C as for measured scores). */
export function derivedDiscReading(scores: PrevueScores): { scores: DiscScores; primaryType: DiscType } {
  const reading = discFromPrevue(scores)
  return { scores: reading, primaryType: primaryType(reading) }
}
