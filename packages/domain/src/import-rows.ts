/**
 * The rules of the administrator's imports (docs/requirements.md sections 2, 3 and 5): the DISC and
 * Prevue CSV columns and what makes a row importable (the Simple Import page's own parse is in
 * simple-import.ts). Pure, so the web app and the import service apply the same rules.
 */
import { csvRecords, isBlankRecord, type CsvRecord } from './csv.ts'
import { primaryType, type DiscScores, type DiscType } from './disc.ts'
import { generatedPassword } from './passwords.ts'
import { PREVUE_MAX_SCORE, PREVUE_MIN_SCORE, type PrevueDimension, type PrevueScores } from './prevue.ts'
import { EMAIL_MAX as IMPORT_EMAIL_MAX, isAccountEmail } from './email.ts'

export type ImportFormat = 'disc' | 'prevue'

export const DISC_IMPORT_COLUMNS = [
  'firstName',
  'lastName',
  'email',
  'dScore',
  'iScore',
  'sScore',
  'cScore',
] as const

/** The spec's Prevue column names (with its spellings) and the dimension each one fills. */
export const PREVUE_STEN_COLUMNS = {
  GeneralAbilities: 'generalAbility',
  WorkingWithNumbers: 'workingWithNumbers',
  WorkingWithWords: 'workingWithWords',
  WorkingWithShapes: 'workingWithShapes',
  WorkingWithPeople: 'workingWithPeople',
  WorkingWithData: 'workingWithData',
  WorkingWithThings: 'workingWithThings',
  DiplomaticIndependent: 'diplomaticIndependent',
  CooporativeCompetitive: 'cooperativeCompetitive',
  SubmissiveAssertive: 'submissiveAssertive',
  SpontaneousConscientious: 'spontaneousConscientious',
  InnovativeConventional: 'innovativeConventional',
  ReactiveOrganized: 'reactiveOrganized',
  IntrovertExtrovert: 'introvertExtrovert',
  SelfSufficientGroupOriented: 'selfSufficientGroupOriented',
  ReservedOutgoing: 'reservedOutgoing',
  EmotionalStable: 'emotionalStable',
  RestlessPoised: 'restlessPoised',
  ExcitableRelaxed: 'excitableRelaxed',
  FrankSocialDesirability: 'socialDesirability',
} as const satisfies Record<string, PrevueDimension>

type StenColumn = keyof typeof PREVUE_STEN_COLUMNS
const STEN_COLUMNS = Object.keys(PREVUE_STEN_COLUMNS) as StenColumn[]

export const PREVUE_IMPORT_COLUMNS = ['FirstName', 'LastName', 'Email', ...STEN_COLUMNS] as const

export const IMPORT_COLUMNS: Record<ImportFormat, readonly string[]> = {
  disc: DISC_IMPORT_COLUMNS,
  prevue: PREVUE_IMPORT_COLUMNS,
}

/** The limits of the account and assessment a row becomes (the internal import contract). */
export const IMPORT_NAME_MAX = 100
export { EMAIL_MAX as IMPORT_EMAIL_MAX } from './email.ts'
const PASSWORD_MIN = 6

/** The spec's texts (section 5), used by the page's parse and, where they fit, by the server's rows. */
export const IMPORT_MESSAGES = {
  emptyInput: { title: 'Empty input', description: 'Please enter data in the text area' },
  invalidFormat: (line: string) => ({
    title: 'Invalid format',
    description: `Line doesn't have enough values: ${line}`,
  }),
  missingData: { title: 'Missing data', description: 'First name, last name, and email are required' },
  invalidScores: { title: 'Invalid DISC scores', description: 'DISC scores must be numbers' },
  noUsers: { title: 'No users to import', description: 'No valid users found in the input data' },
  parsed: (count: number) => ({
    title: 'CSV Parsed Successfully',
    description: `Found ${count} ${count === 1 ? 'user' : 'users'} to import`,
  }),
} as const

/** One importable person: what auth and profiles receive, without the password (derived when sent). */
export interface ImportPerson {
  /** The line of the text the row starts on (the header is line 1). */
  row: number
  firstName: string
  lastName: string
  /** First plus last name, as the account and the profile show it. */
  name: string
  /** Trimmed and lower-cased: the username. */
  email: string
  /** DISC imports only: a Prevue row measures no DISC scores (docs/decisions/028-prevue-shown-as-prevue.md). */
  disc: DiscScores | null
  primaryType: DiscType | null
  /** Prevue imports only. */
  prevue: PrevueScores | null
}

export type ImportRowOutcome =
  { ok: true; person: ImportPerson } | { ok: false; row: number; name: string; email: string; reason: string }

/** How the header row matched the expected columns. */
export type ImportHeader =
  { ok: true; columns: Map<string, number>; ignored: string[] } | { ok: false; message: string }

const columnKey = (name: string) => name.trim().toLowerCase()

/**
 * Matches a header row to a format's columns, by name in any order and any letter case. Missing or
 * repeated columns are a problem with the whole file; columns the format does not know are ignored, and
 * named, so a typo is visible.
 */
export function matchImportHeader(format: ImportFormat, fields: readonly string[]): ImportHeader {
  return matchHeader(format, fields, true)
}

function matchHeader(format: ImportFormat, fields: readonly string[], withHint: boolean): ImportHeader {
  const expected = IMPORT_COLUMNS[format]
  const wanted = new Map(expected.map((column) => [columnKey(column), column]))
  const columns = new Map<string, number>()
  const ignored: string[] = []
  const repeated: string[] = []
  fields.forEach((field, index) => {
    const known = wanted.get(columnKey(field))
    if (known === undefined) {
      if (field.trim() !== '') ignored.push(field.trim())
    } else if (columns.has(known)) repeated.push(known)
    else columns.set(known, index)
  })
  const missing = expected.filter((column) => !columns.has(column))
  if (missing.length === 0 && repeated.length === 0) return { ok: true, columns, ignored }
  const label = format === 'disc' ? 'DISC' : 'Prevue'
  const parts: string[] = []
  if (missing.length > 0) parts.push(`missing ${plural(missing.length, 'column')}: ${listOf(missing)}`)
  if (repeated.length > 0) parts.push(`repeated ${plural(repeated.length, 'column')}: ${listOf(repeated)}`)
  if (ignored.length > 0) parts.push(`unknown ${plural(ignored.length, 'column')}: ${listOf(ignored)}`)
  let hint = ''
  const other: ImportFormat = format === 'disc' ? 'prevue' : 'disc'
  if (withHint && matchHeader(other, fields, false).ok) {
    const otherLabel = other === 'disc' ? 'DISC' : 'Prevue'
    hint = ` This looks like a ${otherLabel} file: use the ${otherLabel} import.`
  }
  return {
    ok: false,
    message:
      `The first line must be the ${label} header row (${expected.join(', ')}); ` +
      `${parts.join('; ')}.${hint}`,
  }
}

const plural = (count: number, word: string) => (count === 1 ? word : `${word}s`)

/** Names for a message: at most 25, each cut to 40 characters. */
export function listOf(names: readonly string[]): string {
  const shown = names.slice(0, 25).map((name) => clip(name, 40))
  return names.length > shown.length
    ? `${shown.join(', ')} and ${names.length - shown.length} more`
    : shown.join(', ')
}

/** The text, cut to `max` characters with an ellipsis. */
function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`
}

/** A decimal number as people type it ('80', '72.5', ' 9 '), else null: '1e2', '0x10' and '' are text. */
export function parseScore(value: string): number | null {
  const text = value.trim()
  let digits = 0
  let dots = 0
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index]!
    if (character >= '0' && character <= '9') digits += 1
    else if (character === '.') dots += 1
    else if ((character === '+' || character === '-') && index === 0) continue
    else return null
  }
  if (digits === 0 || dots > 1) return null
  const number = Number(text)
  return Number.isFinite(number) ? number : null
}

/** Control characters (line breaks inside a quoted name, NUL…): never part of a name or address. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/

/** What a row's checks depend on. */
export interface ImportRowOptions {
  /** The spec's formula makes the passwords: the names must make one of 6 characters or more. */
  specPasswords: boolean
}

function personProblem(
  firstName: string,
  lastName: string,
  email: string,
  options: ImportRowOptions,
): string | null {
  if (!firstName || !lastName || !email) return IMPORT_MESSAGES.missingData.description
  if (firstName.length > IMPORT_NAME_MAX || lastName.length > IMPORT_NAME_MAX)
    return `First and last names are limited to ${IMPORT_NAME_MAX} characters`
  if (CONTROL.test(firstName) || CONTROL.test(lastName))
    return 'Names must not contain line breaks or control characters'
  if (!isAccountEmail(email)) return `Invalid email address: ${clip(email, 100)}`
  // The spec's format is short for short names ('#AB1'); accounts need 6 characters.
  if (options.specPasswords && generatedPassword(firstName, lastName, 'lower').length < PASSWORD_MIN)
    return `The generated password would be shorter than ${PASSWORD_MIN} characters: first and last name together need at least 4 letters`
  return null
}

/** A DISC score: a number from 0 to 100, rounded to a whole number; else the reason. */
function discScore(column: string, value: string): number | string {
  const number = parseScore(value)
  if (number === null)
    return `${IMPORT_MESSAGES.invalidScores.description} (${column}: ${value.trim() === '' ? 'empty' : JSON.stringify(clip(value.trim(), 40))})`
  if (number < 0 || number > 100)
    return `DISC scores must be between 0 and 100 (${column}: ${clip(value.trim(), 40)})`
  return Math.round(number)
}

/** A Prevue sten score: a number from 1 to 10, kept to one decimal; else the reason. */
function stenScore(column: string, value: string): number | string {
  const number = parseScore(value)
  if (number === null)
    return `Prevue scores must be numbers (${column}: ${value.trim() === '' ? 'empty' : JSON.stringify(clip(value.trim(), 40))})`
  if (number < PREVUE_MIN_SCORE || number > PREVUE_MAX_SCORE)
    return `Prevue scores must be between ${PREVUE_MIN_SCORE} and ${PREVUE_MAX_SCORE} (${column}: ${clip(value.trim(), 40)})`
  return Math.round(number * 10) / 10
}

/** What one data record of a file becomes; duplicates within the file are checked by the reader below. */
export function importRow(
  format: ImportFormat,
  columns: Map<string, number>,
  width: number,
  record: CsvRecord,
  options: ImportRowOptions,
): ImportRowOutcome {
  const cell = (column: string) => record.fields[columns.get(column)!] ?? ''
  const [firstColumn, lastColumn, emailColumn] = IMPORT_COLUMNS[format] as [string, string, string]
  const firstName = cell(firstColumn).trim()
  const lastName = cell(lastColumn).trim()
  const email = cell(emailColumn).trim().toLowerCase()
  const name = `${firstName} ${lastName}`.trim()
  // A failed row is reported as written, cut short: a hostile file cannot make the report huge.
  const fail = (reason: string): ImportRowOutcome => ({
    ok: false,
    row: record.line,
    name: clip(name, IMPORT_NAME_MAX * 2),
    email: clip(email, IMPORT_EMAIL_MAX),
    reason,
  })
  if (record.problem) return fail(record.problem)
  if (record.fields.length < width)
    return fail(`The line has ${record.fields.length} of the header's ${width} values`)
  if (record.fields.slice(width).some((field) => field.trim() !== ''))
    return fail(
      `The line has ${record.fields.length} values but the header has ${width}: quote values that hold commas`,
    )
  const problem = personProblem(firstName, lastName, email, options)
  if (problem) return fail(problem)
  if (format === 'disc') {
    const scores = {} as DiscScores
    for (const [type, column] of [
      ['D', 'dScore'],
      ['I', 'iScore'],
      ['S', 'sScore'],
      ['C', 'cScore'],
    ] as const) {
      const score = discScore(column, cell(column))
      if (typeof score === 'string') return fail(score)
      scores[type] = score
    }
    return {
      ok: true,
      person: {
        row: record.line,
        firstName,
        lastName,
        name,
        email,
        disc: scores,
        primaryType: primaryType(scores),
        prevue: null,
      },
    }
  }
  const prevue = {} as PrevueScores
  for (const column of STEN_COLUMNS) {
    const score = stenScore(column, cell(column))
    if (typeof score === 'string') return fail(score)
    prevue[PREVUE_STEN_COLUMNS[column]] = score
  }
  return {
    ok: true,
    person: { row: record.line, firstName, lastName, name, email, disc: null, primaryType: null, prevue },
  }
}

export type ImportFile =
  | { ok: false; reason: 'empty' | 'header' | 'no-rows'; message: string }
  | {
      ok: true
      /** Data rows (blank lines are not rows). */
      totalRows: number
      /** Header columns the format does not know, which were left out. */
      ignoredColumns: string[]
      /** Each data row in order, read lazily; call again to read the text again. */
      rows(): Generator<ImportRowOutcome, void, undefined>
    }

export const IMPORT_FILE_MESSAGES = {
  empty: 'Empty input: paste the CSV text, starting with its header row',
  noRows: 'Empty input: the CSV has a header row but no people under it',
} as const

/**
 * Reads an import file: checks the header, counts the data rows, and gives a lazy reader of their
 * outcomes. An e-mail seen on an earlier row of the file fails the later row.
 */
export function readImportFile(format: ImportFormat, text: string, options: ImportRowOptions): ImportFile {
  if (text.trim() === '' || text.replace(/^\uFEFF/, '').trim() === '')
    return { ok: false, reason: 'empty', message: IMPORT_FILE_MESSAGES.empty }
  // One generator for both passes: a for-of that breaks would close it.
  const records = csvRecords(text)
  let header: CsvRecord | undefined
  for (let step = records.next(); !step.done; step = records.next()) {
    if (!isBlankRecord(step.value)) {
      header = step.value
      break
    }
  }
  if (!header) return { ok: false, reason: 'empty', message: IMPORT_FILE_MESSAGES.empty }
  const matched = matchImportHeader(format, header.fields)
  if (!matched.ok) return { ok: false, reason: 'header', message: matched.message }
  let totalRows = 0
  for (let step = records.next(); !step.done; step = records.next())
    if (!isBlankRecord(step.value)) totalRows += 1
  if (totalRows === 0) return { ok: false, reason: 'no-rows', message: IMPORT_FILE_MESSAGES.noRows }
  const width = header.fields.length
  const headerLine = header.line
  return {
    ok: true,
    totalRows,
    ignoredColumns: matched.ignored,
    *rows() {
      const firstRowOf = new Map<string, number>()
      for (const record of csvRecords(text)) {
        if (record.line <= headerLine || isBlankRecord(record)) continue
        const outcome = importRow(format, matched.columns, width, record, options)
        if (outcome.ok) {
          const earlier = firstRowOf.get(outcome.person.email)
          if (earlier !== undefined) {
            const { row, name, email } = outcome.person
            yield {
              ok: false,
              row,
              name,
              email,
              reason: `Duplicate email: already on line ${earlier} of this file`,
            }
            continue
          }
          firstRowOf.set(outcome.person.email, outcome.person.row)
        }
        yield outcome
      }
    },
  }
}
