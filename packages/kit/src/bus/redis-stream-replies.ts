/** Parsing of the raw stream replies that `redis.call` returns (ioredis leaves them untyped). */

export interface StreamEntry {
  id: string
  /** Null when the entry was trimmed from the stream while still pending. */
  fields: Record<string, string> | null
}

function toFields(raw: unknown): Record<string, string> | null {
  if (!Array.isArray(raw)) return null
  const fields: Record<string, string> = {}
  for (let index = 0; index + 1 < raw.length; index += 2) fields[String(raw[index])] = String(raw[index + 1])
  return fields
}

function toEntries(raw: unknown): StreamEntry[] {
  if (!Array.isArray(raw)) return []
  return raw.flatMap((entry: unknown) =>
    Array.isArray(entry) && typeof entry[0] === 'string'
      ? [{ id: entry[0], fields: toFields(entry[1]) }]
      : [],
  )
}

/** XREADGROUP on one stream: null on timeout, else `[[stream, entries]]`. */
export function parseReadGroup(reply: unknown): StreamEntry[] {
  if (!Array.isArray(reply)) return []
  const stream: unknown = reply[0]
  return Array.isArray(stream) ? toEntries(stream[1]) : []
}

/** XAUTOCLAIM: `[nextStart, entries, deletedIds]` (the third part since Redis 7). */
export function parseAutoClaim(reply: unknown): { next: string; entries: StreamEntry[]; deleted: string[] } {
  if (!Array.isArray(reply)) return { next: '0-0', entries: [], deleted: [] }
  const deleted = Array.isArray(reply[2]) ? reply[2].map(String) : []
  return { next: String(reply[0] ?? '0-0'), entries: toEntries(reply[1]), deleted }
}

/** XPENDING with a range: `[[id, consumer, idleMs, deliveries], ...]`. */
export function parsePendingDeliveries(reply: unknown): Map<string, number> {
  const deliveries = new Map<string, number>()
  if (!Array.isArray(reply)) return deliveries
  for (const row of reply) if (Array.isArray(row)) deliveries.set(String(row[0]), Number(row[3]))
  return deliveries
}
