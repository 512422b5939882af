/**
 * Profile search by name (docs/requirements.md sections 5 and 9). Plain string comparisons only:
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

interface IndexedName<T> {
  candidate: T
  display: string
  key: string
  /** Where the second word starts in `key`, or -1 when there is none. */
  secondWord: number
}

/** The match and its other names: the first distinct names of the answer, in order. */
const ANSWER_NAMES = MAX_OTHER_NAMES + 1
/** Keys are joined with a character they cannot hold (normalising turns every space into ' '). */
const SEPARATOR = '\n'

/**
 * Read in a function of its own: the index outlives the call that builds it (a cache keeps it), and a closure
 * over `nameOf` would keep the caller's function, and whatever scope that function was made in, alive with it
 * (docs/decisions/076-cached-values-keep-no-request.md).
 */
function indexedNames<T>(candidates: readonly T[], nameOf: (candidate: T) => string): IndexedName<T>[] {
  return candidates.map((candidate) => {
    const display = nameOf(candidate).trim()
    const key = normalise(display)
    const space = key.indexOf(' ')
    return { candidate, display, key, secondWord: space === -1 ? -1 : space + 1 }
  })
}

/**
 * Candidates prepared once for many searches: a service keeps one per list and answers each search without
 * redoing that work, and without visiting every candidate. The normalised names are joined into one text, so
 * that the names containing the query are found by `indexOf`; the prefix rule's short words are in a map.
 *
 * A name's rank depends on its key alone, and every source below yields candidates in the candidates'
 * order, so the answer's distinct names are among the first four distinct names of each rank in each source.
 */
export function createNameIndex<T>(candidates: readonly T[], nameOf: (candidate: T) => string) {
  const names = indexedNames(candidates, nameOf)
  /** The first candidate of each key. */
  const firstOfKey = new Map<string, number>()
  /**
   * The candidates indexed: the first of each key, in order. A later one with the same key never changes an
   * answer (`keep` takes each key's first candidate), so a list in which names repeat, as in a large tenant,
   * is searched in the time of its distinct names.
   */
  const firsts: number[] = []
  for (const [position, name] of names.entries()) {
    if (firstOfKey.has(name.key)) continue
    firstOfKey.set(name.key, position)
    firsts.push(position)
  }
  /** Where each indexed key starts in `text`, ascending. */
  const starts: number[] = []
  let length = 0
  for (const position of firsts) {
    starts.push(length)
    length += names[position]!.key.length + SEPARATOR.length
  }
  const text = firsts.map((position) => names[position]!.key).join(SEPARATOR)
  /** Indexed candidates, in order, whose first or second word is this word of two to four characters. */
  const shortWords = new Map<string, number[]>()
  for (const position of firsts) {
    for (const word of leadingWords(names[position]!.key)) {
      if (word.length >= NAME_PREFIX_LENGTH) continue
      const list = shortWords.get(word)
      if (!list) shortWords.set(word, [position])
      else if (list.at(-1) !== position) list.push(position)
    }
  }
  /** The indexed entry (an index into `firsts`) whose key holds `offset` of `text`. */
  const entryAt = (offset: number): number => {
    let low = 0
    let high = starts.length - 1
    while (low < high) {
      const middle = (low + high + 1) >>> 1
      if (starts[middle]! <= offset) low = middle
      else high = middle - 1
    }
    return low
  }
  const rankOf = (typed: string, position: number): Rank =>
    names[position]!.key === typed ? EXACT : names[position]!.key.startsWith(typed) ? STARTS_WITH : OTHER

  /** Adds `position` to `list` when its key is new there and the list not full; false once it is full. */
  const keep = (list: number[], keys: Set<string>, position: number): boolean => {
    if (list.length >= ANSWER_NAMES) return false
    const { key } = names[position]!
    if (!keys.has(key)) {
      keys.add(key)
      list.push(position)
    }
    return list.length < ANSWER_NAMES
  }

  /** Candidates containing `needle`, in order, each once: `visit` returns false to stop. */
  const containing = (needle: string, visit: (position: number) => boolean) => {
    let from = 0
    while (from <= text.length) {
      const found = text.indexOf(needle, from)
      if (found === -1) return
      const entry = entryAt(found)
      if (!visit(firsts[entry]!)) return
      from = entry + 1 < starts.length ? starts[entry + 1]! : text.length + 1
    }
  }

  return {
    /**
     * The best match for a typed name and up to three other distinct matching names. Exact matches come
     * first, then names starting with the query, then the rest; within a rank the candidates' order holds.
     */
    match(query: string): NameMatchResult<T> {
      const typed = normalise(query.slice(0, MAX_SEARCH_LENGTH))
      if (typed.length < MIN_SEARCH_LENGTH) return { match: null, others: [] }
      const exact = firstOfKey.get(typed)
      const startsWith: number[] = []
      const startKeys = new Set<string>()
      // Candidates of rank OTHER from each source, at most four distinct keys each, merged below.
      const others: number[] = []
      const collectOthers = (from: (visit: (position: number) => boolean) => void) => {
        const keys = new Set<string>()
        const list: number[] = []
        from((position) => rankOf(typed, position) !== OTHER || keep(list, keys, position))
        others.push(...list)
      }
      // Names containing the query: exact, starting with it, or containing it elsewhere.
      collectOthers((visit) => {
        let moreOthers = true
        containing(typed, (position) => {
          const rank = rankOf(typed, position)
          if (rank === STARTS_WITH) keep(startsWith, startKeys, position)
          else if (rank === OTHER && moreOthers) moreOthers = visit(position)
          return moreOthers || startsWith.length < ANSWER_NAMES
        })
      })
      // The prefix rule: a typed word's first five characters and one of a name's first two words agree
      // as far as the shorter goes. Either the word starts with the typed prefix, or it is a short word
      // (under five characters) that the typed prefix starts with.
      for (const typedWord of leadingWords(typed)) {
        const prefix = typedWord.slice(0, NAME_PREFIX_LENGTH)
        collectOthers((visit) =>
          containing(prefix, (position) => {
            const { key, secondWord } = names[position]!
            const atWord = key.startsWith(prefix) || (secondWord !== -1 && key.startsWith(prefix, secondWord))
            return !atWord || visit(position)
          }),
        )
        for (let size = MIN_SEARCH_LENGTH; size < Math.min(prefix.length, NAME_PREFIX_LENGTH); size += 1) {
          const list = shortWords.get(prefix.slice(0, size))
          if (list)
            collectOthers((visit) => {
              for (const position of list) if (!visit(position)) return
            })
        }
      }
      others.sort((first, second) => first - second)
      const rest: number[] = []
      const restKeys = new Set<string>()
      for (const position of others) if (!keep(rest, restKeys, position)) break
      const ordered = [...(exact === undefined ? [] : [exact]), ...startsWith, ...rest]
      const best = ordered[0]
      if (best === undefined) return { match: null, others: [] }
      return {
        match: names[best]!.candidate,
        others: ordered.slice(1, ANSWER_NAMES).map((position) => names[position]!.display),
      }
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
