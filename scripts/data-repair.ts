// `npm run data:repair`: for a stopped product whose start-up named a damaged data file. Every NeDB file and the
// key-value journal under DATA_DIR (or the folder given as the first argument) with a cut or garbled line is
// copied to `<file>.bak-<timestamp>` and rewritten without those lines; each dropped line is listed by number
// and size, never by content (records hold password hashes and token digests).
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { journalFileOf } from '@app/kit/kv/index'
import { isJournalRecord } from '@app/kit/kv/journal'
import { describe, findDatafiles, isNedbRecord, repairDatafile } from '@app/kit/store/datafiles'
import { forgetSessionSecret } from './secrets.ts'

export async function repairDataDirectory(directory: string, write: (line: string) => void): Promise<number> {
  const journal = journalFileOf(directory)
  const files = [...(await findDatafiles(directory)), ...(existsSync(journal) ? [journal] : [])]
  let repaired = 0
  for (const path of files) {
    const result = repairDatafile(path, { isRecord: path === journal ? isJournalRecord : isNedbRecord })
    if (!result) continue
    repaired += 1
    write(`${path}: kept a copy as ${result.backup}`)
    for (const line of result.dropped) write(`  dropped ${describe(line)}`)
    if (path === journal && result.dropped.some((line) => line.reason === 'garbled'))
      write(`  ${endEverySession(directory)}`)
  }
  write(
    repaired === 0
      ? `All ${files.length} data files under ${directory} are intact; nothing changed.`
      : `Repaired ${repaired} of ${files.length} data files under ${directory}. The product can start again.`,
  )
  return repaired
}

/**
 * A garbled line of the key-value journal may have been a revocation (a logout, a password change), and
 * without it that session would be accepted again (docs/security.md 10): every session ends instead.
 */
function endEverySession(directory: string): string {
  const lost = 'A dropped line may have ended a session'
  return forgetSessionSecret(directory)
    ? `${lost}: every session now ends (a new SESSION_SECRET is made at the next start), and users sign in again.`
    : `${lost}: set a new SESSION_SECRET before the next start, so that every session ends.`
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const directory = resolve(process.argv[2] ?? process.env.DATA_DIR ?? 'data')
  await repairDataDirectory(directory, (line) => process.stdout.write(`${line}\n`))
}
