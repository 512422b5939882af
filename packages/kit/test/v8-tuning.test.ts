import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

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

/** V8's own report, in a process that first imports `module` (if any) and runs the workload. */
function traceOf(module: string | null) {
  const source = `${module ? `await import(${JSON.stringify(module)});` : ''}${WORKLOAD}`
  const result = spawnSync(
    process.execPath,
    ['--trace-pretenuring-statistics', '--import', 'tsx', '--input-type=module', '-e', source],
    { encoding: 'utf8', timeout: 60_000, maxBuffer: 64 * 2 ** 20 },
  )
  expect(result.status, result.stderr).toBe(0)
  // Each allocation site V8 decided to pretenure.
  return { pretenured: result.stdout.split('\n').filter((line) => /=> tenure/.test(line)) }
}

describe("a product process's V8 settings (decision 069)", () => {
  it('never pretenure an allocation site, where V8 on its own does', () => {
    expect(traceOf(null).pretenured.length, 'the workload makes V8 pretenure').toBeGreaterThan(0)
    expect(traceOf(TUNING).pretenured).toEqual([])
  }, 60_000)

  it('hold in every process that loads run-service, which every entry imports', () => {
    expect(traceOf(RUN_SERVICE).pretenured).toEqual([])
    expect(ENTRIES).toHaveLength(8)
    for (const entry of ENTRIES)
      expect(readFileSync(join(ROOT, entry), 'utf8'), entry).toContain("from '@app/kit/run-service'")
  }, 60_000)
})
