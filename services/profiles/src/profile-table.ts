import { ASSESSMENT_TYPES, type Profile } from '@app/contracts/profiles'
import { DISC_TYPES } from '@app/domain/disc'
import type { PrevueScores } from '@app/domain/prevue'
import { withoutUnmeasuredScores } from '@app/domain/profile-scores'

/**
 * Every profile of the catalog, held in columns rather than as one object per profile
 * (docs/decisions/052-profiles-held-in-columns.md): ids, owners, scores and kinds in typed arrays, names and
 * dates as references to the strings the store already holds, answers as interned JSON text. A `Profile` is
 * made when a route asks for it, so the catalog costs tens of bytes per profile instead of hundreds, and a
 * major garbage collection has a few large arrays to mark instead of 100,000 objects.
 */
export interface ProfileTable {
  /** Rows in use; row `n` is the `n`th profile by ascending id. */
  length: number
  ids: Float64Array
  userIds: Float64Array
  /** Four bytes per row, D I S C, each 0–100, or NO_SCORE. */
  scores: Uint8Array
  /** Per row: the assessment type, the primary type and the flags below, in one byte. */
  kinds: Uint8Array
  names: string[]
  timestamps: string[]
  /** `JSON.stringify(answers)`, one string for every row with the same answers (up to MAX_INTERNED texts). */
  answers: string[]
  /** A Prevue profile's 20 dimensions, by profile id: the only rows that have them. */
  prevueScores: Map<number, PrevueScores>
  /** Profiles whose scores do not fit a byte (none the store accepts), kept as they came, by id. */
  verbatim: Map<number, Profile>
  /** Each owner's profile ids, ascending. */
  byOwner: Map<number, number[]>
  interned: Map<string, string>
}

const NO_SCORE = 255
const HEADROOM = 1_024
/** Past this many distinct answer texts, further ones are kept unshared: the table would cost more than it saves. */
const MAX_INTERNED = 16_384
const SCORE_FIELDS = ['dScore', 'iScore', 'sScore', 'cScore'] as const
/** `kinds`: bit 0 the assessment type (its index), bits 1–3 the primary type (0 for none, else index + 1). */
const PRIMARY_SHIFT = 1
const NAMED_AFTER_OWNER = 1 << 4
const VERBATIM = 1 << 5

export function createProfileTable(capacity = 0): ProfileTable {
  const size = capacity + HEADROOM
  return {
    length: 0,
    ids: new Float64Array(size),
    userIds: new Float64Array(size),
    scores: new Uint8Array(size * 4),
    kinds: new Uint8Array(size),
    names: [],
    timestamps: [],
    answers: [],
    prevueScores: new Map(),
    verbatim: new Map(),
    byOwner: new Map(),
    interned: new Map(),
  }
}

/** Where `id` is, or where it would go (ascending ids). */
function rowOf(table: ProfileTable, id: number): number {
  let low = 0
  let high = table.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (table.ids[middle]! < id) low = middle + 1
    else high = middle
  }
  return low
}

export function hasProfile(table: ProfileTable, id: number): boolean {
  const row = rowOf(table, id)
  return row < table.length && table.ids[row] === id
}

function grow(table: ProfileTable): void {
  const size = Math.ceil(table.ids.length * 1.5) + HEADROOM
  const widen = <T extends Float64Array | Uint8Array>(from: T, to: T): T => {
    to.set(from)
    return to
  }
  table.ids = widen(table.ids, new Float64Array(size))
  table.userIds = widen(table.userIds, new Float64Array(size))
  table.scores = widen(table.scores, new Uint8Array(size * 4))
  table.kinds = widen(table.kinds, new Uint8Array(size))
}

/** Moves rows `row` and after one place on, to free `row`. A save nearly always goes at the end instead. */
function openRow(table: ProfileTable, row: number): void {
  const end = table.length
  table.ids.copyWithin(row + 1, row, end)
  table.userIds.copyWithin(row + 1, row, end)
  table.scores.copyWithin((row + 1) * 4, row * 4, end * 4)
  table.kinds.copyWithin(row + 1, row, end)
  table.names.splice(row, 0, '')
  table.timestamps.splice(row, 0, '')
  table.answers.splice(row, 0, '')
}

const fitsAByte = (score: number | null) =>
  score === null || (Number.isInteger(score) && score >= 0 && score < NO_SCORE)

function answersText(table: ProfileTable, answers: readonly string[]): string {
  const text = JSON.stringify(answers)
  const known = table.interned.get(text)
  if (known !== undefined) return known
  if (table.interned.size < MAX_INTERNED) table.interned.set(text, text)
  return text
}

/** Adds a profile; false when the table holds its id already. */
export function addProfileRow(table: ProfileTable, saved: Profile, namedAfterOwner: boolean): boolean {
  // A change logged by a replica still running older code may carry a Prevue profile's stored zeros.
  const profile = withoutUnmeasuredScores(saved)
  const row = rowOf(table, profile.id)
  if (row < table.length && table.ids[row] === profile.id) return false
  if (table.length === table.ids.length) grow(table)
  if (row < table.length) openRow(table, row)
  table.length += 1
  const regular = SCORE_FIELDS.every((field) => fitsAByte(profile[field]))
  table.ids[row] = profile.id
  table.userIds[row] = profile.userId
  for (const [offset, field] of SCORE_FIELDS.entries())
    table.scores[row * 4 + offset] = regular ? (profile[field] ?? NO_SCORE) : NO_SCORE
  const primary = profile.primaryType === null ? 0 : DISC_TYPES.indexOf(profile.primaryType) + 1
  table.kinds[row] =
    ASSESSMENT_TYPES.indexOf(profile.assessmentType) |
    (primary << PRIMARY_SHIFT) |
    (namedAfterOwner ? NAMED_AFTER_OWNER : 0) |
    (regular ? 0 : VERBATIM)
  table.names[row] = profile.name
  table.timestamps[row] = profile.timestamp
  table.answers[row] = answersText(table, profile.answers)
  if (!regular) table.verbatim.set(profile.id, profile)
  if (profile.scoresData) table.prevueScores.set(profile.id, profile.scoresData)
  const owned = table.byOwner.get(profile.userId)
  if (!owned) table.byOwner.set(profile.userId, [profile.id])
  else if (owned.at(-1)! < profile.id) owned.push(profile.id)
  else
    owned.splice(
      owned.findIndex((id) => id > profile.id),
      0,
      profile.id,
    )
  return true
}

/**
 * The profile of a row, made now, in one shape. One saved without a name shows its owner's name as auth
 * last announced it (`defaultNames`), so a person's edit changes no row.
 */
function profileAt(table: ProfileTable, row: number, defaultNames: ReadonlyMap<number, string>): Profile {
  const id = table.ids[row]!
  const kind = table.kinds[row]!
  const userId = table.userIds[row]!
  const named = kind & NAMED_AFTER_OWNER ? defaultNames.get(userId) : undefined
  if (kind & VERBATIM) {
    const profile = table.verbatim.get(id)!
    // `...{}` first: not led by a spread (docs/decisions/082-no-leading-spread-on-hot-paths.md).
    return named === undefined ? profile : { ...{}, ...profile, name: named }
  }
  const score = (offset: number) => {
    const value = table.scores[row * 4 + offset]!
    return value === NO_SCORE ? null : value
  }
  const primary = (kind >> PRIMARY_SHIFT) & 0b111
  return {
    id,
    userId,
    name: named ?? table.names[row]!,
    assessmentType: ASSESSMENT_TYPES[kind & 1]!,
    dScore: score(0),
    iScore: score(1),
    sScore: score(2),
    cScore: score(3),
    primaryType: primary === 0 ? null : DISC_TYPES[primary - 1]!,
    scoresData: table.prevueScores.get(id) ?? null,
    answers: JSON.parse(table.answers[row]!) as string[],
    timestamp: table.timestamps[row]!,
  }
}

export function profileById(
  table: ProfileTable,
  id: number,
  defaultNames: ReadonlyMap<number, string>,
): Profile | null {
  const row = rowOf(table, id)
  return row < table.length && table.ids[row] === id ? profileAt(table, row, defaultNames) : null
}

/** Every profile, newest first. */
export function everyProfile(table: ProfileTable, defaultNames: ReadonlyMap<number, string>): Profile[] {
  const list = new Array<Profile>(table.length)
  for (let row = table.length - 1; row >= 0; row -= 1)
    list[table.length - 1 - row] = profileAt(table, row, defaultNames)
  return list
}

/** The owner's profiles, newest first. */
export function profilesOfOwner(
  table: ProfileTable,
  userId: number,
  defaultNames: ReadonlyMap<number, string>,
): Profile[] {
  const owned = table.byOwner.get(userId)
  if (!owned) return []
  const list = new Array<Profile>(owned.length)
  for (let index = owned.length - 1; index >= 0; index -= 1)
    list[owned.length - 1 - index] = profileAt(table, rowOf(table, owned[index]!), defaultNames)
  return list
}

export function profileCount(table: ProfileTable): number {
  return table.length
}
