import { buildApp } from '@app/profiles/app'
import { PREVUE_DIMENSIONS } from '@app/domain/prevue'
import type { Identity } from '@app/kit/identity'
import { createEmbeddedDependencies, identityHeaders } from '@app/kit/testing/service-dependencies'
import { option } from './support.ts'

/**
 * The profile report (issue 28, docs/decisions/057-profile-reports.md): the real profiles service on embedded
 * stores answers GET /api/profiles/:id/report one request after another, DISC and Prevue profiles in turn, with
 * Latin, markup and right-to-left names. Measures the time of each answer (p50, p99, max), the CPU time it took, and the largest
 * file. Flags: --reports <n> (200), --check (exit 1 over the budgets: p99 300 ms, 250 kB).
 */
const BUDGET_P99_MS = 300
const BUDGET_BYTES = 250_000
const reports = Number(option('--reports') ?? 200)
const WARM_UP = 10

const owner: Identity = {
  userId: 7,
  role: 'standard',
  username: 'owner@example.com',
  mustChangePassword: false,
}
const NAMES = [
  'Ada Lovelace',
  'Zoë <b>Brontë</b> & Co',
  'דוד כהן',
  'مريم الحسن',
  'Дмитрий Ωμέγα',
  'W'.repeat(100),
]

const dependencies = await createEmbeddedDependencies('profiles')
const app = await buildApp(dependencies)
const ids: number[] = []
for (const [index, name] of NAMES.entries()) {
  const disc = { name, dScore: (index * 37) % 101, iScore: (index * 53) % 101, sScore: 40, cScore: 65 }
  const scoresData = Object.fromEntries(
    PREVUE_DIMENSIONS.map((key, offset) => [key, 1 + ((index + offset) % 10)]),
  )
  for (const payload of [disc, { assessmentType: 'prevue', name, scoresData }]) {
    const saved = await app.inject({
      method: 'POST',
      url: '/api/assessments',
      headers: identityHeaders('profiles', owner),
      payload,
    })
    if (saved.statusCode !== 201) throw new Error(`save failed: ${saved.body}`)
    ids.push((saved.json() as { id: number }).id)
  }
}

const times: number[] = []
const cpuTimes: number[] = []
let largest = 0
for (let index = 0; index < WARM_UP + reports; index += 1) {
  const id = ids[index % ids.length]!
  const started = performance.now()
  const cpuBefore = process.cpuUsage()
  const answer = await app.inject({
    method: 'GET',
    url: `/api/profiles/${id}/report`,
    headers: identityHeaders('profiles', owner),
  })
  const elapsed = performance.now() - started
  const cpu = process.cpuUsage(cpuBefore)
  if (answer.statusCode !== 200) throw new Error(`report ${id}: ${answer.statusCode}`)
  if (index < WARM_UP) continue
  times.push(elapsed)
  cpuTimes.push((cpu.user + cpu.system) / 1000)
  largest = Math.max(largest, answer.rawPayload.length)
}
await app.close()
await dependencies.close()

times.sort((a, b) => a - b)
cpuTimes.sort((a, b) => a - b)
const at = (share: number, sorted = times) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!
const result = {
  reports,
  p50Ms: Number(at(0.5).toFixed(1)),
  p99Ms: Number(at(0.99).toFixed(1)),
  maxMs: Number(times.at(-1)!.toFixed(1)),
  // CPU time of the process per report: what the machine's other load does not inflate (bench/README.md).
  cpuP50Ms: Number(at(0.5, cpuTimes).toFixed(1)),
  cpuP99Ms: Number(at(0.99, cpuTimes).toFixed(1)),
  largestBytes: largest,
}
console.log(JSON.stringify(result))
if (process.argv.includes('--check') && (result.p99Ms > BUDGET_P99_MS || largest > BUDGET_BYTES)) {
  console.error(`over budget: p99 ≤ ${BUDGET_P99_MS} ms and ≤ ${BUDGET_BYTES} bytes per report`)
  process.exit(1)
}
