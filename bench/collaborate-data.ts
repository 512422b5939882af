import { request } from 'node:http'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib'
import { createAssessmentsRepository, type NewAssessment } from '@app/profiles/assessments-repository'
import { PREVUE_ABILITIES, PREVUE_MOTIVATIONS, PREVUE_PERSONALITY } from '@app/domain/prevue'
import { createNedbStore } from '@app/kit/store/nedb'
import { displayName } from '../web/src/lib/display-name.ts'
import { signIn, startBenchProduct } from './product.ts'
import { benchName, median, option } from './support.ts'

/**
 * What the Collaborate page loads with 100,000 profiles (issue 10: "less than 100 KB of profile data").
 * The profiles store is filled through the profiles service's own repository, then the whole product runs
 * on it (all-in-one, `startAllInOne` through `product.ts`, API only) and this script makes the calls the page makes on load, as the
 * first administrator, who may see every profile:
 *
 * - `GET /api/auth/me` (the route's `useMe`);
 * - `GET /api/profiles/lookup?q=<own name>&limit=50` (Profile A preselected: `findOwnProfile`), and
 *   `?q=&limit=50` only when that finds nothing;
 * - `GET /api/profiles/map?q=` (the team map);
 * - `GET /api/profiles/lookup?q=&limit=20`, the first page of each picker, for A and for B (in the browser
 *   both share one cached query, and it is fetched only when a picker opens; counted twice here).
 *
 * It sums the JSON bodies, uncompressed and as sent with the browser's `Accept-Encoding`, and times each
 * call: the first (cold) call after start-up, then the median of `--repeat` more.
 * `npx tsx collaborate-data.ts [--profiles 100000] [--repeat 20] [--check]`
 */
const PROFILES = Number(option('--profiles') ?? 100_000)
const REPEAT = Number(option('--repeat') ?? 20)
const OWNERS = 1_000
const BATCH = 2_000
const BUDGET_BYTES = 100 * 1024

const fullName = benchName

/** One in four a Prevue result (with its dimensions, the largest kind of profile), the rest DISC. */
function assessment(index: number): NewAssessment {
  const d = (index * 37) % 101
  const i = (index * 53) % 101
  const s = (index * 71) % 101
  const c = (index * 89) % 101
  const prevue = index % 4 === 3
  const scoresData = prevue
    ? {
        ...Object.fromEntries(PREVUE_ABILITIES.map((key, offset) => [key, 1 + ((index + offset) % 10)])),
        ...Object.fromEntries(PREVUE_MOTIVATIONS.map((key) => [key, 5.5])),
        ...Object.fromEntries(
          PREVUE_PERSONALITY.map((key, offset) => [key, 1 + ((index * 3 + offset) % 90) / 10]),
        ),
      }
    : null
  const highest = Math.max(d, i, s, c)
  return {
    userId: 1000 + (index % OWNERS),
    name: fullName(index),
    assessmentType: prevue ? 'prevue' : 'disc',
    // A Prevue result has no DISC scores (docs/decisions/028-prevue-shown-as-prevue.md).
    dScore: prevue ? null : d,
    iScore: prevue ? null : i,
    sScore: prevue ? null : s,
    cScore: prevue ? null : c,
    primaryType: prevue ? null : highest === d ? 'D' : highest === i ? 'I' : highest === s ? 'S' : 'C',
    scoresData: scoresData as NewAssessment['scoresData'],
    answers: prevue ? ['prevue-1-numbers', 'prevue-2-people'] : ['D', 'I', 'S', 'C'],
    timestamp: new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString(),
  }
}

/** Fills all but one profile through the repository; the last is the user's own, saved through the API. */
async function fill(dataDirectory: string): Promise<void> {
  const store = await createNedbStore({ directory: join(dataDirectory, 'profiles') })
  const assessments = await createAssessmentsRepository(store)
  const started = performance.now()
  // Concurrent inserts share one fsync of the datafile (the kit's syncer), so batches fill quickly.
  for (let first = 0; first < PROFILES - 1; first += BATCH) {
    const last = Math.min(PROFILES - 1, first + BATCH)
    await Promise.all(
      Array.from({ length: last - first }, (_, offset) => assessments.create(assessment(first + offset))),
    )
  }
  await store.close()
  console.log(`filled ${PROFILES - 1} profiles in ${((performance.now() - started) / 1000).toFixed(1)} s`)
}

interface Answer {
  status: number
  /** Bytes on the wire (the body as sent, compressed when the gateway compressed it). */
  wireBytes: number
  /** Bytes of the JSON itself. */
  jsonBytes: number
  encoding: string
  json: unknown
  ms: number
}

/** One GET with node:http, so the body's bytes can be counted before and after decompression. */
function get(url: string, cookie: string, acceptEncoding: string): Promise<Answer> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const call = request(
      url,
      { headers: { cookie, accept: 'application/json', 'accept-encoding': acceptEncoding } },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('error', reject)
        response.on('end', () => {
          const ms = performance.now() - started
          const wire = Buffer.concat(chunks)
          const encoding = String(response.headers['content-encoding'] ?? 'identity')
          const body =
            encoding === 'br'
              ? brotliDecompressSync(wire)
              : encoding === 'gzip'
                ? gunzipSync(wire)
                : encoding === 'deflate'
                  ? inflateSync(wire)
                  : wire
          resolve({
            status: response.statusCode ?? 0,
            wireBytes: wire.length,
            jsonBytes: body.length,
            encoding,
            json: JSON.parse(body.toString()) as unknown,
            ms,
          })
        })
      },
    )
    call.on('error', reject)
    call.end()
  })
}

const dataDirectory = await mkdtemp(join(tmpdir(), 'bench-collaborate-'))
try {
  await fill(dataDirectory)
  const booted = performance.now()
  // Every call below and its repeats come from one address.
  const product = await startBenchProduct({ RATE_LIMIT_MAX: '1000000' }, dataDirectory)
  console.log(
    `product started on ${PROFILES - 1} profiles in ${((performance.now() - booted) / 1000).toFixed(1)} s`,
  )
  try {
    const origin = product.origin
    const cookie = await signIn(product)
    const me = (await get(new URL('/api/auth/me', product.url).href, cookie, 'identity')).json as {
      id: number
      firstName?: string | null
      lastName?: string | null
      name?: string | null
      username?: string | null
      email?: string | null
    }
    const ownName = displayName(me)
    // The user's own profile, the 100,000th, saved as the page's user would save it.
    const saved = await fetch(new URL('/api/assessments', product.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, cookie },
      body: JSON.stringify({
        assessmentType: 'disc',
        name: ownName,
        dScore: 61,
        iScore: 40,
        sScore: 22,
        cScore: 55,
      }),
    })
    if (saved.status !== 201) throw new Error(`saving the own profile answered ${saved.status}`)

    const ownLookup = `/api/profiles/lookup?${new URLSearchParams({ q: ownName, limit: '50' })}`
    const calls: Array<{ name: string; path: string }> = [
      { name: 'auth/me', path: '/api/auth/me' },
      { name: 'lookup own name (limit 50)', path: ownLookup },
      { name: 'map (q empty)', path: '/api/profiles/map?q=' },
      { name: 'lookup first page, A (limit 20)', path: '/api/profiles/lookup?q=&limit=20' },
      { name: 'lookup first page, B (limit 20)', path: '/api/profiles/lookup?q=&limit=20' },
    ]
    const BROWSER = 'gzip, deflate, br, zstd'
    const rows = []
    for (const call of calls) {
      const url = new URL(call.path, product.url).href
      const first = await get(url, cookie, BROWSER)
      if (first.status !== 200) throw new Error(`${call.path} answered ${first.status}`)
      const repeats: number[] = []
      for (let index = 0; index < REPEAT; index += 1) repeats.push((await get(url, cookie, BROWSER)).ms)
      const plain = await get(url, cookie, 'identity')
      const body = first.json as { items?: unknown[]; people?: unknown[]; total?: number }
      rows.push({
        call: call.name,
        items: body.items?.length ?? body.people?.length ?? null,
        jsonBytes: plain.jsonBytes,
        wireBytes: first.wireBytes,
        encoding: first.encoding,
        firstMs: Number(first.ms.toFixed(2)),
        medianMs: Number(median(repeats).toFixed(2)),
        ...(call.path === ownLookup
          ? { foundOwn: (body.items as Array<{ userId: number }>).some((item) => item.userId === me.id) }
          : {}),
        ...(body.total !== undefined ? { mapTotal: body.total } : {}),
      })
    }
    console.table(rows)
    // A save changes the catalog: time the pickers' first page again, as the next user opening one would.
    const another = await fetch(new URL('/api/assessments', product.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, cookie },
      body: JSON.stringify({
        assessmentType: 'disc',
        name: 'Late Arrival',
        dScore: 10,
        iScore: 80,
        sScore: 40,
        cScore: 20,
      }),
    })
    if (another.status !== 201) throw new Error(`saving another profile answered ${another.status}`)
    const afterSave = await get(
      new URL('/api/profiles/lookup?q=&limit=20', product.url).href,
      cookie,
      'gzip, deflate, br, zstd',
    )
    console.log(`lookup first page right after a save: ${afterSave.ms.toFixed(2)} ms`)
    const jsonBytes = rows.reduce((sum, row) => sum + row.jsonBytes, 0)
    const wireBytes = rows.reduce((sum, row) => sum + row.wireBytes, 0)
    const profileJsonBytes = rows
      .filter((row) => row.call !== 'auth/me')
      .reduce((sum, row) => sum + row.jsonBytes, 0)
    const result = {
      profiles: PROFILES,
      totalJsonBytes: jsonBytes,
      totalWireBytes: wireBytes,
      profileDataJsonBytes: profileJsonBytes,
      budgetBytes: BUDGET_BYTES,
      withinBudget: jsonBytes < BUDGET_BYTES,
    }
    console.log(JSON.stringify(result))
    if (!result.withinBudget && process.argv.includes('--check')) process.exitCode = 1
  } finally {
    await product.close()
  }
} finally {
  await rm(dataDirectory, { recursive: true, force: true })
}
