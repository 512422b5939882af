import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '@app/kit/testing/free-port'
import { withYoungGeneration } from '../scripts/thread-pool.mjs'
import {
  anyAddress,
  discBody,
  initialProfiles,
  PER_USER,
  RETIRE_AFTER,
  SEARCHES,
  send,
  SOURCE_ADDRESSES,
  USERS,
  type Call,
  type Mix,
  type SoakUser,
  type System,
} from './soak-systems.ts'
import { option, ROOT } from './support.ts'

/**
 * bench/soak.ts's `--mode all-in-one` and `--mode cluster`: the whole product (`scripts/all-in-one.ts` or
 * `scripts/cluster.ts`, its own Redis) through its gateway, with signed-in users' session cookies.
 */

const ADMIN = { username: 'soak-admin@example.test', password: 'soak-admin-password-1' }

/** A call through the gateway in a user's session, as the browser makes it (Origin for the CSRF check). */
function sessionCall(base: string, session: { cookie: string }, call: Omit<Call, 'headers'>): Call {
  return {
    ...call,
    session,
    headers: {
      origin: new URL(base).origin,
      accept: 'application/json',
      cookie: `session=${session.cookie}`,
      ...(call.body ? { 'content-type': 'application/json' } : {}),
    },
  }
}

async function expectStatus(base: string, call: Call, status: number, from = anyAddress()) {
  const answer = await send(base, call, from)
  if (answer.status !== status)
    throw new Error(`${call.method} ${call.path}: ${answer.status} instead of ${status}`)
  return answer
}

/** Signs in through the gateway; the session lives in the returned cookie holder. */
async function signIn(base: string, username: string, password: string, from: string) {
  const session = { cookie: '' }
  await expectStatus(
    base,
    sessionCall(base, session, {
      label: 'login',
      method: 'POST',
      path: '/api/auth/login',
      body: JSON.stringify({ username, password }),
    }),
    200,
    from,
  )
  if (!session.cookie) throw new Error(`no session for ${username}`)
  return session
}

/**
 * Starts the product (`npm start` or `npm run start:cluster`) on a data directory and waits until it is ready.
 * `gcTrace`: where its output goes with `--trace-gc`.
 */
async function startProduct(
  mode: 'all-in-one' | 'cluster',
  dataDirectory: string,
  port: number,
  gcTrace: NodeJS.WritableStream | null,
): Promise<ChildProcess> {
  const started = spawn(
    process.execPath,
    [
      // `--cpu-profile <dir>`: a V8 CPU profile of the product's process, written when it stops.
      ...(option('--cpu-profile') ? ['--cpu-prof', `--cpu-prof-dir=${option('--cpu-profile')}`] : []),
      // `--trace-gc <file>`: every garbage collection of the product's process, with its pause, in that file.
      ...(option('--trace-gc') ? ['--trace-gc'] : []),
      '--import',
      'tsx',
      mode === 'cluster' ? 'scripts/cluster.ts' : 'scripts/all-in-one.ts',
    ],
    {
      cwd: ROOT,
      // As `npm start` starts it (scripts/start.mjs), with the same young generation.
      env: withYoungGeneration({
        ...process.env,
        ...loopDelayEnvironment(),
        DATA_DIR: dataDirectory,
        PORT: String(port),
        ADMIN_EMAIL: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        REDIS_URL: '',
        MONGO_URL: '',
        KAFKA_BROKERS: '',
      }),
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  let output = ''
  // The start of the output, for the error below; readiness is looked for in what came last, since with
  // --trace-gc the collections of loading the data can fill the first 10,000 characters before `Ready:`.
  let recent = ''
  let ready = false
  started.stdout!.on('data', (chunk: Buffer) => {
    const text = chunk.toString()
    if (output.length < 10_000) output += text
    recent = (recent + text).slice(-1_000)
    ready ||= recent.includes('Ready: ')
    gcTrace?.write(chunk)
  })
  const deadline = Date.now() + 120_000
  while (!ready) {
    if (started.exitCode !== null || Date.now() > deadline) {
      started.kill('SIGKILL')
      throw new Error(`${mode} did not start: ${output}`)
    }
    await new Promise((done) => setTimeout(done, 100))
  }
  return started
}

async function haltProduct(running: ChildProcess | null): Promise<void> {
  if (!running || running.exitCode !== null) return
  const exited = new Promise((done) => running.once('exit', done))
  running.kill('SIGINT')
  await exited
}

/**
 * The `index`th user of a soak: an administrator registers it, it signs in (from its own address) and sets its
 * password, then saves `profiles` assessments, so reads have something to list.
 */
async function createSoakUser(
  base: string,
  admin: { cookie: string },
  index: number,
  profiles: number,
): Promise<SoakUser> {
  const username = `soak${index}@example.test`
  const initial = `Initial-soak-${index}-password`
  await expectStatus(
    base,
    sessionCall(base, admin, {
      label: 'register',
      method: 'POST',
      path: '/api/auth/register',
      body: JSON.stringify({
        username,
        email: username,
        password: initial,
        role: 'standard',
        firstName: 'Soak',
        lastName: `Person ${index}`,
      }),
    }),
    201,
  )
  const from = SOURCE_ADDRESSES[index % SOURCE_ADDRESSES.length]!
  const session = await signIn(base, username, initial, from)
  await expectStatus(
    base,
    sessionCall(base, session, {
      label: 'change-password',
      method: 'POST',
      path: '/api/auth/change-password',
      body: JSON.stringify({ currentPassword: initial, newPassword: `Chosen-soak-${index}-password` }),
    }),
    200,
    from,
  )
  await Promise.all(
    Array.from({ length: profiles }, (_, saved) =>
      expectStatus(
        base,
        sessionCall(base, session, {
          label: 'save',
          method: 'POST',
          path: '/api/assessments',
          body: JSON.stringify({ ...discBody(index * PER_USER + saved), name: `Soak Person ${index}` }),
        }),
        201,
        from,
      ),
    ),
  )
  return { session, saved: profiles }
}

/** The users of a soak on the whole product: those signed in, those waiting, and how many were made. */
interface SoakUsers {
  base: string
  admin: { cookie: string }
  created: number
  active: SoakUser[]
  fresh: SoakUser[]
  /** Saves made after the fresh users ran out. */
  exhausted: number
}

/** Creates `count` users a few at a time (each costs four password hashes or checks). */
async function createSoakUsers(users: SoakUsers, count: number, profiles: (index: number) => number) {
  const made: SoakUser[] = []
  for (let from = 0; from < count; from += 4)
    made.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(4, count - from) }, (_, offset) =>
          createSoakUser(users.base, users.admin, users.created++, profiles(from + offset)),
        ),
      )),
    )
  return made
}

/** A user who has saved `RETIRE_AFTER` assessments signs out; the next fresh one takes its place. */
function afterSave(users: SoakUsers, slot: number): void {
  const user = users.active[slot]!
  user.saved += 1
  if (user.saved < RETIRE_AFTER) return
  const next = users.fresh.shift()
  if (next) users.active[slot] = next
  else users.exhausted += 1
}

/** 80% reads (accessible profiles, the session, search) and 20% saves, each as a random signed-in user. */
function productMix(users: SoakUsers): Mix {
  const { base } = users
  return (write) => {
    const slot = Math.floor(Math.random() * users.active.length)
    const { session } = users.active[slot]!
    if (write) {
      afterSave(users, slot)
      const save = sessionCall(base, session, {
        label: 'save',
        method: 'POST',
        path: '/api/assessments',
        body: JSON.stringify({
          ...discBody(Math.floor(Math.random() * 1000)),
          name: `Soak Person ${Math.floor(Math.random() * 1000)}`,
        }),
      })
      // As the web app sends each submit (save-assessment.ts): the product keeps its answer for 24 hours.
      save.headers['idempotency-key'] = randomUUID()
      return save
    }
    const pick = Math.random()
    if (pick < 1 / 3)
      return sessionCall(base, session, {
        label: 'accessible',
        method: 'GET',
        path: '/api/accessible-profiles',
      })
    if (pick < 2 / 3) return sessionCall(base, session, { label: 'me', method: 'GET', path: '/api/auth/me' })
    const name = SEARCHES[Math.floor(Math.random() * SEARCHES.length)]!
    return sessionCall(base, session, {
      label: 'search',
      method: 'GET',
      path: `/api/profiles/search?name=${encodeURIComponent(name)}`,
    })
  }
}

/**
 * The whole product through its gateway, started as `npm start` or `npm run start:cluster` would, with
 * `--users` signed-in users (createSoakUser) and half as many waiting to take the place of those who sign out.
 */
export async function wholeProduct(mode: 'all-in-one' | 'cluster'): Promise<System> {
  const dataDirectory = await mkdtemp(join(tmpdir(), `bench-soak-${mode}-`))
  const port = await freePort()
  const gcTrace = option('--trace-gc') ? createWriteStream(option('--trace-gc')!) : null
  let child: ChildProcess | null = null
  const stop = async () => {
    await haltProduct(child)
    await rm(dataDirectory, { recursive: true, force: true })
  }
  try {
    child = await startProduct(mode, dataDirectory, port, gcTrace)
    const base = `http://127.0.0.1:${port}`
    const admin = await signIn(base, ADMIN.username, ADMIN.password, '127.0.0.1')
    const users: SoakUsers = { base, admin, created: 0, active: [], fresh: [], exhausted: 0 }
    users.active = await createSoakUsers(users, USERS, initialProfiles)
    users.fresh = await createSoakUsers(users, Math.ceil(USERS / 2), () => 0)
    return {
      describe:
        `the whole product (${mode}) through its gateway, ${USERS} signed-in users at a time with ` +
        `${PER_USER} profiles each on average (each signs out after ${RETIRE_AFTER} and a fresh user signs in)`,
      readUrls: [base],
      writeUrl: base,
      mix: productMix(users),
      get pid() {
        return child?.pid
      },
      async restart() {
        await haltProduct(child)
        child = null
        child = await startProduct(mode, dataDirectory, port, gcTrace)
      },
      async provision(saves) {
        const needed = Math.ceil(saves / RETIRE_AFTER) - users.fresh.length
        if (needed > 0) users.fresh.push(...(await createSoakUsers(users, needed, () => 0)))
      },
      usersReport: () => ({ created: users.created, exhausted: users.exhausted }),
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}

/** `--loop-delay <file>`: every Node process of the product (the cluster's children too) reports its loop. */
function loopDelayEnvironment(): Record<string, string> {
  const file = option('--loop-delay')
  if (!file) return {}
  const preload = `--import ${join(ROOT, 'bench', 'loop-delay.mjs')}`
  return {
    LOOP_DELAY_FILE: file,
    NODE_OPTIONS: [process.env.NODE_OPTIONS, preload].filter(Boolean).join(' '),
  }
}
