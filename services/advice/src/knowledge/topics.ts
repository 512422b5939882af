import type { Topic } from './topic.ts'
import { WORK_TOPICS } from './topics-work.ts'
import { GENERAL, LIFE_TOPICS } from './topics-life.ts'

export type { Topic, StyleOnTopic } from './topic.ts'

/** Every topic the advisor knows, the more specific first: earlier topics win ties. */
export const TOPICS: readonly Topic[] = [...WORK_TOPICS, ...LIFE_TOPICS, GENERAL]

export function topicById(id: string): Topic {
  return TOPICS.find((topic) => topic.id === id) ?? GENERAL
}

/** The topic whose keywords a question mentions most often, or null when it names none. */
export function detectTopic(question: string): Topic | null {
  const text = question.toLowerCase()
  let best: Topic | null = null
  let bestHits = 0
  for (const topic of TOPICS) {
    let hits = 0
    for (const keyword of topic.keywords) if (text.includes(keyword)) hits += 1
    if (hits > bestHits) {
      best = topic
      bestHits = hits
    }
  }
  return best
}
