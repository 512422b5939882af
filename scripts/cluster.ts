import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { SERVICES, type ServiceName } from '@app/gateway/config'
import { freePort } from '@app/kit/testing/free-port'
import { redisAvailable, startRedisServer } from '@app/kit/testing/redis-server'
import { callsOf, upperName } from '@app/kit/services'
import { keyEnvironment, localSecrets } from './secrets.ts'
import { withThreadPoolSize } from './thread-pool.mjs'

const root = resolve(fileURLToPath(import.meta.url), '../..')
type ProcessName = ServiceName | 'gateway'

async function waitUntilHealthy(url: string, child: ChildProcess, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`process for ${url} exited with code ${child.exitCode}`)
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(1000) })).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 100))
  }
  throw new Error(`${url} did not become healthy within ${timeoutMs} ms`)
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
  const common = withThreadPoolSize({
    PUBLIC_URL: `http://localhost:${gatewayPort}`,
    ...inherited,
    DATA_DIR: options.dataDirectory,
    REDIS_URL: options.redisUrl,
    ...(options.relaxedRedisUrl ? { REDIS_RELAXED_URL: options.relaxedRedisUrl } : {}),
    HOST: '127.0.0.1',
  })
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

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  let redisUrl = process.env.REDIS_URL
  let relaxedRedisUrl = process.env.REDIS_RELAXED_URL
  let redis: Awaited<ReturnType<typeof startRedisServer>> | null = null
  let relaxedRedis: Awaited<ReturnType<typeof startRedisServer>> | null = null
  if (!redisUrl) {
    if (!redisAvailable) {
      process.stderr.write(
        'start:cluster needs REDIS_URL, or redis-server installed to start one (apt-get install redis-server).\n',
      )
      process.exit(1)
    }
    // Persisted under the data folder (append-only file, synced on every write): revocations survive its restart.
    redis = await startRedisServer({ dataDirectory: resolve(process.env.DATA_DIR ?? 'data', 'redis') })
    redisUrl = redis.url
    process.stdout.write(`Started redis-server for the cluster at ${redisUrl}\n`)
    if (!relaxedRedisUrl) {
      // The keys written on every request or save, synced once a second: a slow fsync there holds nobody.
      relaxedRedis = await startRedisServer({
        dataDirectory: resolve(process.env.DATA_DIR ?? 'data', 'redis-relaxed'),
        appendfsync: 'everysec',
      })
      relaxedRedisUrl = relaxedRedis.url
      process.stdout.write(`Started redis-server for the relaxed keys at ${relaxedRedisUrl}\n`)
    }
  }
  const cluster = await startCluster({
    dataDirectory: resolve(process.env.DATA_DIR ?? 'data'),
    redisUrl,
    relaxedRedisUrl,
    port: Number(process.env.PORT ?? 8080),
  })
  process.stdout.write(`Ready: ${cluster.url.replace('127.0.0.1', 'localhost')}\n`)
  const shutdown = async () => {
    await cluster.close()
    await Promise.all([redis?.stop(), relaxedRedis?.stop()])
    process.exit(0)
  }
  process.once('SIGINT', () => void shutdown())
  process.once('SIGTERM', () => void shutdown())
}
