import { MAX_FOLLOW_UPS } from '@app/contracts/advice'
import type { AdviceAudience, Topic } from './topic.ts'
import { WORK_TOPICS } from './topics-work.ts'
import { GENERAL, LIFE_TOPICS } from './topics-life.ts'

export type { AdviceAudience, Topic, StyleOnTopic } from './topic.ts'

/** Every topic the advisor knows, the more specific first: earlier topics win ties. */
export const TOPICS: readonly Topic[] = [...WORK_TOPICS, ...LIFE_TOPICS, GENERAL]

export function topicById(id: string): Topic {
  return TOPICS.find((topic) => topic.id === id) ?? GENERAL
}

/**
 * The topic of the audience's own whose keywords the question mentions most often, or null when it names
 * none: an employer's question that mentions home never gets the family topic.
 */
export function detectTopic(question: string, audience: AdviceAudience): Topic | null {
  const text = question.toLowerCase()
  let best: Topic | null = null
  let bestHits = 0
  for (const topic of TOPICS) {
    if (!topic.audiences.includes(audience)) continue
    let hits = 0
    for (const keyword of topic.keywords) if (text.includes(keyword)) hits += 1
    if (hits > bestHits) {
      best = topic
      bestHits = hits
    }
  }
  return best
}

/** How many follow-ups come from the topics closest to the question; the rest vary with it. */
const RELATED_FOLLOW_UPS = 2

/**
 * The follow-ups to offer after an answer on `topic`: the audience's own questions on other topics, the
 * closest ones first, then others chosen by `seed` so that they vary but never at random.
 */
export function followUpsFor(topic: Topic, audience: AdviceAudience, seed: number): string[] {
  const offered = TOPICS.filter((other) => other.id !== topic.id && other.followUps[audience] !== undefined)
  const related = topic.related
    .map((id) => offered.find((other) => other.id === id))
    .filter((other): other is Topic => other !== undefined)
    .slice(0, RELATED_FOLLOW_UPS)
  const rest = offered.filter((other) => !related.includes(other))
  const start = rest.length === 0 ? 0 : seed % rest.length
  const chosen = [...related, ...rest.slice(start), ...rest.slice(0, start)].slice(0, MAX_FOLLOW_UPS)
  return chosen.map((other) => other.followUps[audience]!)
}
