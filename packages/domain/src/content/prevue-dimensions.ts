import { PREVUE_ABILITIES, PREVUE_MOTIVATIONS, PREVUE_PERSONALITY, type PrevueDimension } from '../prevue.ts'

export interface PrevueGroup {
  title: string
  dimensions: readonly PrevueDimension[]
}

/** The three result groups in the order the results page shows them. */
export const PREVUE_GROUPS: readonly PrevueGroup[] = [
  { title: 'Abilities', dimensions: PREVUE_ABILITIES },
  { title: 'Motivations', dimensions: PREVUE_MOTIVATIONS },
  { title: 'Key Personality Dimensions', dimensions: PREVUE_PERSONALITY },
]

/** Personality dimensions are scales, so their labels name the low end first and the high end second. */
export const PREVUE_DIMENSION_LABELS: Record<PrevueDimension, string> = {
  generalAbility: 'General Ability',
  workingWithNumbers: 'Working with Numbers',
  workingWithWords: 'Working with Words',
  workingWithShapes: 'Working with Shapes',
  workingWithPeople: 'Working with People',
  workingWithData: 'Working with Data',
  workingWithThings: 'Working with Things',
  diplomaticIndependent: 'Diplomatic – Independent',
  cooperativeCompetitive: 'Cooperative – Competitive',
  submissiveAssertive: 'Submissive – Assertive',
  spontaneousConscientious: 'Spontaneous – Conscientious',
  innovativeConventional: 'Innovative – Conventional',
  reactiveOrganized: 'Reactive – Organized',
  introvertExtrovert: 'Introvert – Extrovert',
  selfSufficientGroupOriented: 'Self-Sufficient – Group-Oriented',
  reservedOutgoing: 'Reserved – Outgoing',
  emotionalStable: 'Emotional – Stable',
  restlessPoised: 'Restless – Poised',
  excitableRelaxed: 'Excitable – Relaxed',
  socialDesirability: 'Social Desirability',
}

/** One line per dimension explaining what a higher score means. */
export const PREVUE_DIMENSION_DESCRIPTIONS: Record<PrevueDimension, string> = {
  generalAbility: 'Reasoning with new information and solving unfamiliar problems.',
  workingWithNumbers: 'Comfort with figures, estimates and numerical reasoning.',
  workingWithWords: 'Understanding and expressing ideas clearly in written and spoken language.',
  workingWithShapes: 'Visualising objects, layouts and how parts fit together.',
  workingWithPeople: 'Interest in helping, guiding and working alongside others.',
  workingWithData: 'Interest in information, analysis and well-kept records.',
  workingWithThings: 'Interest in tools, equipment and practical, hands-on tasks.',
  diplomaticIndependent: 'Higher scores favour acting on your own judgement over seeking consensus.',
  cooperativeCompetitive: 'Higher scores favour winning and outperforming over sharing credit.',
  submissiveAssertive: 'Higher scores favour taking the lead and pressing your view.',
  spontaneousConscientious: 'Higher scores favour careful, thorough work over acting on impulse.',
  innovativeConventional: 'Higher scores favour proven methods over new approaches.',
  reactiveOrganized: 'Higher scores favour planning ahead over responding as things arise.',
  introvertExtrovert: 'Higher scores favour drawing energy from company rather than solitude.',
  selfSufficientGroupOriented: 'Higher scores favour working with and for a group over working alone.',
  reservedOutgoing: 'Higher scores favour an open, sociable manner with new people.',
  emotionalStable: 'Higher scores favour an even temper and resilience under strain.',
  restlessPoised: 'Higher scores favour calm composure over restless energy.',
  excitableRelaxed: 'Higher scores favour staying relaxed when events move quickly.',
  socialDesirability: 'Higher scores suggest answers chosen to present a favourable picture.',
}
