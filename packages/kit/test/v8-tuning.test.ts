import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { GROWTH_PERCENT, MAJOR_INTERVAL_TARGET_MS, nextGrowthPercent } from '../src/v8-tuning.ts'

const TUNING = fileURLToPath(new URL('../src/v8-tuning.ts', import.meta.url))
const RUN_SERVICE = fileURLToPath(new URL('../src/run-service.ts', import.meta.url))
const ROOT = fileURLToPath(new URL('../../..', import.meta.url))
/** Every file a product process starts from: each service's and the gateway's server, and the all-in-one. */
const ENTRIES = [
  ...readdirSync(join(ROOT, 'services')).map((service) => join('services', service, 'src/server.ts')),
  'gateway/src/server.ts',
  'scripts/all-in-one.ts',
]

/**
 * A workload that makes V8 pretenure an allocation site: most objects of one object literal survive their
 * scavenges while a long list is built, as the products' lists built at start-up and in long answers do.
 */
const WORKLOAD = `
const make = (i) => ({ id: i, name: 'n', score: i * 2 })
let held = []
for (let i = 0; i < 1_500_000; i++) held.push(make(i))
held = null
`

/** What V8 printed with `flags`, in a process that first imports `module` (if any) and runs `workload`. */
function v8ReportOf(module: string | null, flags: string[], workload: string): string {
  const source = `${module ? `await import(${JSON.stringify(module)});` : ''}${workload}`
  const result = spawnSync(
    process.execPath,
    [...flags, '--import', 'tsx', '--input-type=module', '-e', source],
    {
      encoding: 'utf8',
      timeout: 60_000,
      maxBuffer: 64 * 2 ** 20,
    },
  )
  expect(result.status, result.stderr).toBe(0)
  return result.stdout
}

/** V8's pretenuring report for the workload, in a process that first imports `module` (if any). */
function traceOf(module: string | null) {
  const report = v8ReportOf(module, ['--trace-pretenuring-statistics'], WORKLOAD)
  // Each allocation site V8 decided to pretenure.
  return { pretenured: report.split('\n').filter((line) => /=> tenure/.test(line)) }
}

/**
 * A process in the product's state under load (decision 077): it keeps a few hundred thousand objects and
 * promotes little beside them. Each round ends in a major collection, after which V8 sets how far the old
 * generation may grow before the next.
 */
const KEEPS_AND_PROMOTES = `
const kept = []
for (let i = 0; i < 300_000; i++) kept.push({ id: i, tags: [i] })
for (let round = 0; round < 4; round++) {
  for (let i = 0; i < 2_000_000; i++) kept[i % 1_000].tags = [i]
  globalThis.gc()
}
`

/** As KEEPS_AND_PROMOTES, with a second between its major collections, after `setUp` ran. */
const KEEPS_AND_PROMOTES_SLOWLY = (setUp: string) => `
${setUp}
const kept = []
for (let i = 0; i < 300_000; i++) kept.push({ id: i, tags: [i] })
for (let round = 0; round < 5; round++) {
  for (let i = 0; i < 2_000_000; i++) kept[i % 1_000].tags = [i]
  globalThis.gc()
  await new Promise((resolve) => setTimeout(resolve, 1_000))
}
`

/** The growing factors V8 chose for the old generation, in order, in a process that first imports `module`. */
function growingFactorsOf(module: string | null, workload = KEEPS_AND_PROMOTES): number[] {
  const report = v8ReportOf(module, ['--expose-gc', '--trace-gc-verbose'], workload)
  // "[HeapController] Limit: old size: 33944 KB, new limit: 83997 KB (2.0)"
  return [...report.matchAll(/\[HeapController\] Limit: .*\(([\d.]+)\)$/gm)].map((match) => Number(match[1]))
}

describe("a product process's V8 settings (decisions 069, 077 and 083)", () => {
  it('never pretenure an allocation site, where V8 on its own does', () => {
    expect(traceOf(null).pretenured.length, 'the workload makes V8 pretenure').toBeGreaterThan(0)
    expect(traceOf(TUNING).pretenured).toEqual([])
  }, 60_000)

  it('let the old generation grow to twice what a major collection kept, where V8 on its own grows it by a tenth', () => {
    expect(growingFactorsOf(null).at(-1), "V8's own choice for this process").toBeLessThan(1.5)
    const factors = growingFactorsOf(TUNING)
    expect(factors.length).toBeGreaterThanOrEqual(4)
    expect(factors.slice(-4)).toEqual([2, 2, 2, 2])
  }, 60_000)

  it('grow it by less once major collections come further apart than a minute (decision 083)', () => {
    // Collections 1 s apart, against a target of 300 ms: the growth asked for falls to the least, a tenth.
    const setUp = `const { keepMajorCollectionsApart } = await import(${JSON.stringify(TUNING)}); keepMajorCollectionsApart(300)`
    const factors = growingFactorsOf(null, KEEPS_AND_PROMOTES_SLOWLY(setUp))
    expect(factors.length).toBeGreaterThanOrEqual(5)
    expect(factors.at(-1)).toBe(1 + GROWTH_PERCENT.least / 100)
    // The same collections against the product's target of a minute keep twice.
    expect(growingFactorsOf(TUNING, KEEPS_AND_PROMOTES_SLOWLY('')).at(-1)).toBe(2)
  }, 60_000)

  it("asks for the growth that a minute of promotion at the last interval's rate needs, within its bounds", () => {
    const mib = 2 ** 20
    // The old generation grew by all the 200 MiB kept (100%) in 120 s: a minute of that is 100 MiB, half of
    // the 200 MiB kept now.
    const slow = { governing: 100, keptBefore: 200 * mib, keptNow: 200 * mib, intervalMs: 120_000 }
    expect(nextGrowthPercent(slow)).toBe(50)
    // Kept more since: the same minute of promotion is a smaller share of it.
    expect(nextGrowthPercent({ ...slow, keptNow: 400 * mib })).toBe(25)
    expect(nextGrowthPercent({ ...slow, intervalMs: 20_000 })).toBe(GROWTH_PERCENT.most)
    expect(nextGrowthPercent({ ...slow, intervalMs: 20 * MAJOR_INTERVAL_TARGET_MS })).toBe(
      GROWTH_PERCENT.least,
    )
  })

  it('hold in every process that loads run-service, which every entry imports', () => {
    expect(traceOf(RUN_SERVICE).pretenured).toEqual([])
    expect(growingFactorsOf(RUN_SERVICE).at(-1)).toBe(2)
    expect(ENTRIES).toHaveLength(8)
    for (const entry of ENTRIES)
      expect(readFileSync(join(ROOT, entry), 'utf8'), entry).toContain("from '@app/kit/run-service'")
  }, 60_000)
})
