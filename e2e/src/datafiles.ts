import { existsSync, readFileSync } from 'node:fs'

/** The documents of a NeDB datafile as the service last wrote them (one JSON line per write). */
export function readDatafile(file: string): Array<Record<string, unknown>> {
  if (!existsSync(file)) return []
  const documents = new Map<string, Record<string, unknown>>()
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue
    const document = JSON.parse(line) as Record<string, unknown>
    if (typeof document._id !== 'string') continue
    if (document.$$deleted) documents.delete(document._id)
    else documents.set(document._id, document)
  }
  return [...documents.values()]
}
