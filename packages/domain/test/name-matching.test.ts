import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createNameIndex, MAX_SEARCH_LENGTH, matchByName } from '../src/name-matching.ts'

interface Person {
  id: number
  name: string
}

const people = (...names: string[]): Person[] => names.map((name, index) => ({ id: index + 1, name }))
const search = (query: string, candidates: Person[]) => {
  const result = matchByName(query, candidates, (person) => person.name)
  return { match: result.match?.name ?? null, others: result.others }
}

describe('profile search by name (docs/requirements.md section 5)', () => {
  it('finds an exact name ignoring case and surrounding spaces', () => {
    expect(search('  jane DOE ', people('Jane Doe'))).toEqual({ match: 'Jane Doe', others: [] })
  })

  it('puts an exact match before names that start with the query, and those before the rest', () => {
    const candidates = people('Mary Annette', 'Annette Mary', 'Ann', 'Annabel Lee')
    expect(search('ann', candidates)).toEqual({
      match: 'Ann',
      others: ['Annette Mary', 'Annabel Lee', 'Mary Annette'],
    })
    // 'Ann' still qualifies for 'anne' through the prefix rule, but only after the starts-with name.
    expect(search('anne', candidates)).toEqual({ match: 'Annette Mary', others: ['Mary Annette', 'Ann'] })
  })

  it('keeps the candidates order within a rank', () => {
    expect(search('smith', people('Zoe Smith', 'Adam Smith')).match).toBe('Zoe Smith')
    expect(search('smith', people('Adam Smith', 'Zoe Smith')).match).toBe('Adam Smith')
  })

  it('matches a name that merely contains the query', () => {
    expect(search('rtin', people('Ana Martinez')).match).toBe('Ana Martinez')
  })

  it('matches on the first five characters of the first or second word, either way round', () => {
    // The typed word is longer than the stored one, so neither contains the other.
    expect(search('Christopher', people('Chris Hall')).match).toBe('Chris Hall')
    expect(search('Christine', people('Chris Hall')).match).toBe('Chris Hall')
    // Only the first five characters count.
    expect(search('Johnnie', people('Johnny Cash')).match).toBe('Johnny Cash')
    expect(search('Johan', people('Johnny Cash')).match).toBeNull()
    // The typed second word against the stored first word, and the typed first against the stored second.
    expect(search('Doctor Stephanie', people('Stephen Price')).match).toBe('Stephen Price')
    expect(search('Prices Steve', people('Stephen Price')).match).toBe('Stephen Price')
    expect(search('Alex Robertson', people('Robert Cole')).match).toBe('Robert Cole')
  })

  it('ignores words beyond the second for the prefix rule', () => {
    expect(search('Anna Maria Gonzales', people('Gonzalo Ruiz')).match).toBeNull()
    expect(search('Gonzales', people('Anna Maria Gonzalo')).match).toBeNull()
  })

  it('needs at least two characters', () => {
    expect(search('', people('Jane Doe'))).toEqual({ match: null, others: [] })
    expect(search('   ', people('Jane Doe'))).toEqual({ match: null, others: [] })
    expect(search('j', people('Jane Doe', 'J'))).toEqual({ match: null, others: [] })
    expect(search('ja', people('Jane Doe')).match).toBe('Jane Doe')
  })

  it('ignores one-letter words for the prefix rule', () => {
    expect(search('J Smithers', people('Jo Ann')).match).toBeNull()
    expect(search('Jonas Blake', people('J Ortiz')).match).toBeNull()
  })

  it('finds nothing for an unrelated name', () => {
    expect(search('Quentin', people('Jane Doe', 'John Smith'))).toEqual({ match: null, others: [] })
    expect(search('Quentin', [])).toEqual({ match: null, others: [] })
  })

  it('never matches a candidate without a name', () => {
    expect(search('ja', people('', '   ', 'Jack Ray')).match).toBe('Jack Ray')
  })

  it('lists up to three other distinct names, never the match name', () => {
    const candidates = people(
      'Sam Lee',
      'Sam Lee',
      'sam lee',
      'Samuel Ortiz',
      'Samantha Green',
      'Sammy Fox',
      'Sami Aziz',
    )
    expect(search('sam lee', candidates)).toEqual({
      match: 'Sam Lee',
      others: ['Samuel Ortiz', 'Samantha Green', 'Sammy Fox'],
    })
    expect(search('SAM', people('Samuel Ortiz', 'Samuel Ortiz')).others).toEqual([])
  })

  it('treats regular-expression characters literally', () => {
    const candidates = people('Jane Doe', 'A.B. Carter', 'Lee (a+)+$')
    expect(search('.*', candidates).match).toBeNull()
    expect(search('j.*', candidates).match).toBeNull()
    expect(search('A.B.', candidates).match).toBe('A.B. Carter')
    expect(search('(a+)+$', candidates).match).toBe('Lee (a+)+$')
    expect(search('[', candidates).match).toBeNull()
    expect(search('\\d+', candidates).match).toBeNull()
  })

  // Speed is measured in bench/; this checks that hostile input is handled as text and answered.
  it('answers a 10,000-character pattern-like query against many names with no match', () => {
    const candidates = Array.from({ length: 10_000 }, (_, index) => ({
      id: index,
      name: `Person ${'a'.repeat(60)} ${index}`,
    }))
    const query = '(a+)+$'.repeat(1_700).slice(0, 10_000)
    expect(query).toHaveLength(10_000)
    const result = matchByName(query, candidates, (person) => person.name)
    expect(result).toEqual({ match: null, others: [] })
  })

  it('matches only on the first 100 characters of a longer query', () => {
    const name = 'b'.repeat(MAX_SEARCH_LENGTH)
    expect(search(`${name}zzz`, people(name)).match).toBe(name)
  })
})

/** The rules written plainly: rank every candidate, sort by rank then position, take distinct names. */
function referenceMatch(query: string, candidates: readonly string[]) {
  const normalise = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase()
  const words = (name: string) =>
    name
      .split(' ')
      .slice(0, 2)
      .filter((word) => word.length >= 2)
  const agree = (a: string, b: string) =>
    a.slice(0, 5).startsWith(b.slice(0, 5)) || b.slice(0, 5).startsWith(a.slice(0, 5))
  const typed = normalise(query.slice(0, MAX_SEARCH_LENGTH))
  if (typed.length < 2) return { match: null, others: [] }
  const ranked = candidates
    .map((name, index) => ({ name: name.trim(), key: normalise(name), index }))
    .flatMap((entry) => {
      const { key } = entry
      if (key === '') return []
      const rank =
        key === typed
          ? 0
          : key.startsWith(typed)
            ? 1
            : key.includes(typed) || words(typed).some((t) => words(key).some((w) => agree(t, w)))
              ? 2
              : null
      return rank === null ? [] : [{ ...entry, rank }]
    })
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
  if (ranked.length === 0) return { match: null, others: [] }
  const seen = new Set([ranked[0]!.key])
  const others: string[] = []
  for (const entry of ranked) {
    if (others.length === 3) break
    if (seen.has(entry.key)) continue
    seen.add(entry.key)
    others.push(entry.name)
  }
  return { match: candidates[ranked[0]!.index]!, others }
}

describe('the name index', () => {
  it('answers with the first candidate of a repeated name, and names each other name once', () => {
    const candidates = people('Ann Lee', 'Annette Ray', 'ann  lee', 'Annette Ray', 'Mary Ann', 'Ann Lee')
    const index = createNameIndex(candidates, (person) => person.name)
    // 'Annette Ray' and 'Mary Ann' follow through the prefix rule, each once.
    expect(index.match('ann lee')).toEqual({ match: candidates[0], others: ['Annette Ray', 'Mary Ann'] })
    const { match, others } = index.match('ann')
    expect(match).toBe(candidates[0])
    expect(others).toEqual(['Annette Ray', 'Mary Ann'])
  })

  it('answers as the plain rules do, for random names and queries (fast-check)', () => {
    const syllable = fc.constantFrom(
      'an',
      'ann',
      'anne',
      'annette',
      'mar',
      'mary',
      'lee',
      'jo',
      'jon',
      'kenji',
      'a',
      'x',
      ' ',
      '  ',
      '(a+)',
    )
    const name = fc.array(syllable, { maxLength: 5 }).map((parts) => parts.join(''))
    const casing = fc.boolean().map((upper) => (text: string) => (upper ? text.toUpperCase() : text))
    fc.assert(
      fc.property(fc.array(name, { maxLength: 30 }), name, casing, (names, typed, cased) => {
        const query = names.length > 0 && typed.length % 2 === 0 ? names[typed.length % names.length]! : typed
        const index = createNameIndex(names, (candidate) => candidate)
        expect(index.match(cased(query))).toEqual(referenceMatch(cased(query), names))
      }),
      { numRuns: 5_000 },
    )
  })
})
