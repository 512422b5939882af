import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks'
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8'

/**
 * V8 settings of every product process, applied when this module is first imported (run-service.ts imports
 * it, and every entry imports run-service). Node refuses these flags in NODE_OPTIONS, so they are set here
 * rather than by the launchers; V8 reads both at each use, so setting them once the process runs is in time.
 *
 * Allocation-site pretenuring off (docs/decisions/069-no-pretenuring-and-group-commit.md): V8 otherwise starts
 * allocating an object literal's later copies straight in the old generation once most copies from that place
 * in the code survived a scavenge. A list built while the heap was busy (a load, a long answer) turned
 * per-request objects into old-generation garbage that only a major collection frees, and those collections
 * stalled the soak's windows.
 */
setFlagsFromString('--no-allocation-site-pretenuring')

/**
 * How far the old generation grows past what the last major collection kept before the next one starts, in
 * percent. Left to itself, V8 judges its marking cheap beside the product's slow promotion and collects once the
 * old generation has grown by a tenth to a third: every 10 to 20 s under load, each marking beside the requests
 * on a machine whose cores they already use (docs/decisions/077-old-generation-grows-twofold.md). At most
 * twice, and less once that would leave the collections further apart than `MAJOR_INTERVAL_TARGET_MS`: V8's
 * memory reducer forces a collection once none has come for 100 s, and that one shrinks the young generation,
 * after which scavenges come every few milliseconds until it has grown back
 * (docs/decisions/083-major-collections-within-a-minute.md).
 */
export const GROWTH_PERCENT = { most: 100, least: 10 }
/** Well below the memory reducer's 100 s, so that a change of load between two collections stays below it. */
export const MAJOR_INTERVAL_TARGET_MS = 60_000

/**
 * The growth to ask for after a major collection, from the interval that just ended: `governing` percent of what
 * the collection before it kept (`keptBefore`) was promoted in `intervalMs`. At that rate, the next interval is
 * `targetMs` long when the old generation may grow by the answer's percent of what this one kept.
 */
export function nextGrowthPercent(
  interval: { governing: number; keptBefore: number; keptNow: number; intervalMs: number },
  targetMs = MAJOR_INTERVAL_TARGET_MS,
): number {
  const { governing, keptBefore, keptNow, intervalMs } = interval
  const promotedPerMs = ((governing / 100) * keptBefore) / intervalMs
  const percent = Math.round((100 * promotedPerMs * targetMs) / keptNow)
  return Math.min(GROWTH_PERCENT.most, Math.max(GROWTH_PERCENT.least, percent))
}

const oldGenerationUsed = () =>
  getHeapSpaceStatistics()
    .filter((space) => !space.space_name.startsWith('new_'))
    .reduce((sum, space) => sum + space.space_used_size, 0)

let observing: { targetMs: number } | null = null

/**
 * Sets the growth after every major collection (`nextGrowthPercent`). V8 reads the flag when a collection
 * ends, before this observer hears of it: a value set now governs the interval after next, so the interval
 * that just ended was governed by the value set one collection earlier.
 */
export function keepMajorCollectionsApart(targetMs = MAJOR_INTERVAL_TARGET_MS): void {
  // Once per process; a later call only changes the target (the test gives a short one).
  if (observing) {
    observing.targetMs = targetMs
    return
  }
  const settings = { targetMs }
  observing = settings
  // The growth asked for after the collection before last (it governed the interval that just ended) and
  // after the last one.
  let asked: [number, number] = [GROWTH_PERCENT.most, GROWTH_PERCENT.most]
  let last: { endedAt: number; kept: number } | null = null
  setFlagsFromString(`--heap-growing-percent=${GROWTH_PERCENT.most}`)
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const { detail } = entry as PerformanceEntry & { detail?: { kind?: number } }
      if (detail?.kind !== constants.NODE_PERFORMANCE_GC_MAJOR) continue
      const endedAt = entry.startTime + entry.duration
      const kept = oldGenerationUsed()
      if (last && endedAt > last.endedAt) {
        const interval = {
          governing: asked[0],
          keptBefore: last.kept,
          keptNow: kept,
          intervalMs: endedAt - last.endedAt,
        }
        const next = nextGrowthPercent(interval, settings.targetMs)
        asked = [asked[1], next]
        setFlagsFromString(`--heap-growing-percent=${next}`)
      }
      last = { endedAt, kept }
    }
  }).observe({ entryTypes: ['gc'] })
}
keepMajorCollectionsApart()
