import { describe, expect, it } from 'vitest'
import {
  DISC_IMPORT_COLUMNS,
  matchImportHeader,
  parseScore,
  PREVUE_IMPORT_COLUMNS,
  readImportFile,
  type ImportRowOutcome,
} from '../src/import-rows.ts'
import { parseSimpleImport, toDiscCsv } from '../src/simple-import.ts'
import { isAccountEmail } from '../src/email.ts'

const DISC_HEADER = DISC_IMPORT_COLUMNS.join(',')
const PREVUE_HEADER = PREVUE_IMPORT_COLUMNS.join(',')
/** The spec's formula makes the passwords, as in the tests of the spec's rules. */
const SPEC = { specPasswords: true }
const stens = (value: string | number) => Array.from({ length: 20 }, () => String(value)).join(',')

function rowsOf(format: 'disc' | 'prevue', text: string): ImportRowOutcome[] {
  const file = readImportFile(format, text, SPEC)
  if (!file.ok) throw new Error(file.message)
  return [...file.rows()]
}
const reasonOf = (outcome: ImportRowOutcome | undefined) => (outcome && !outcome.ok ? outcome.reason : null)

describe('the DISC CSV rows', () => {
  it('imports a good row with rounded scores and the primary type', () => {
    const [row] = rowsOf('disc', `${DISC_HEADER}\nJohn,Smith,John.Smith@Example.com ,80.6,60,40,20\n`)
    expect(row).toEqual({
      ok: true,
      person: {
        row: 2,
        firstName: 'John',
        lastName: 'Smith',
        name: 'John Smith',
        email: 'john.smith@example.com',
        disc: { D: 81, I: 60, S: 40, C: 20 },
        primaryType: 'D',
        prevue: null,
      },
    })
  })

  it.each([
    ['20,80,80,10', 'I'],
    ['50,50,50,50', 'D'],
    ['0,0,0,0', 'D'],
    ['10,20,30,30', 'S'],
    ['10,20,30,40', 'C'],
  ])('primary type of %s is %s (ties keep the earlier, D by default)', (scores, type) => {
    const [row] = rowsOf('disc', `${DISC_HEADER}\nA,Person,a@example.com,${scores}`)
    expect(row?.ok && row.person.primaryType).toBe(type)
  })

  it.each([
    ['a missing first name', ',Smith,j@example.com,1,2,3,4', 'First name, last name, and email are required'],
    ['a missing e-mail', 'John,Smith, ,1,2,3,4', 'First name, last name, and email are required'],
    ['an e-mail without @', 'John,Smith,john.example.com,1,2,3,4', 'Invalid email address: john.example.com'],
    [
      'an e-mail without a domain',
      'John,Smith,john@localhost,1,2,3,4',
      'Invalid email address: john@localhost',
    ],
    [
      'text in a score',
      'John,Smith,j@example.com,high,2,3,4',
      'DISC scores must be numbers (dScore: "high")',
    ],
    ['an empty score', 'John,Smith,j@example.com,1,,3,4', 'DISC scores must be numbers (iScore: empty)'],
    [
      'a score of 150',
      'John,Smith,j@example.com,1,2,150,4',
      'DISC scores must be between 0 and 100 (sScore: 150)',
    ],
    [
      'a negative score',
      'John,Smith,j@example.com,1,2,3,-1',
      'DISC scores must be between 0 and 100 (cScore: -1)',
    ],
    ['too few values', 'John,Smith,j@example.com,1,2', "The line has 5 of the header's 7 values"],
    [
      'an unquoted comma',
      'Smith, John,Smith,j@example.com,1,2,3,4',
      'The line has 8 values but the header has 7: quote values that hold commas',
    ],
    [
      'names too short for a password',
      'Al,B,al@example.com,1,2,3,4',
      expect.stringContaining('shorter than 6 characters'),
    ],
    [
      'a line break in a name',
      '"Jo\nhn",Smith,j@example.com,1,2,3,4',
      'Names must not contain line breaks or control characters',
    ],
    [
      'a name over 100 characters',
      `${'x'.repeat(101)},Smith,j@example.com,1,2,3,4`,
      'First and last names are limited to 100 characters',
    ],
  ])('fails a row with %s', (_label, line, reason) => {
    expect(reasonOf(rowsOf('disc', `${DISC_HEADER}\n${line}`)[0])).toEqual(reason)
  })

  it('imports a formula in a name as text: it is data, neutralised wherever it is exported', () => {
    const [row] = rowsOf(
      'disc',
      `${DISC_HEADER}\n"=HYPERLINK(""http://evil.test"",""x"")",Smith,f@example.com,1,2,3,4`,
    )
    expect(row?.ok && row.person.firstName).toBe('=HYPERLINK("http://evil.test","x")')
  })

  it('fails the later row of an e-mail repeated in the file, in any letter case', () => {
    const outcomes = rowsOf(
      'disc',
      `${DISC_HEADER}\nA,One,same@example.com,1,2,3,4\n\nB,Two,SAME@example.com,1,2,3,4`,
    )
    expect(outcomes.map((outcome) => outcome.ok)).toEqual([true, false])
    expect(outcomes[1]).toMatchObject({ row: 4, reason: 'Duplicate email: already on line 2 of this file' })
  })

  it('matches the header in any order and letter case, and names the columns it ignores', () => {
    const file = readImportFile(
      'disc',
      `email,FIRSTNAME,lastname,cScore,sScore,iScore,dScore,Department\na@example.com,Ann,Lee,1,2,3,4,Sales`,
      SPEC,
    )
    expect(file.ok && file.ignoredColumns).toEqual(['Department'])
    const [row] = file.ok ? [...file.rows()] : []
    expect(row?.ok && row.person.disc).toEqual({ D: 4, I: 3, S: 2, C: 1 })
  })
})

describe('the file as a whole', () => {
  it.each([
    ['empty text', '', 'empty'],
    ['blank lines only', ' \n\r\n', 'empty'],
    ['a byte-order mark only', '\uFEFF', 'empty'],
    ['a header without rows', `${DISC_HEADER}\n\n`, 'no-rows'],
    ['a wrong header', 'name,mail,d,i,s,c\nJohn,j@example.com,1,2,3,4', 'header'],
  ])('refuses %s', (_label, text, reason) => {
    const file = readImportFile('disc', text, SPEC)
    expect(file.ok ? null : file.reason).toBe(reason)
  })

  it('names the missing columns', () => {
    const file = readImportFile('disc', 'firstName,lastName,email,dScore,iScore\nA,B,c@example.com,1,2', SPEC)
    expect(file.ok ? null : file.message).toBe(
      'The first line must be the DISC header row (firstName, lastName, email, dScore, iScore, sScore, cScore); missing columns: sScore, cScore.',
    )
  })

  it('names repeated and unknown columns, and spots the other format', () => {
    const repeated = readImportFile('disc', `${DISC_HEADER},email\nx`, SPEC)
    expect(repeated.ok ? null : repeated.message).toContain('repeated column: email')
    const prevueAsDisc = readImportFile('disc', `${PREVUE_HEADER}\nA,B,c@example.com,${stens(5)}`, SPEC)
    expect(prevueAsDisc.ok ? null : prevueAsDisc.message).toMatch(
      /missing columns: dScore, iScore, sScore, cScore; unknown columns: GeneralAbilities, .*This looks like a Prevue file: use the Prevue import\.$/,
    )
  })

  it('counts data rows without blank lines, reading through quoted line breaks', () => {
    const file = readImportFile(
      'disc',
      `\uFEFF${DISC_HEADER}\r\n"Ann\r\nMarie",Lee,a@example.com,1,2,3,4\r\n\r\nBo,Ek,b@example.com,1,2,3,4\r\n`,
      SPEC,
    )
    expect(file.ok && file.totalRows).toBe(2)
  })
})

describe('hostile files', () => {
  it('keeps a failed row short in the report, however long its values', () => {
    const huge = 'x'.repeat(1_000_000)
    const [row] = rowsOf('disc', `${DISC_HEADER}\n${huge},${huge},${huge},${huge},2,3,4`)
    expect(row?.ok).toBe(false)
    if (row?.ok !== false) return
    expect(row.name.length).toBeLessThanOrEqual(200)
    expect(row.email.length).toBeLessThanOrEqual(320)
    expect(row.reason.length).toBeLessThan(200)
    const [score] = rowsOf('disc', `${DISC_HEADER}\nAnn,Lee,ann@example.com,${huge},2,3,4`)
    expect(score?.ok === false && score.reason).toBe(
      `DISC scores must be numbers (dScore: "${'x'.repeat(39)}…")`,
    )
  })

  it('names at most 25 unknown columns', () => {
    const file = readImportFile(
      'disc',
      `${Array.from({ length: 1000 }, (_, index) => `c${index}`).join(',')}\nx`,
      SPEC,
    )
    expect(file.ok ? null : file.message).toMatch(/unknown columns: c0, c1, .*, c24 and 975 more\.$/)
  })
})

describe('the Prevue CSV rows', () => {
  it("maps the spec's column spellings to the dimensions", () => {
    const values = Array.from({ length: 20 }, (_, index) => String((index % 10) + 1)).join(',')
    const [row] = rowsOf('prevue', `${PREVUE_HEADER}\nAnn,Lee,ann@example.com,${values}`)
    expect(row?.ok && row.person.prevue).toMatchObject({
      generalAbility: 1,
      cooperativeCompetitive: 9,
      socialDesirability: 10,
    })
    // A Prevue row measures no DISC scores, so it carries none (docs/decisions/028-prevue-shown-as-prevue.md).
    expect(row?.ok && row.person.disc).toBeNull()
    expect(row?.ok && row.person.primaryType).toBeNull()
  })

  it.each([
    ['11', 'Prevue scores must be between 1 and 10 (GeneralAbilities: 11)'],
    ['0', 'Prevue scores must be between 1 and 10 (GeneralAbilities: 0)'],
    ['high', 'Prevue scores must be numbers (GeneralAbilities: "high")'],
  ])('fails a sten of %s', (value, reason) => {
    const [row] = rowsOf('prevue', `${PREVUE_HEADER}\nAnn,Lee,ann@example.com,${value},${stens(5).slice(2)}`)
    expect(reasonOf(row)).toBe(reason)
  })

  it('keeps one decimal of a sten', () => {
    const [row] = rowsOf('prevue', `${PREVUE_HEADER}\nAnn,Lee,ann@example.com,${stens('7.25')}`)
    expect(row?.ok && row.person.prevue?.workingWithWords).toBe(7.3)
  })
})

describe('small rules', () => {
  it.each([
    ['a@example.com', true],
    ['first.last+tag@sub.example.co.uk', true],
    ['no-at.example.com', false],
    ['two@@example.com', false],
    ['a@b@example.com', false],
    ['@example.com', false],
    ['a@example', false],
    ['a b@example.com', false],
    ['a@exa mple.com', false],
    ['a@-example.com', false],
    ['a@example.123', false],
    ['.a@example.com', false],
  ])('e-mail %s is valid: %s', (email, valid) => {
    expect(isAccountEmail(email)).toBe(valid)
  })

  it.each([
    ['80', 80],
    [' 72.5 ', 72.5],
    ['.5', 0.5],
    ['1e2', null],
    ['0x10', null],
    ['', null],
    ['Infinity', null],
  ])('score %j reads as %j', (text, value) => {
    expect(parseScore(text)).toBe(value)
  })

  it('takes short names when the passwords are random: only the formula needs 6 characters from them', () => {
    const file = readImportFile('disc', `${DISC_HEADER}\nAl,B,al@example.com,1,2,3,4`, {
      specPasswords: false,
    })
    expect(file.ok && [...file.rows()].map((outcome) => outcome.ok)).toEqual([true])
  })

  it('accepts the exact Prevue header', () => {
    expect(matchImportHeader('prevue', [...PREVUE_IMPORT_COLUMNS]).ok).toBe(true)
  })
})

describe("the Simple Import page's parse (docs/requirements.md section 5)", () => {
  it.each([
    ['', 'Empty input', 'Please enter data in the text area'],
    ['  \n\t\n', 'Empty input', 'Please enter data in the text area'],
    [
      'John,Smith,j@example.com,1,2,3',
      'Invalid format',
      "Line doesn't have enough values: John,Smith,j@example.com,1,2,3",
    ],
    [',Smith,j@example.com,1,2,3,4', 'Missing data', 'First name, last name, and email are required'],
    ['John, ,j@example.com,1,2,3,4', 'Missing data', 'First name, last name, and email are required'],
    ['John,Smith,j@example.com,1,two,3,4', 'Invalid DISC scores', 'DISC scores must be numbers'],
    ['# only a comment\n\n', 'No users to import', 'No valid users found in the input data'],
    [`${DISC_HEADER}\n`, 'No users to import', 'No valid users found in the input data'],
  ])('%j gives %s', (text, title, description) => {
    expect(parseSimpleImport(text)).toEqual({ ok: false, title, description })
  })

  it('skips blank lines, # lines and a header, and counts the people found', () => {
    const parsed = parseSimpleImport(
      `# team\r\n${DISC_HEADER}\r\n\r\nJohn,Smith,john@example.com,80,60,40,20\n  \n"Lee, Ann",Ek,ann@example.com,1,2.5,3,4\n`,
    )
    expect(parsed).toEqual({
      ok: true,
      title: 'CSV Parsed Successfully',
      description: 'Found 2 users to import',
      users: [
        {
          firstName: 'John',
          lastName: 'Smith',
          email: 'john@example.com',
          dScore: 80,
          iScore: 60,
          sScore: 40,
          cScore: 20,
        },
        {
          firstName: 'Lee, Ann',
          lastName: 'Ek',
          email: 'ann@example.com',
          dScore: 1,
          iScore: 2.5,
          sScore: 3,
          cScore: 4,
        },
      ],
    })
  })

  it('builds the csvText the server reads back as the same people', () => {
    const parsed = parseSimpleImport(
      'John,Smith,john@example.com,80,60,40,20\n"Lee, ""Ann""",Ek,ann@example.com,1,2,3,4',
    )
    if (!parsed.ok) throw new Error(parsed.description)
    const csvText = toDiscCsv(parsed.users)
    expect(csvText.split('\n')[0]).toBe(DISC_HEADER)
    const rows = rowsOf('disc', csvText)
    expect(rows.map((row) => row.ok && [row.person.firstName, row.person.email])).toEqual([
      ['John', 'john@example.com'],
      ['Lee, "Ann"', 'ann@example.com'],
    ])
  })
})
