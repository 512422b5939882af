import { existsSync, readFileSync } from 'node:fs'

/** The documents of a NeDB datafile as the service last wrote them (one JSON line per write). */
export function readDatafile(file: string): Array<Record<string, unknown>> {
  if (!existsSync(file)) return []
  const documents = new Map<string | number, Record<string, unknown>>()
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue
    const document = JSON.parse(line) as Record<string, unknown>
    const key = document._id
    // A string, or the integer id of an int collection (decision 016).
    if (typeof key !== 'string' && typeof key !== 'number') continue
    if (document.$$deleted) documents.delete(key)
    else documents.set(key, document)
  }
  return [...documents.values()]
}
