import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, readdir, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import Fastify from 'fastify'
import fastifyHttpProxy from '@fastify/http-proxy'
import { buildApp as buildGateway } from '@app/gateway/app'
import { gatewayEnvSchema, SERVICES } from '@app/gateway/config'
import { createMemoryKeyValueStore } from '@app/kit/kv/memory'
import { loggerOptions } from '@app/kit/logger'
import { createServiceApp } from '@app/kit/service'
import { encodeLoginHeader } from '@app/kit/session-headers'
import { createEmbeddedDependencies, identityHeaders, TEST_INTERNAL_TOKEN_SECRET } from '@app/kit/testing/service-dependencies'

/**
 * Gateway overhead: wrk against a signed-in route on a real kit service, straight, through a bare
 * @fastify/http-proxy hop, and through our gateway with a session cookie. Each server is its own process.
 */

const FILE = fileURLToPath(import.meta.url)
const ROOT = resolve(FILE, '../..')
const PING = '/api/bench/ping'
const LOGIN = '/api/bench/login'
const BENCH_USER = { id: 'bench-user', role: 'standard', username: 'bench@example.com' } as const
const LOG = loggerOptions('silent', 'bench')

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name)
  return index === -1 ? undefined : process.argv[index + 1]
}

/** Child process roles: each prints `READY <url>` once listening and exits when its stdin closes. */
async function serve(role: string): Promise<void> {
  const upstream = process.env.BENCH_UPSTREAM ?? ''
  let app
  if (role === 'service') {
    app = createServiceApp('bench', { ...(await createEmbeddedDependencies()), logger: LOG })
    app.get(PING, async (request) => ({ ok: true, user: request.identity?.userId }))
    app.post(LOGIN, async (_request, reply) => {
      reply.header('x-session-login', encodeLoginHeader(BENCH_USER))
      return { ok: true }
    })
  } else if (role === 'gateway') {
    const config = gatewayEnvSchema.parse({
      SESSION_SECRET: randomBytes(32).toString('base64url'),
      INTERNAL_TOKEN_SECRET: TEST_INTERNAL_TOKEN_SECRET,
      PUBLIC_URL: 'http://localhost:8080',
      LOG_LEVEL: 'silent',
      ...Object.fromEntries(SERVICES.map((name) => [`${name.toUpperCase()}_SERVICE_URL`, upstream])),
    })
    app = await buildGateway({
      config,
      kv: createMemoryKeyValueStore(),
      logger: LOG,
      rules: [
        { method: 'GET', path: PING, access: 'signed-in', target: 'auth' },
        { method: 'POST', path: LOGIN, access: 'public', target: 'auth' },
      ],
      // The limiter still counts every request; the ceiling only keeps wrk from being answered 429.
      rateLimit: { max: 1_000_000_000, timeWindowMs: 60_000 },
    })
  } else if (role === 'bare') {
    app = Fastify({ logger: LOG })
    // Identity tokens live 60 s; the gateway reuses one for 20 s, and so does this hop.
    let identity = identityHeaders({ userId: BENCH_USER.id, role: 'standard', username: BENCH_USER.username, mustChangePassword: false })
    setInterval(() => {
      identity = identityHeaders({ userId: BENCH_USER.id, role: 'standard', username: BENCH_USER.username, mustChangePassword: false })
    }, 20_000).unref()
    await app.register(fastifyHttpProxy, {
      upstream,
      prefix: '/api/bench',
      rewritePrefix: '/api/bench',
      replyOptions: { rewriteRequestHeaders: (_request, headers) => ({ ...headers, ...identity }) },
    })
  } else {
    throw new Error(`unknown role ${role}`)
  }
  const url = await app.listen({ port: 0, host: '127.0.0.1' })
  process.stdout.write(`READY ${url}\n`)
  const stop = () => void app.close().finally(() => process.exit(0))
  process.stdin.on('end', stop).resume()
  process.once('SIGTERM', stop)
}

interface Server {
  child: ChildProcess
  url: string
}

async function start(role: string, env: Record<string, string>, profileDirectory?: string): Promise<Server> {
  const profile = profileDirectory ? ['--cpu-prof', `--cpu-prof-dir=${profileDirectory}`] : []
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', FILE, '--role', role], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  const url = await new Promise<string>((resolveUrl, reject) => {
    child.once('exit', (code) => reject(new Error(`${role} exited (${code}) before listening`)))
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('READY ')) resolveUrl(line.slice(6))
    })
  })
  return { child, url }
}

async function stop(server: Server): Promise<void> {
  if (server.child.exitCode !== null) return
  const exited = new Promise((done) => server.child.once('exit', done))
  server.child.stdin!.end()
  await exited
}

interface WrkResult {
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  requests: number
  failures: number
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 }

function parseDuration(text: string | undefined): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text ?? '')
  if (!match) throw new Error(`unreadable wrk latency: ${text}`)
  return Number(match[1]) * UNIT_MS[match[2]!]!
}

function parseWrk(output: string): WrkResult {
  const requestsPerSecond = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1])
  const requests = Number(/(\d+) requests in/.exec(output)?.[1])
  if (!Number.isFinite(requestsPerSecond) || !Number.isFinite(requests)) throw new Error(`unreadable wrk output:\n${output}`)
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(output)?.[1] ?? 0)
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output)
  const failures = non2xx + (socketErrors ? socketErrors.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0)
  return {
    requestsPerSecond,
    requests,
    failures,
    p50Ms: parseDuration(/^\s+50%\s+(\S+)/m.exec(output)?.[1]),
    p99Ms: parseDuration(/^\s+99%\s+(\S+)/m.exec(output)?.[1]),
  }
}

async function wrk(url: string, headers: Record<string, string>, seconds: number): Promise<WrkResult> {
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`])
  const child = spawn('wrk', ['-t2', '-c50', `-d${seconds}s`, '--latency', ...headerArgs, url], { stdio: ['ignore', 'pipe', 'inherit'] })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const code = await new Promise((done) => child.once('exit', done))
  if (code !== 0) throw new Error(`wrk exited ${code}:\n${output}`)
  return parseWrk(output)
}

async function expectPing(url: string, headers: Record<string, string>, label: string): Promise<void> {
  const response = await fetch(url, { headers })
  const body = await response.text()
  if (response.status !== 200 || JSON.parse(body).user !== BENCH_USER.id) throw new Error(`${label}: ${response.status} ${body}`)
}

async function sessionCookie(gatewayUrl: string): Promise<string> {
  const response = await fetch(`${gatewayUrl}${LOGIN}`, { method: 'POST' })
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith('session='))
  if (response.status !== 200 || !cookie) throw new Error(`login through the gateway failed: ${response.status}`)
  return cookie.split(';', 1)[0]!
}

/** Self time per function in a V8 .cpuprofile, heaviest first. */
async function topOfProfile(directory: string, count: number): Promise<string[]> {
  const [file] = (await readdir(directory)).filter((name) => name.endsWith('.cpuprofile'))
  if (!file) return ['no profile was written']
  const profile = JSON.parse(await readFile(join(directory, file), 'utf8')) as {
    nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>
    samples: number[]
  }
  const byId = new Map(profile.nodes.map((node) => [node.id, node.callFrame]))
  const totals = new Map<string, number>()
  for (const id of profile.samples) {
    const frame = byId.get(id)
    const where = frame?.url.replace(/^.*node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?/, '').replace(/^file:\/\/\/work\/main\//, '')
    const key = frame ? `${frame.functionName || '(anonymous)'}  ${where || ''}:${frame.lineNumber + 1}` : '?'
    totals.set(key, (totals.get(key) ?? 0) + 1)
  }
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, samples]) => `${((100 * samples) / profile.samples.length).toFixed(1).padStart(5)}%  ${key}`)
}

async function main(): Promise<void> {
  const seconds = Number(option('--duration') ?? 10)
  const rounds = Number(option('--rounds') ?? 1)
  const profileDirectory = process.argv.includes('--profile') ? await mkdtemp(join(tmpdir(), 'bench-gateway-prof-')) : undefined
  const service = await start('service', {})
  const servers = [service]
  try {
    const gateway = await start('gateway', { BENCH_UPSTREAM: service.url }, profileDirectory)
    servers.push(gateway)
    const bare = await start('bare', { BENCH_UPSTREAM: service.url })
    servers.push(bare)
    const cookie = await sessionCookie(gateway.url)
    const signedIn = () => identityHeaders({ userId: BENCH_USER.id, role: 'standard', username: BENCH_USER.username, mustChangePassword: false })
    const targets = [
      { name: 'service direct', url: `${service.url}${PING}`, headers: signedIn },
      { name: 'bare http-proxy', url: `${bare.url}${PING}`, headers: () => ({}) },
      { name: 'gateway (cookie)', url: `${gateway.url}${PING}`, headers: () => ({ cookie }) },
    ]
    for (const target of targets) await expectPing(target.url, target.headers(), target.name)

    const results = new Map(targets.map((target) => [target.name, [] as WrkResult[]]))
    for (let round = 0; round < rounds; round += 1) {
      for (const target of targets) {
        await wrk(target.url, target.headers(), 3)
        const result = await wrk(target.url, target.headers(), seconds)
        if (result.failures > 0) throw new Error(`${target.name}: ${result.failures} failed requests`)
        results.get(target.name)!.push(result)
      }
    }

    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
    console.log(`Gateway overhead, Node ${process.version}, wrk -t2 -c50 -d${seconds}s --latency, ${rounds} round(s), medians`)
    console.log(`${'target'.padEnd(18)} ${'req/s'.padStart(9)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`)
    const rate = new Map<string, number>()
    for (const [name, runs] of results) {
      rate.set(name, median(runs.map((run) => run.requestsPerSecond)))
      const p50 = median(runs.map((run) => run.p50Ms))
      const p99 = median(runs.map((run) => run.p99Ms))
      console.log(`${name.padEnd(18)} ${rate.get(name)!.toFixed(0).padStart(9)} ${p50.toFixed(2).padStart(8)} ${p99.toFixed(2).padStart(8)}`)
    }
    const ratio = rate.get('gateway (cookie)')! / rate.get('bare http-proxy')!
    console.log(`gateway / bare proxy throughput: ${(ratio * 100).toFixed(1)}% (budget 85%)`)

    if (profileDirectory) {
      await stop(gateway)
      console.log(`\nGateway CPU profile in ${profileDirectory}, self time:`)
      for (const line of await topOfProfile(profileDirectory, 25)) console.log(line)
    }
    if (process.argv.includes('--check') && ratio < 0.85) process.exitCode = 1
  } finally {
    for (const server of servers.reverse()) await stop(server)
  }
}

const role = option('--role')
if (role) await serve(role)
else await main()
