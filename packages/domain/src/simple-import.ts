/**
 * The Simple Import page's Bulk Import tab: its own parse of pasted people, then the DISC CSV it sends to
 * `/api/simple-import`, where the rules of import-rows.ts apply.
 */
import { csvLine, csvRecords } from './csv.ts'
import { DISC_IMPORT_COLUMNS, IMPORT_MESSAGES, matchImportHeader, parseScore } from './import-rows.ts'
export interface SimpleImportUser {
  firstName: string
  lastName: string
  email: string
  dScore: number
  iScore: number
  sScore: number
  cScore: number
}

export type SimpleImportParse =
  | { ok: true; users: SimpleImportUser[]; title: string; description: string }
  | { ok: false; title: string; description: string }

/**
 * The page's Parse (docs/requirements.md section 5): one person per line as firstName,lastName,email,D,I,S,C; blank lines
 * and lines starting with # are skipped, and so is a header row naming the DISC columns. The first problem
 * stops the parse with the spec's toast texts.
 */
export function parseSimpleImport(text: string): SimpleImportParse {
  if (text.trim() === '') return { ok: false, ...IMPORT_MESSAGES.emptyInput }
  const users: SimpleImportUser[] = []
  for (const rawLine of text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)) {
    const line = rawLine.trim()
    if (line === '' || line.startsWith('#')) continue
    const fields = [...csvRecords(line)][0]?.fields.map((field) => field.trim()) ?? []
    if (users.length === 0 && matchImportHeader('disc', fields).ok) continue
    if (fields.length < DISC_IMPORT_COLUMNS.length)
      return { ok: false, ...IMPORT_MESSAGES.invalidFormat(line) }
    const [firstName, lastName, email, ...scoreTexts] = fields as [string, string, string, ...string[]]
    if (!firstName || !lastName || !email) return { ok: false, ...IMPORT_MESSAGES.missingData }
    const scores = scoreTexts.slice(0, 4).map(parseScore)
    if (scores.some((score) => score === null)) return { ok: false, ...IMPORT_MESSAGES.invalidScores }
    const [dScore, iScore, sScore, cScore] = scores as [number, number, number, number]
    users.push({ firstName, lastName, email, dScore, iScore, sScore, cScore })
  }
  if (users.length === 0) return { ok: false, ...IMPORT_MESSAGES.noUsers }
  return { ok: true, users, ...IMPORT_MESSAGES.parsed(users.length) }
}

/** The csvText the page sends to `/api/simple-import`: the DISC header, then one quoted-as-needed line each. */
export function toDiscCsv(users: readonly SimpleImportUser[]): string {
  const lines = [csvLine(DISC_IMPORT_COLUMNS)]
  for (const user of users)
    lines.push(
      csvLine([
        user.firstName,
        user.lastName,
        user.email,
        String(user.dScore),
        String(user.iScore),
        String(user.sScore),
        String(user.cScore),
      ]),
    )
  return `${lines.join('\n')}\n`
}
