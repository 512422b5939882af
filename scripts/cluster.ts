import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { SERVICES, type ServiceName } from '@app/gateway/config'
import { freePort } from '@app/kit/testing/free-port'
import { cpuTicks } from '@app/kit/testing/proc-stat'
import {
  redactRedisUrl,
  redisAvailable,
  startRedisServer,
  type RedisServer,
} from '@app/kit/testing/redis-server'
import { callsOf, upperName } from '@app/kit/services'
import { keyEnvironment, localSecrets } from './secrets.ts'
import { withThreadPoolSize, withYoungGeneration } from './thread-pool.mjs'

const root = resolve(fileURLToPath(import.meta.url), '../..')
type ProcessName = ServiceName | 'gateway'

/**
 * Waits until the process answers its health path. A slow machine is not a failure: the wait lasts as long as
 * the process makes progress, that is while it keeps using the CPU (loading, compiling, connecting) or its
 * answer changes. It fails when the process exits, or when it stalled for `stallMs` without being healthy.
 */
export async function waitUntilHealthy(
  url: string,
  child: ChildProcess,
  { stallMs = 60_000, pollMs = 100 }: { stallMs?: number; pollMs?: number } = {},
): Promise<void> {
  let lastTicks = cpuTicks(child.pid)
  let lastAnswer = 'no answer'
  let lastProgress = Date.now()
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`process for ${url} exited with code ${child.exitCode ?? child.signalCode}`)
    let answer = 'no answer'
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1000) })
      if (response.ok) return
      answer = `${response.status} ${await response.text()}`
    } catch {
      // not listening yet, or too busy to answer within a second
    }
    const ticks = cpuTicks(child.pid)
    if (answer !== lastAnswer || (ticks !== null && ticks !== lastTicks)) lastProgress = Date.now()
    lastTicks = ticks
    lastAnswer = answer
    if (Date.now() - lastProgress > stallMs)
      throw new Error(`${url} made no progress for ${stallMs} ms without becoming healthy (${answer})`)
    await new Promise((resolveWait) => setTimeout(resolveWait, pollMs))
  }
}

export interface ClusterOptions {
  dataDirectory: string
  redisUrl: string
  /** The relaxed keys' Redis (decision 020); without it every key is in `redisUrl`'s. */
  relaxedRedisUrl?: string | undefined
  /** Gateway port; 0 picks a free one. */
  port?: number
  env?: Record<string, string | undefined>
  /** Where each process's output goes; defaults to this terminal. */
  stdio?: 'inherit' | 'ignore' | 'pipe'
  /** The runner's own lines (a child's exit, its restart); defaults to stderr. */
  log?: (line: string) => void
}

/** Restart delays after a crash: doubling from 250 ms up to 10 s, back to the start once a child has held. */
const RESTART_BACKOFF_MS = { first: 250, max: 10_000, healthyAfterMs: 30_000 }

/** Run mode 2: one process per service plus the gateway, sharing Redis for the bus and the key-value store. */
export async function startCluster(options: ClusterOptions) {
  const env = options.env ?? {}
  const secrets = localSecrets(options.dataDirectory, env)
  const ports = Object.fromEntries(
    await Promise.all(SERVICES.map(async (name) => [name, await freePort()] as const)),
  ) as Record<ServiceName, number>
  const gatewayPort = options.port === 0 || options.port === undefined ? await freePort() : options.port
  // Each process gets only its own keys (keyEnvironment): no private key or session secret is passed on whole.
  const inherited = Object.fromEntries(
    Object.entries({ ...process.env, ...env }).filter(
      ([name]) => !name.endsWith('_PRIVATE_KEY') && name !== 'SESSION_SECRET',
    ),
  )
  const common = withYoungGeneration(
    withThreadPoolSize({
      PUBLIC_URL: `http://localhost:${gatewayPort}`,
      ...inherited,
      DATA_DIR: options.dataDirectory,
      REDIS_URL: options.redisUrl,
      ...(options.relaxedRedisUrl ? { REDIS_RELAXED_URL: options.relaxedRedisUrl } : {}),
      HOST: '127.0.0.1',
    }),
  )
  const children = new Map<ProcessName, ChildProcess>()
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`))
  // Names stopped on purpose (stop(), close()): their exit is not a crash.
  const stopping = new Set<ProcessName>()
  const restartDelays = new Map<ProcessName, number>()
  let closed = false
  const webRoot = resolve(root, 'web/dist')

  function commandFor(name: ProcessName) {
    const entry = name === 'gateway' ? 'gateway/src/server.ts' : `services/${name}/src/server.ts`
    const processEnv =
      name === 'gateway'
        ? {
            ...common,
            ...keyEnvironment('gateway', secrets),
            PORT: String(gatewayPort),
            ...(existsSync(resolve(webRoot, 'index.html')) ? { WEB_ROOT: webRoot } : {}),
            ...Object.fromEntries(
              SERVICES.map((service) => [
                `${service.toUpperCase()}_SERVICE_URL`,
                `http://127.0.0.1:${ports[service]}`,
              ]),
            ),
          }
        : {
            ...common,
            ...keyEnvironment(name, secrets),
            ...Object.fromEntries(
              callsOf(name).map((target) => [
                `${upperName(target)}_SERVICE_URL`,
                `http://127.0.0.1:${ports[target]}`,
              ]),
            ),
            PORT: String(ports[name]),
          }
    return { entry, processEnv }
  }

  async function startProcess(name: ProcessName) {
    const { entry, processEnv } = commandFor(name)
    const child = spawn(process.execPath, ['--import', 'tsx', entry], {
      cwd: root,
      env: processEnv,
      stdio: options.stdio ?? 'inherit',
    })
    children.set(name, child)
    const startedAt = Date.now()
    child.once('exit', (code, signal) => {
      if (stopping.has(name) || closed) return
      if (Date.now() - startedAt > RESTART_BACKOFF_MS.healthyAfterMs) restartDelays.delete(name)
      const delay = restartDelays.get(name) ?? RESTART_BACKOFF_MS.first
      restartDelays.set(name, Math.min(delay * 2, RESTART_BACKOFF_MS.max))
      log(
        `cluster: ${name} exited (code ${code ?? 'none'}, signal ${signal ?? 'none'}); restarting in ${delay} ms`,
      )
      setTimeout(() => {
        if (stopping.has(name) || closed || children.get(name) !== child) return
        startProcess(name).then(
          () => log(`cluster: ${name} is back`),
          (error: unknown) => log(`cluster: ${name} failed to restart: ${(error as Error).message}`),
        )
      }, delay).unref()
    })
    const healthUrl =
      name === 'gateway'
        ? `http://127.0.0.1:${gatewayPort}/api/health`
        : `http://127.0.0.1:${ports[name]}/health`
    await waitUntilHealthy(healthUrl, child)
    return child
  }

  async function stopProcess(name: ProcessName, signal: NodeJS.Signals = 'SIGTERM') {
    const child = children.get(name)
    if (!child || child.exitCode !== null || child.signalCode !== null) return
    stopping.add(name)
    const exited = once(child, 'exit')
    child.kill(signal)
    await exited
  }

  async function startOnPurpose(name: ProcessName) {
    stopping.delete(name)
    return startProcess(name)
  }

  try {
    await Promise.all(SERVICES.map((name) => startProcess(name)))
    await startProcess('gateway')
  } catch (error) {
    await Promise.all([...children.keys()].map((name) => stopProcess(name)))
    throw error
  }

  return {
    url: `http://127.0.0.1:${gatewayPort}`,
    ports,
    children,
    start: startOnPurpose,
    stop: stopProcess,
    /** The gateway first, so no request reaches a service that is closing. */
    async close() {
      closed = true
      await stopProcess('gateway')
      await Promise.all(SERVICES.map((name) => stopProcess(name)))
    },
  }
}

export interface LocalClusterOptions extends Omit<ClusterOptions, 'redisUrl' | 'relaxedRedisUrl'> {
  /** Use these instead of starting Redis (REDIS_URL and REDIS_RELAXED_URL of `npm run start:cluster`). */
  redisUrl?: string | undefined
  relaxedRedisUrl?: string | undefined
}

/**
 * `npm run start:cluster`: the cluster on the given Redis, or on two redis-servers of its own under the data
 * folder (decision 020), each refusing every client without the password kept in DATA_DIR/secrets.json
 * (decision 021). Lines it prints never carry the password.
 */
export async function startLocalCluster(options: LocalClusterOptions) {
  let { redisUrl, relaxedRedisUrl } = options
  const started: RedisServer[] = []
  const say = options.log ?? ((line: string) => process.stdout.write(`${line}\n`))
  if (!redisUrl) {
    if (!redisAvailable)
      throw new Error(
        'start:cluster needs REDIS_URL, or redis-server installed to start one (apt-get install redis-server).',
      )
    const password = localSecrets(options.dataDirectory, options.env ?? {}).REDIS_PASSWORD
    // Persisted under the data folder (append-only file, synced on every write): revocations survive its restart.
    const redis = await startRedisServer({ dataDirectory: resolve(options.dataDirectory, 'redis'), password })
    started.push(redis)
    redisUrl = redis.url
    say(`Started redis-server for the cluster at ${redactRedisUrl(redisUrl)}`)
    if (!relaxedRedisUrl) {
      // The keys written on every request or save, synced once a second: a slow fsync there holds nobody.
      const relaxed = await startRedisServer({
        dataDirectory: resolve(options.dataDirectory, 'redis-relaxed'),
        appendfsync: 'everysec',
        password,
      })
      started.push(relaxed)
      relaxedRedisUrl = relaxed.url
      say(`Started redis-server for the relaxed keys at ${redactRedisUrl(relaxedRedisUrl)}`)
    }
  }
  const stopRedis = () => Promise.all(started.map((server) => server.stop()))
  let cluster: Awaited<ReturnType<typeof startCluster>>
  try {
    cluster = await startCluster({ ...options, redisUrl, relaxedRedisUrl })
  } catch (error) {
    await stopRedis()
    throw error
  }
  return {
    ...cluster,
    /** The Redis servers it started itself (none when given REDIS_URL). */
    redisServers: started,
    async close() {
      await cluster.close()
      await stopRedis()
    },
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  let cluster: Awaited<ReturnType<typeof startLocalCluster>>
  try {
    cluster = await startLocalCluster({
      dataDirectory: resolve(process.env.DATA_DIR ?? 'data'),
      redisUrl: process.env.REDIS_URL,
      relaxedRedisUrl: process.env.REDIS_RELAXED_URL,
      port: Number(process.env.PORT ?? 8080),
    })
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`)
    process.exit(1)
  }
  process.stdout.write(`Ready: ${cluster.url.replace('127.0.0.1', 'localhost')}\n`)
  const shutdown = async () => {
    await cluster.close()
    process.exit(0)
  }
  process.once('SIGINT', () => void shutdown())
  process.once('SIGTERM', () => void shutdown())
}
