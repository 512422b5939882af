import type { DiscType } from '../../disc.ts'

export interface PairKnowledge {
  /** How the two styles combine, with {a} and {b} for the people of the first and second style. */
  dynamic: string
  /** Where they are likely to rub. */
  friction: string
  /** What the two of them can agree to do. */
  agreements: [string, string, string]
}

/**
 * The ten combinations of two styles; each serves both orders, so all 16 ordered pairs are covered.
 * Keys are the two letters in D, I, S, C order.
 */
const PAIRS: Record<string, PairKnowledge> = {
  DD: {
    dynamic: '{a} and {b} both want to lead and both move fast, so together they get a lot decided quickly.',
    friction: 'Two strong wills can turn a discussion into a contest, and neither may want to yield ground.',
    agreements: [
      'Split ownership clearly so each leads something',
      'Agree on how a tie is broken before one happens',
      'Take turns playing the sceptic on big decisions',
    ],
  },
  DI: {
    dynamic: '{a} brings direction and {b} brings energy and buy-in: a natural pairing for launching things.',
    friction: '{a} may find {b} unfocused, while {b} may find {a} curt and too quick to dismiss ideas.',
    agreements: [
      'Give ideas a short hearing before judging them',
      'End each discussion with a named owner and date',
      'Let {b} handle the rallying and {a} the hard calls',
    ],
  },
  DS: {
    dynamic: '{a} pushes for change and pace; {b} provides the stability that makes the change stick.',
    friction: '{a} can steamroll without noticing, and {b} may comply outwardly while disagreeing inside.',
    agreements: [
      "{a} asks for {b}'s view before stating their own",
      'Give notice of changes rather than surprises',
      '{b} names concerns early, in one plain sentence',
    ],
  },
  DC: {
    dynamic:
      'Both are task-focused: {a} wants it done, {b} wants it right, and together they can be formidable.',
    friction: "{a} sees {b}'s questions as delay; {b} sees {a}'s speed as risk.",
    agreements: [
      'Agree on the quality bar and the deadline together, up front',
      'Use data to settle disagreements',
      'Flag which decisions are reversible and can move fast',
    ],
  },
  II: {
    dynamic: '{a} and {b} spark ideas off each other and make work enjoyable.',
    friction: 'With two big-picture talkers, follow-through and detail can fall between them.',
    agreements: [
      'Write down decisions at the end of every conversation',
      'Decide who owns the finishing of each idea',
      'Limit new ideas until current ones are delivered',
    ],
  },
  IS: {
    dynamic: 'A warm, people-centred pair: {a} brings enthusiasm and {b} brings patience and care.',
    friction:
      "{a}'s pace and spontaneity can unsettle {b}, and {b}'s caution can feel like reluctance to {a}.",
    agreements: [
      '{a} gives {b} time before expecting a yes',
      '{b} shares reservations openly rather than going quiet',
      'Keep a simple shared plan for who does what',
    ],
  },
  IC: {
    dynamic:
      "{a} sees possibilities and people; {b} sees details and risks. Each covers the other's blind side.",
    friction: '{a} may find {b} critical and slow; {b} may find {a} vague and over-optimistic.',
    agreements: [
      '{a} brings one fact for every big idea',
      '{b} leads with what could work before what could fail',
      'Use written summaries after lively discussions',
    ],
  },
  SS: {
    dynamic: '{a} and {b} build a calm, trusting partnership with few surprises.',
    friction: 'Both avoid conflict and change, so hard conversations and needed decisions can be postponed.',
    agreements: [
      'Set a regular time to raise anything that is bothering either of them',
      'Put deadlines on decisions',
      'Agree that disagreeing kindly is part of the partnership',
    ],
  },
  SC: {
    dynamic: 'A careful, reliable pair: {a} looks after the people and {b} after the quality.',
    friction: 'Both can be cautious, so they may wait too long to act or to speak up.',
    agreements: [
      'Name who makes the final call on each decision',
      'Set time limits on analysis',
      'Check in on how the work is affecting others',
    ],
  },
  CC: {
    dynamic: "{a} and {b} share high standards and respect each other's rigour.",
    friction: 'Two perfectionists can over-analyse and disagree sharply on details.',
    agreements: [
      'Agree on what good enough means for each task',
      'Separate critical issues from preferences',
      'Celebrate finished work, not only flawless work',
    ],
  },
}

const ORDER: readonly DiscType[] = ['D', 'I', 'S', 'C']

/** The knowledge for two styles, with the names put in the right places whatever their order. */
export function pairOf(first: DiscType, second: DiscType, firstName: string, secondName: string) {
  const swapped = ORDER.indexOf(first) > ORDER.indexOf(second)
  const knowledge = PAIRS[swapped ? `${second}${first}` : `${first}${second}`]!
  const a = swapped ? secondName : firstName
  const b = swapped ? firstName : secondName
  // One pass, so a name that itself contains "{b}" stays as it is.
  const fill = (text: string) => text.replace(/\{([ab])\}/g, (_, key: string) => (key === 'a' ? a : b))
  return {
    dynamic: fill(knowledge.dynamic),
    friction: fill(knowledge.friction),
    agreements: knowledge.agreements.map(fill),
  }
}
