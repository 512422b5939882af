/** Both adapters refuse the same ttls, so a caller's bug shows up in the embedded mode too. */
export function validTtl(ttlMs: number): number {
  if (!Number.isFinite(ttlMs) || ttlMs <= 0)
    throw new RangeError(`ttlMs must be a positive number, got ${ttlMs}`)
  return Math.ceil(ttlMs)
}
