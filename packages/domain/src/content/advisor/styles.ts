import type { DiscType } from '../../disc.ts'

export interface StyleKnowledge {
  name: string
  title: string
  /** What the style cares about, as a phrase: "results and momentum". */
  cares: string
  /** How the style shows up, third person: completes "At their best, {name} ...". */
  atBest: string
  /** The same, second person: completes "At your best, you ...". */
  atBestYou: string
  /** The risk when the style is overused, third person plural verb form: "can ...". */
  overused: string
}

/** The four DISC styles as the advisor talks about them. */
export const STYLES: Record<DiscType, StyleKnowledge> = {
  D: {
    name: 'Dominance',
    title: 'the Driver',
    cares: 'results, pace and room to decide',
    atBest: 'turns a vague goal into a clear decision and gets people moving',
    atBestYou: 'turn a vague goal into a clear decision and get people moving',
    overused: 'run ahead of the people who have to carry the decision out',
  },
  I: {
    name: 'Influence',
    title: 'the Motivator',
    cares: 'people, energy and being heard',
    atBest: 'brings optimism into the room and gets others talking and trying',
    atBestYou: 'bring optimism into the room and get others talking and trying',
    overused: 'start more than gets finished, and promise more than the calendar allows',
  },
  S: {
    name: 'Steadiness',
    title: 'the Supporter',
    cares: 'trust, stability and doing right by others',
    atBest: 'is the calm, reliable centre that keeps a group working together',
    atBestYou: 'are the calm, reliable centre that keeps a group working together',
    overused: 'absorb too much quietly and hold back a view the group needs',
  },
  C: {
    name: 'Conscientiousness',
    title: 'the Analyst',
    cares: 'accuracy, quality and a reasoned plan',
    atBest: 'spots the flaw nobody else saw and makes the work hold up',
    atBestYou: 'spot the flaw nobody else saw and make the work hold up',
    overused: 'keep polishing and questioning after the moment to act has passed',
  },
}

/** Primary plus secondary style: the twelve blends. */
export const BLENDS: Record<string, { name: string; note: string }> = {
  DI: {
    name: 'the Pioneer',
    note: 'pairs drive with persuasion: quick to set a direction and quick to rally people behind it',
  },
  DS: {
    name: 'the Steady Achiever',
    note: 'pushes for results yet stays loyal to the team, persistent rather than flashy',
  },
  DC: {
    name: 'the Challenger',
    note: 'sets high bars for outcomes and for quality, and questions anything that looks sloppy',
  },
  ID: {
    name: 'the Persuader',
    note: 'leads with enthusiasm and backs it with a competitive edge; sells the vision and then pushes for it',
  },
  IS: {
    name: 'the Encourager',
    note: 'warm and people-first, someone others open up to and want on their side',
  },
  IC: {
    name: 'the Presenter',
    note: 'combines sociability with an eye for detail, good at explaining complex things in a friendly way',
  },
  SD: {
    name: 'the Dependable Finisher',
    note: 'patient and supportive but determined once committed; gets things over the line',
  },
  SI: {
    name: 'the Team Builder',
    note: 'friendly, steady and inclusive; makes people feel they belong',
  },
  SC: {
    name: 'the Specialist',
    note: 'careful, consistent and thorough; the person who keeps standards without drama',
  },
  CD: {
    name: 'the Perfectionist Driver',
    note: 'analytical and decisive; wants the right answer and then wants it done',
  },
  CI: {
    name: 'the Thoughtful Communicator',
    note: 'precise yet personable, able to turn careful analysis into a story people follow',
  },
  CS: {
    name: 'the Quality Guardian',
    note: 'methodical, calm and exacting; values getting it right over getting it fast',
  },
}

/** How strongly a score reads, for prose. */
export function intensity(score: number): string {
  if (score >= 75) return 'strong'
  if (score >= 60) return 'clear'
  if (score >= 40) return 'moderate'
  return 'light'
}
