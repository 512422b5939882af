import { PREVUE_DIMENSION_LABELS } from '@app/domain/content/prevue-dimensions'
import {
  PREVUE_ABILITIES,
  PREVUE_MOTIVATIONS,
  PREVUE_PERSONALITY,
  type PrevueDimension,
  type PrevueScores,
} from '@app/domain/prevue'

/** What the low and high ends of each personality scale look like in behaviour. */
const SCALE_ENDS: Partial<Record<PrevueDimension, [low: string, high: string]>> = {
  diplomaticIndependent: ["seeks consensus and weighs others' views", 'acts on their own judgement'],
  cooperativeCompetitive: ['shares credit and works for the common result', 'wants to win and to outperform'],
  submissiveAssertive: [
    'lets others lead and avoids pressing a point',
    'takes the lead and presses their view',
  ],
  spontaneousConscientious: ['acts on impulse and adapts on the fly', 'works carefully and thoroughly'],
  innovativeConventional: ['looks for new approaches', 'trusts proven methods'],
  reactiveOrganized: ['responds to things as they arise', 'plans ahead and likes order'],
  introvertExtrovert: ['recharges alone', 'draws energy from company'],
  selfSufficientGroupOriented: ['prefers to work independently', 'prefers to work with and for a group'],
  reservedOutgoing: ['is reserved with new people', 'is open and sociable with new people'],
  emotionalStable: ['feels events strongly', 'stays even-tempered under strain'],
  restlessPoised: ['carries restless energy', 'shows calm composure'],
  excitableRelaxed: ['reacts quickly when events move fast', 'stays relaxed when events move fast'],
}

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
