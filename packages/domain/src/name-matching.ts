/**
 * Profile search by name (spec assessments-and-advice sections 5 and 9). Plain string comparisons only:
 * typed text is never turned into a regular expression, so regex syntax is matched literally.
 */
export const MIN_SEARCH_LENGTH = 2
export const NAME_PREFIX_LENGTH = 5
/** Longer input is cut before matching, which bounds the cost per candidate. */
export const MAX_SEARCH_LENGTH = 100
export const MAX_OTHER_NAMES = 3

export interface NameMatchResult<T> {
  match: T | null
  others: string[]
}

const EXACT = 0
const STARTS_WITH = 1
const OTHER = 2
type Rank = typeof EXACT | typeof STARTS_WITH | typeof OTHER

function normalise(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase()
}

/** The first two words, ignoring those under the minimum length. */
function leadingWords(normalised: string): string[] {
  return normalised
    .split(' ')
    .slice(0, 2)
    .filter((word) => word.length >= MIN_SEARCH_LENGTH)
}

/** Two words agree when their first five characters agree as far as the shorter one goes. */
function prefixesAgree(typed: string, candidate: string): boolean {
  const typedPrefix = typed.slice(0, NAME_PREFIX_LENGTH)
  const candidatePrefix = candidate.slice(0, NAME_PREFIX_LENGTH)
  return candidatePrefix.startsWith(typedPrefix) || typedPrefix.startsWith(candidatePrefix)
}

interface IndexedName<T> {
  candidate: T
  index: number
  display: string
  key: string
  words: string[]
}

function rankOf(query: string, queryWords: string[], name: IndexedName<unknown>): Rank | null {
  const { key } = name
  if (key.length === 0) return null
  if (key === query) return EXACT
  if (key.startsWith(query)) return STARTS_WITH
  if (key.includes(query)) return OTHER
  const agrees = queryWords.some((typed) => name.words.some((word) => prefixesAgree(typed, word)))
  return agrees ? OTHER : null
}

/**
 * Candidates prepared once (normalised names and their leading words) for many searches: a service keeps
 * one per list and answers each search without redoing that work.
 */
export function createNameIndex<T>(candidates: readonly T[], nameOf: (candidate: T) => string) {
  const names: IndexedName<T>[] = candidates.map((candidate, index) => {
    const display = nameOf(candidate).trim()
    const key = normalise(display)
    return { candidate, index, display, key, words: leadingWords(key) }
  })
  return {
    /**
     * The best match for a typed name and up to three other distinct matching names. Exact matches come
     * first, then names starting with the query, then the rest; within a rank the candidates' order holds.
     */
    match(query: string): NameMatchResult<T> {
      const typed = normalise(query.slice(0, MAX_SEARCH_LENGTH))
      if (typed.length < MIN_SEARCH_LENGTH) return { match: null, others: [] }
      const typedWords = leadingWords(typed)
      const ranked: { name: IndexedName<T>; rank: Rank }[] = []
      for (const name of names) {
        const rank = rankOf(typed, typedWords, name)
        if (rank !== null) ranked.push({ name, rank })
      }
      ranked.sort((a, b) => a.rank - b.rank || a.name.index - b.name.index)
      const best = ranked[0]
      if (!best) return { match: null, others: [] }
      const seen = new Set([best.name.key])
      const others: string[] = []
      for (const { name } of ranked) {
        if (others.length === MAX_OTHER_NAMES) break
        if (seen.has(name.key)) continue
        seen.add(name.key)
        others.push(name.display)
      }
      return { match: best.name.candidate, others }
    },
  }
}
export type NameIndex<T> = ReturnType<typeof createNameIndex<T>>

/** One search over a list (see createNameIndex for the rules). */
export function matchByName<T>(
  query: string,
  candidates: readonly T[],
  nameOf: (candidate: T) => string,
): NameMatchResult<T> {
  return createNameIndex(candidates, nameOf).match(query)
}
