/**
 * What a Prevue score means at work, in plain words: the profile report reads each dimension with these, and
 * the advisor describes the most marked traits with the same scale ends, so the two never disagree.
 */
import { PREVUE_ABILITIES, PREVUE_MOTIVATIONS, type PrevueDimension } from './prevue.ts'

/** What the low and high ends of each personality scale look like in behaviour. */
export const PREVUE_SCALE_ENDS: Partial<Record<PrevueDimension, [low: string, high: string]>> = {
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

/** The kind of work each ability and motivation is about, completing "work that involves …". */
const WORK_OF: Partial<Record<PrevueDimension, string>> = {
  generalAbility: 'new information and unfamiliar problems',
  workingWithNumbers: 'figures, estimates and budgets',
  workingWithWords: 'writing, reading and explaining',
  workingWithShapes: 'layouts, drawings and how parts fit together',
  workingWithPeople: 'helping, guiding and working alongside others',
  workingWithData: 'information, analysis and records',
  workingWithThings: 'tools, equipment and hands-on tasks',
}

/** Scores from here up read as high, and up to LOW_UP_TO as low; the sten scale's middle lies between. */
const HIGH_FROM = 7
const LOW_UP_TO = 4

/** One plain sentence on what a dimension's score means at work. */
export function prevueReadingAtWork(dimension: PrevueDimension, score: number): string {
  const work = WORK_OF[dimension]
  if (work && (PREVUE_ABILITIES as readonly string[]).includes(dimension)) {
    if (score >= HIGH_FROM) return `A strength to lean on: work that involves ${work} suits them well.`
    if (score <= LOW_UP_TO)
      return `Less at ease here: allow time, tools or a colleague's help for work that involves ${work}.`
    return `Comfortable with everyday work that involves ${work}; the most demanding of it may take longer.`
  }
  if (work && (PREVUE_MOTIVATIONS as readonly string[]).includes(dimension)) {
    if (score >= HIGH_FROM) return `Likely to be energised by work that involves ${work}.`
    if (score <= LOW_UP_TO)
      return `Unlikely to draw energy from work that involves ${work}; balance it with other tasks.`
    return `Content with some work that involves ${work}, as part of a varied role.`
  }
  const ends = PREVUE_SCALE_ENDS[dimension]
  if (ends) {
    const [low, high] = ends
    if (score >= HIGH_FROM) return `At work, most often ${high}.`
    if (score <= LOW_UP_TO) return `At work, most often ${low}.`
    return `Balances both ends: at times ${low}, at others ${high}.`
  }
  // Social desirability: how candid the answers look, which colours how the rest is read.
  if (score >= HIGH_FROM)
    return 'The answers may present a favourable picture; read the other scores with that in mind.'
  return 'The answers look candid; the other scores can be read as they stand.'
}
