import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createDocumentStore } from '@app/kit/store/index'
import { createAssessmentsRepository } from '@app/profiles/assessments-repository'
import { signIn, startBenchProduct } from './product.ts'
import { option } from './support.ts'

/**
 * "Download my data" streams (issue 29, docs/decisions/060-download-my-data.md): the whole product in one
 * process (run mode 1) answers GET /api/account/export for an account owning many profiles, and the live heap
 * (after a full collection) is sampled every 500 ms while the archive downloads; more often, the collections
 * would stall the download itself. If the archive or a part sat whole in memory, the peak above the live heap
 * before the download would grow with the number of profiles; streamed, it stays flat while the archive grows. Runs at each size of --sizes (default 2000,10000,20000), each profile with 28
 * answers; prints archive bytes, time and the peak extra heap.
 * `node --expose-gc --import tsx account-export.ts [--sizes 2000,20000]` (`pnpm bench:account-export`).
 */
const sizes = (option('--sizes') ?? '2000,10000,20000').split(',').map(Number)
const collect = (globalThis as { gc?: () => void }).gc
if (!collect) throw new Error('run with node --expose-gc (pnpm bench:account-export)')

const liveHeap = () => {
  collect!()
  return process.memoryUsage().heapUsed
}

/** Stores `count` profiles of user 1 (the first administrator) straight into the profiles service's files. */
async function storeProfiles(dataDirectory: string, count: number) {
  const store = await createDocumentStore({ dataDirectory, service: 'profiles' })
  const assessments = await createAssessmentsRepository(store)
  const pending: Array<Promise<unknown>> = []
  for (let index = 0; index < count; index += 1) {
    const d = (index * 37) % 101
    pending.push(
      assessments.create({
        userId: 1,
        name: `Exported Person ${index}`,
        assessmentType: 'disc',
        dScore: d,
        iScore: 100 - d,
        sScore: 50,
        cScore: 25,
        primaryType: d >= 50 ? 'D' : 'I',
        scoresData: null,
        answers: Array.from({ length: 28 }, (_, question) => `q${question}:most=${(index + question) % 4}`),
        timestamp: new Date(Date.UTC(2026, 0, 1) + index * 1000).toISOString(),
      }),
    )
    if (pending.length === 1_000) await Promise.all(pending.splice(0))
  }
  await Promise.all(pending)
  await store.close()
}

async function measure(profiles: number) {
  const dataDirectory = await mkdtemp(join(tmpdir(), 'bench-export-'))
  try {
    // The first start creates the administrator (user 1); the profiles are stored while the product is down.
    const first = await startBenchProduct({}, dataDirectory)
    const administrator = first.administrator
    await first.close()
    await storeProfiles(dataDirectory, profiles)
    const product = await startBenchProduct(
      { ADMIN_EMAIL: administrator.email, ADMIN_PASSWORD: administrator.password },
      dataDirectory,
    )
    Object.assign(product.administrator, administrator)
    try {
      const cookie = await signIn(product)
      const before = liveHeap()
      let peak = before
      const sampler = setInterval(() => (peak = Math.max(peak, liveHeap())), 500)
      const started = performance.now()
      const response = await fetch(new URL('/api/account/export', product.url), { headers: { cookie } })
      if (response.status !== 200)
        throw new Error(`export answered ${response.status}: ${await response.text()}`)
      let bytes = 0
      let firstByteMs = 0
      for await (const chunk of response.body!) {
        if (bytes === 0) firstByteMs = performance.now() - started
        bytes += (chunk as Uint8Array).length
      }
      const totalMs = performance.now() - started
      clearInterval(sampler)
      return {
        profiles,
        archiveBytes: bytes,
        firstByteMs: Math.round(firstByteMs),
        totalMs: Math.round(totalMs),
        heapBeforeMB: +(before / 1_048_576).toFixed(1),
        peakExtraHeapMB: +((peak - before) / 1_048_576).toFixed(1),
      }
    } finally {
      await product.close()
    }
  } finally {
    await rm(dataDirectory, { recursive: true, force: true })
  }
}

const results = []
for (const size of sizes) results.push(await measure(size))
console.table(results)
