import { DISC_TYPES, primaryType, type DiscType } from '@app/domain/disc'
import type { AdviceSubject } from '../../advice-request.ts'
import { discFromPrevue } from '../../knowledge/prevue.ts'
import { BLENDS, STYLES } from '../../knowledge/styles.ts'

/** A secondary style counts when it is at least this high and this close to the primary. */
const SECONDARY_MIN = 45
const SECONDARY_GAP = 25

/** How the advisor reads one profile: its styles by strength, its blend, the name to use in prose. */
export interface Reading {
  name: string
  scores: Record<DiscType, number>
  /** Styles from highest to lowest (ties in D, I, S, C order). */
  ranked: DiscType[]
  primary: DiscType
  secondary: DiscType | null
  lowest: DiscType
  blend: { name: string; note: string } | null
  fromPrevue: boolean
}

/** Names are data: no markup characters or line breaks from a name reach the answer's formatting. */
export function displayName(name: string): string {
  const cleaned = name
    .replace(/[*_`#<>\r\n\t]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
  return cleaned.slice(0, 60) || 'This person'
}

export function readProfile(subject: AdviceSubject): Reading {
  const fromPrevue = subject.assessmentType === 'prevue' && subject.prevue !== null
  const scores = fromPrevue ? discFromPrevue(subject.prevue!) : subject.scores
  const primary = fromPrevue ? primaryType(scores) : subject.primaryType
  const ranked = [
    primary,
    ...DISC_TYPES.filter((type) => type !== primary).sort((a, b) => scores[b] - scores[a]),
  ]
  const candidate = ranked[1]!
  const secondary =
    scores[candidate] >= SECONDARY_MIN && scores[primary] - scores[candidate] <= SECONDARY_GAP
      ? candidate
      : null
  return {
    name: displayName(subject.name),
    scores,
    ranked,
    primary,
    secondary,
    lowest: ranked[3]!,
    blend: secondary ? BLENDS[`${primary}${secondary}`]! : null,
    fromPrevue,
  }
}

export const styleName = (type: DiscType) => STYLES[type].name

/** "Dominance 78%, Influence 55%, Steadiness 30% and Conscientiousness 20%". */
export function scoreLine(reading: Reading): string {
  const parts = reading.ranked.map((type) => `${styleName(type)} ${reading.scores[type]}%`)
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`
}

/** A stable number from the input, so the same question gets the same wording every time. */
export function seedOf(...parts: string[]): number {
  let hash = 2166136261
  for (const character of parts.join('\u0000')) {
    hash ^= character.codePointAt(0)!
    hash = Math.imul(hash, 16777619)
  }
  return hash >>> 0
}

export const pick = <T>(items: readonly T[], seed: number): T => items[seed % items.length]!
