/**
 * What a team lacks, from the primary styles of its people (issue 28, the team report): a style no one leads
 * with, a style most people share, and the pairs of styles that most often clash, each in plain words with
 * what to do. The pairs' words are the advisor's (content/advisor/pairs.ts), so the report and the Collaborate
 * page's insights never disagree.
 */
import { pairOf } from './content/advisor/pairs.ts'
import { DISC_STYLE_NAMES, DISC_STYLE_TITLES } from './content/disc-style-names.ts'
import { DISC_TYPES, type DiscType } from './disc.ts'

export { TEAM_MAX_MEMBERS, teamSizeProblem } from './team-size.ts'

export interface TeamBlindSpot {
  kind: 'missing-style' | 'shared-style' | 'clashing-pair'
  styles: DiscType[]
  /** The finding in one sentence. */
  text: string
  /** What the team can do about it. */
  actions: string[]
}

export interface TeamReading {
  size: number
  /** How many people lead with each style. */
  composition: Record<DiscType, number>
  blindSpots: TeamBlindSpot[]
}

/** What the team risks when no one leads with a style, and what to do instead. */
const MISSING: Record<DiscType, { risk: string; action: string }> = {
  D: {
    risk: 'decisions may wait for a consensus that never comes',
    action: 'Name an owner for each decision and the date by which it is made',
  },
  I: {
    risk: 'good work may go unnoticed, and newcomers may not feel welcome',
    action: "Ask someone to tell the team's story to others and to welcome each newcomer",
  },
  S: {
    risk: 'plans may change faster than people can absorb',
    action: 'Announce changes early, say what stays the same, and check workloads before adding more',
  },
  C: {
    risk: 'details and risks may slip through',
    action: 'Build a review step into every plan and ask one person to check quality before release',
  },
}

/** What the team risks when most of it leads with one style, and what to do about it. */
const SHARED: Record<DiscType, { risk: string; action: string }> = {
  D: {
    risk: 'many want to decide and few to listen',
    action: 'Split ownership clearly and agree in advance how a disagreement is settled',
  },
  I: {
    risk: 'ideas flow freely, but follow-through may lag',
    action: 'End every meeting with named owners and dates, and review them at the next',
  },
  S: {
    risk: 'change may be resisted and problems left unsaid',
    action: 'Ask for objections out loud and bring change in small, explained steps',
  },
  C: {
    risk: 'analysis may hold up decisions',
    action: 'Agree what good enough means for each task, and set a date for each decision',
  },
}

/**
 * The pairs of styles that most often clash: the opposite corners of the DISC circle (pace against stability,
 * enthusiasm against accuracy) and two people who both lead with Dominance.
 */
export const CLASHING_PAIRS: ReadonlyArray<readonly [DiscType, DiscType]> = [
  ['D', 'S'],
  ['I', 'C'],
  ['D', 'D'],
]

/** A style as a person in the pairs' sentences: "the Driver". */
const person = (type: DiscType) => DISC_STYLE_TITLES[type].replace(/^The /, 'the ')
const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** A team read from its people's primary styles (measured, or derived from a Prevue result). */
export function readTeam(members: ReadonlyArray<{ primaryType: DiscType }>): TeamReading {
  const composition: Record<DiscType, number> = { D: 0, I: 0, S: 0, C: 0 }
  for (const member of members) composition[member.primaryType] += 1
  const size = members.length
  const blindSpots: TeamBlindSpot[] = []
  if (size === 0) return { size, composition, blindSpots }

  for (const type of DISC_TYPES) {
    if (composition[type] > 0) continue
    blindSpots.push({
      kind: 'missing-style',
      styles: [type],
      text: `No one leads with ${DISC_STYLE_NAMES[type]}: ${MISSING[type].risk}.`,
      actions: [MISSING[type].action],
    })
  }
  // "Most": more than half of a team of at least two.
  for (const type of DISC_TYPES) {
    if (size < 2 || composition[type] * 2 <= size) continue
    const who = composition[type] === size ? 'Everyone leads' : `${composition[type]} of ${size} people lead`
    blindSpots.push({
      kind: 'shared-style',
      styles: [type],
      text: `${who} with ${DISC_STYLE_NAMES[type]}: ${SHARED[type].risk}.`,
      actions: [SHARED[type].action],
    })
  }
  const clashes = CLASHING_PAIRS.map(([first, second]) => {
    const pairs =
      first === second
        ? (composition[first] * (composition[first] - 1)) / 2
        : composition[first] * composition[second]
    return { first, second, pairs }
  })
    .filter((clash) => clash.pairs > 0)
    // The pairs that meet most often first; ties keep the order above.
    .sort((a, b) => b.pairs - a.pairs)
  for (const { first, second, pairs } of clashes) {
    const knowledge =
      first === second
        ? pairOf(first, second, 'one', 'another')
        : pairOf(first, second, person(first), person(second))
    const between =
      first === second
        ? `${composition[first]} people lead with ${DISC_STYLE_NAMES[first]}`
        : `${DISC_STYLE_NAMES[first]} meets ${DISC_STYLE_NAMES[second]}`
    blindSpots.push({
      kind: 'clashing-pair',
      styles: [first, second],
      text: `${between} (${pairs} ${pairs === 1 ? 'pair' : 'pairs'}): ${sentence(knowledge.friction)}`,
      actions: knowledge.agreements.map(sentence),
    })
  }
  return { size, composition, blindSpots }
}
