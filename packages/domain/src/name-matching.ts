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

function rankOf(query: string, queryWords: string[], name: string): Rank | null {
  if (name.length === 0) return null
  if (name === query) return EXACT
  if (name.startsWith(query)) return STARTS_WITH
  if (name.includes(query)) return OTHER
  const nameWords = leadingWords(name)
  const agrees = queryWords.some((typed) => nameWords.some((word) => prefixesAgree(typed, word)))
  return agrees ? OTHER : null
}

/**
 * The best match for a typed name and up to three other distinct matching names. Exact matches come
 * first, then names starting with the query, then the rest; within a rank the candidates' order holds.
 */
export function matchByName<T>(
  query: string,
  candidates: readonly T[],
  nameOf: (candidate: T) => string,
): NameMatchResult<T> {
  const typed = normalise(query.slice(0, MAX_SEARCH_LENGTH))
  if (typed.length < MIN_SEARCH_LENGTH) return { match: null, others: [] }
  const typedWords = leadingWords(typed)

  const ranked: { candidate: T; rank: Rank; index: number; key: string; display: string }[] = []
  candidates.forEach((candidate, index) => {
    const display = nameOf(candidate).trim()
    const key = normalise(display)
    const rank = rankOf(typed, typedWords, key)
    if (rank !== null) ranked.push({ candidate, rank, index, key, display })
  })
  ranked.sort((a, b) => a.rank - b.rank || a.index - b.index)

  const best = ranked[0]
  if (!best) return { match: null, others: [] }
  const seen = new Set([best.key])
  const others: string[] = []
  for (const entry of ranked) {
    if (others.length === MAX_OTHER_NAMES) break
    if (seen.has(entry.key)) continue
    seen.add(entry.key)
    others.push(entry.display)
  }
  return { match: best.candidate, others }
}
