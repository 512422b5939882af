// `npm run data:repair`: for a stopped product whose start-up named a damaged data file. Every NeDB file under
// DATA_DIR (or the folder given as the first argument) with a cut or garbled line is copied to
// `<file>.bak-<timestamp>` and rewritten without those lines; each dropped line is listed by number and size,
// never by content (records hold password hashes and token digests).
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, findDatafiles, repairDatafile } from '@app/kit/store/datafiles'

export async function repairDataDirectory(directory: string, write: (line: string) => void): Promise<number> {
  const files = await findDatafiles(directory)
  let repaired = 0
  for (const path of files) {
    const result = await repairDatafile(path)
    if (!result) continue
    repaired += 1
    write(`${path}: kept a copy as ${result.backup}`)
    for (const line of result.dropped) write(`  dropped ${describe(line)}`)
  }
  write(
    repaired === 0
      ? `All ${files.length} data files under ${directory} are intact; nothing changed.`
      : `Repaired ${repaired} of ${files.length} data files under ${directory}. The product can start again.`,
  )
  return repaired
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const directory = resolve(process.argv[2] ?? process.env.DATA_DIR ?? 'data')
  await repairDataDirectory(directory, (line) => process.stdout.write(`${line}\n`))
}
