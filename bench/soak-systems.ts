import { spawn, type ChildProcess } from 'node:child_process'
import { cp, mkdtemp, rm } from 'node:fs/promises'
import { Agent, request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { option, ROOT } from './support.ts'
import { freePort } from '@app/kit/testing/free-port'
import type { Identity } from '@app/kit/identity'
import { createNedbStore } from '@app/kit/store/nedb'
import { startRedisServer, type RedisServer } from '@app/kit/testing/redis-server'
import { identityHeaders, TEST_KEYS } from '@app/kit/testing/service-dependencies'
import { createAssessmentsRepository } from '@app/profiles/assessments-repository'

/**
 * What bench/soak.ts drives (`--mode`), and how a request of its mix is sent: `all-in-one`
 * (`scripts/all-in-one.ts`) or `cluster` (`scripts/cluster.ts`, its own Redis) through the gateway with signed-in
 * users' session cookies, or `profiles`: two profiles processes on Redis called directly with the identity
 * headers the gateway would send. Requests leave from many loopback addresses (127.0.0.2–201, `localAddress`),
 * so the gateway's per-address limit (RATE_LIMIT_MAX, 1,000 a minute) is not what is measured.
 */

export interface Call {
  label: string
  method: 'GET' | 'POST'
  path: string
  headers: Record<string, string>
  body?: string
  /** The session the call is made in: its cookie is renewed from the answer's Set-Cookie. */
  session?: { cookie: string }
}
/** The next request of the mix; `write` says whether it should be a write. */
export type Mix = (write: boolean) => Call
export interface System {
  describe: string
  /** Base URLs requests are spread over; writes go to `writeUrl`. */
  readUrls: string[]
  writeUrl: string
  mix: Mix
  /** The processes whose memory is sampled (and their children). */
  pid?: number
  /** Makes ready the users that `saves` more saves will need (each user signs out after a number of saves). */
  provision?(saves: number): Promise<void>
  /**
   * Stops the product cleanly and starts it again on the same data (the sessions of its users survive, as
   * they do for real users), so the end of a long hold can be compared with a fresh process on the same data.
   */
  restart?(): Promise<void>
  /** Users created, and saves made after the fresh users ran out (their lists then grow on). */
  usersReport?(): { created: number; exhausted: number }
  stop(): Promise<void>
}

/** A signed-in user of the mix and how many assessments it has saved. */
export interface SoakUser {
  session: { cookie: string }
  saved: number
}

/** Source addresses to spread requests over: 200 loopback addresses, so no one address meets the limit. */
export const SOURCE_ADDRESSES = Array.from({ length: 200 }, (_, index) => `127.0.0.${index + 2}`)
export const anyAddress = () => SOURCE_ADDRESSES[Math.floor(Math.random() * SOURCE_ADDRESSES.length)]!

export const USERS = Number(option('--users') ?? 50)
const PROFILES = Number(option('--profiles') ?? 2_000)
/**
 * About `--users` are signed in at a time, with `--profiles / --users` profiles each on average: a user who has
 * saved twice that many signs out and a fresh one takes its place. Without it, every save would lengthen a list
 * that never shortens (each of 50 users would hold about 900 profiles after 10 minutes), and each read would
 * carry more than the one before: the load would not be steady (bench/README.md, "Soak").
 */
export const PER_USER = Math.max(1, Math.round(PROFILES / USERS))
export const RETIRE_AFTER = 2 * PER_USER
/** Saved assessments of the `index`th of the first users: staggered, so they retire one at a time. */
export const initialProfiles = (index: number) => Math.round((RETIRE_AFTER * index) / USERS)
export const SEARCHES = ['Soak Person 1', 'soak', 'Person 42', 'Nobody Here', 'Soak Pers']

export function discBody(index: number) {
  const d = (index * 37) % 101
  return {
    assessmentType: 'disc',
    dScore: d,
    iScore: 100 - d,
    sScore: 50,
    cScore: 25,
    answers: ['D', 'I', 'S', 'C'],
  }
}

const identity = (userId: number): Identity => ({
  userId,
  role: 'standard',
  username: `soak${userId}@example.com`,
  mustChangePassword: false,
})
/** The signed-in users of the profiles mode: identities as the gateway sends them, so a fresh one is free. */
const identities = Array.from({ length: USERS }, (_, index) => ({
  identity: identity(100 + index),
  saved: initialProfiles(index),
}))
let nextUserId = 100 + USERS

/** 80% reads (a user's accessible profiles, and search) and 20% saves, each as a random one of the users. */
const profilesMix: Mix = (write) => {
  const slot = Math.floor(Math.random() * identities.length)
  const user = identities[slot]!
  const headers = identityHeaders('profiles', user.identity)
  if (write) {
    user.saved += 1
    if (user.saved >= RETIRE_AFTER) identities[slot] = { identity: identity(nextUserId++), saved: 0 }
    return {
      label: 'save',
      method: 'POST',
      path: '/api/assessments',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        ...discBody(Math.floor(Math.random() * 1000)),
        name: `Soak Person ${Math.floor(Math.random() * 1000)}`,
      }),
    }
  }
  if (Math.random() < 0.5)
    return { label: 'accessible', method: 'GET', path: '/api/accessible-profiles', headers }
  const name = SEARCHES[Math.floor(Math.random() * SEARCHES.length)]!
  return {
    label: 'search',
    method: 'GET',
    path: `/api/profiles/search?name=${encodeURIComponent(name)}`,
    headers,
  }
}

async function waitHealthy(url: string, child: ChildProcess) {
  for (let attempt = 0; attempt < 400; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`${url}: the service exited (${child.exitCode})`)
    if (
      await fetch(`${url}/health`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return
    await new Promise((done) => setTimeout(done, 50))
  }
  throw new Error(`${url} did not become healthy`)
}

/**
 * Two profiles processes on one Redis (bus and key-value store). NeDB files cannot be shared between
 * processes, so each replica starts from a copy of the same data and only replica A takes saves; replica B
 * knows of them only through the catalog's change log in Redis, which is what this measures.
 */
export async function profilesOnRedis(): Promise<System> {
  const base = await mkdtemp(join(tmpdir(), 'bench-soak-'))
  const store = await createNedbStore({ directory: join(base, 'a', 'profiles') })
  const assessments = await createAssessmentsRepository(store)
  let saved = 0
  for (const [index, { identity: user }] of identities.entries()) {
    for (let own = 0; own < initialProfiles(index); own += 1) {
      const body = discBody(saved)
      await assessments.create({
        ...body,
        assessmentType: 'disc',
        userId: user.userId,
        name: `Soak Person ${saved}`,
        primaryType: body.dScore >= 50 ? 'D' : 'I',
        scoresData: null,
        timestamp: new Date().toISOString(),
      })
      saved += 1
    }
  }
  await store.close()
  await cp(join(base, 'a'), join(base, 'b'), { recursive: true })
  const redis: RedisServer = await startRedisServer()
  const children: ChildProcess[] = []
  const urls: string[] = []
  for (const name of ['a', 'b']) {
    const port = await freePort()
    const child = spawn(process.execPath, ['--import', 'tsx', 'services/profiles/src/server.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: join(base, name),
        REDIS_URL: redis.url,
        GATEWAY_PUBLIC_KEY: TEST_KEYS.gateway.publicKey,
        SHARING_PUBLIC_KEY: TEST_KEYS.sharing.publicKey,
        IMPORT_PUBLIC_KEY: TEST_KEYS.import.publicKey,
        ADVICE_PUBLIC_KEY: TEST_KEYS.advice.publicKey,
        AUTH_PUBLIC_KEY: TEST_KEYS.auth.publicKey,
        LOG_LEVEL: 'warn',
        MONGO_URL: '',
        KAFKA_BROKERS: '',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    })
    children.push(child)
    urls.push(`http://127.0.0.1:${port}`)
    await waitHealthy(urls.at(-1)!, child)
  }
  return {
    describe: `two profiles processes on Redis, ${USERS} users at a time with ${PER_USER} profiles each on average (a user leaves after ${RETIRE_AFTER} saves)`,
    readUrls: urls,
    writeUrl: urls[0]!,
    mix: profilesMix,
    async stop() {
      await Promise.all(
        children.map((child) => {
          if (child.exitCode !== null) return
          const exited = new Promise((done) => child.once('exit', done))
          child.kill('SIGTERM')
          return exited
        }),
      )
      await redis.stop()
      await rm(base, { recursive: true, force: true })
    },
  }
}

/**
 * Keep-alive sockets, closed after 30 s idle. Without a `timeout`, Node's agent keeps an idle socket for ever and
 * ignores the server's `Keep-Alive: timeout=72` (its keepSocketAlive takes the hint only below a timeout of its
 * own), so it may send on a socket the gateway is closing: a reset no browser would report (it sends again).
 */
export const agent = new Agent({ keepAlive: true, maxSockets: 256, timeout: 30_000 })

/** One call; resolves with its status (0 for a transport error, named in `failure`) and latency. */
export function send(
  base: string,
  call: Call,
  localAddress = anyAddress(),
): Promise<{ status: number; ms: number; failure?: string }> {
  const started = performance.now()
  return new Promise((resolve) => {
    const url = new URL(call.path, base)
    const outgoing = request(
      url,
      { method: call.method, headers: call.headers, agent, timeout: 10_000, localAddress },
      (response) => {
        const renewed = (response.headers['set-cookie'] ?? [])
          .map((header) => /^session=([^;]*)/.exec(header)?.[1])
          .find((value) => value !== undefined)
        if (call.session && renewed) call.session.cookie = renewed
        response.resume()
        response.once('end', () =>
          resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }),
        )
      },
    )
    outgoing.once('error', (error: NodeJS.ErrnoException) =>
      resolve({ status: 0, ms: performance.now() - started, failure: error.code ?? error.message }),
    )
    outgoing.once('timeout', () => outgoing.destroy(new Error('timeout')))
    outgoing.end(call.body)
  })
}
