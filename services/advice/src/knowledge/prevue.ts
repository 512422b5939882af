import { PREVUE_DIMENSION_LABELS } from '@app/domain/content/prevue-dimensions'
import { PREVUE_SCALE_ENDS as SCALE_ENDS } from '@app/domain/prevue-reading'
import {
  PREVUE_ABILITIES,
  PREVUE_MOTIVATIONS,
  PREVUE_PERSONALITY,
  type PrevueDimension,
  type PrevueScores,
} from '@app/domain/prevue'

const label = (dimension: PrevueDimension) => PREVUE_DIMENSION_LABELS[dimension]
const byScore = (scores: PrevueScores, dimensions: readonly PrevueDimension[]) =>
  [...dimensions].sort((a, b) => scores[b] - scores[a] || dimensions.indexOf(a) - dimensions.indexOf(b))

/** Sentences about a Prevue result: the strongest ability and motivation, and the most marked traits. */
export function describePrevue(name: string, scores: PrevueScores): string[] {
  const ability = byScore(scores, PREVUE_ABILITIES)[0]!
  const motivation = byScore(scores, PREVUE_MOTIVATIONS)[0]!
  // The traits furthest from the middle of the scale say the most.
  const marked = [...PREVUE_PERSONALITY]
    .filter((dimension) => SCALE_ENDS[dimension])
    .sort((a, b) => Math.abs(scores[b] - 5.5) - Math.abs(scores[a] - 5.5))
    .slice(0, 2)
  const traits = marked.map((dimension) => {
    const [low, high] = SCALE_ENDS[dimension]!
    return `${scores[dimension] >= 5.5 ? high : low} (${label(dimension)} ${scores[dimension]}/10)`
  })
  return [
    `${name}'s strongest ability area is ${label(ability)} at ${scores[ability]}/10, and the strongest motivation is ${label(motivation)} at ${scores[motivation]}/10.`,
    `On personality, ${name} most clearly ${traits.join(' and ')}.`,
  ]
}

/** The one DISC reading of a Prevue result lives in packages/domain (docs/decisions/028-prevue-shown-as-prevue.md). */
export { discFromPrevue } from '@app/domain/prevue-disc'
