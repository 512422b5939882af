import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from './free-port.ts'

/**
 * A redis-server for tests and the local cluster: loopback only, and only for clients that know its password
 * (decision 021). By default nothing is persisted and it runs in its own temp directory; given a data directory
 * it keeps an append-only file there, synced on every write, so a restarted server has every revocation it had
 * (decision 008).
 */
export interface RedisServer {
  /** `redis://:<password>@127.0.0.1:<port>`: a secret, never to be printed (`redactRedisUrl`). */
  url: string
  port: number
  password: string
  /** Graceful shutdown; resolves once the process has exited and its directory is gone. */
  stop(): Promise<void>
  /** SIGKILL, to simulate a crash; the directory is removed when the process has exited. */
  kill(): void
}

export interface RedisServerOptions {
  /** Reuse a port, e.g. to bring a server back where a stopped one was. Default: a free port. */
  port?: number
  /** Persist here (appendonly) and keep the folder when the server stops. */
  dataDirectory?: string
  /**
   * How a persisted server syncs its file: `always` before each answer (the default: revocations, decision
   * 008), `everysec` once a second (the relaxed keys' server, decision 020).
   */
  appendfsync?: 'always' | 'everysec'
  /** What clients must send with AUTH; default a new random one. Given to bring a server back with the same. */
  password?: string
}

/** 32 random bytes, base64url: letters, digits, `-` and `_`, safe in a URL's password part. */
export const randomRedisPassword = (): string => randomBytes(32).toString('base64url')

/** A Redis URL as it may be printed: its password, if any, replaced. */
export function redactRedisUrl(url: string): string {
  return url.replace(/^(rediss?:\/\/)[^@/]*@/, '$1***@')
}

const REDIS_BINARY = '/usr/bin/redis-server'
export const redisAvailable = existsSync(REDIS_BINARY)

const running = new Set<{ child: ChildProcess; watchdog: ChildProcess | null; directory: string }>()
let exitHookInstalled = false

function installExitHook(): void {
  if (exitHookInstalled) return
  exitHookInstalled = true
  process.on('exit', () => {
    for (const server of running) {
      server.child.kill('SIGKILL')
      server.watchdog?.kill('SIGKILL')
      if (server.directory) rmSync(server.directory, { recursive: true, force: true })
    }
  })
}

/** AUTH and one PING over a raw socket, so this helper does not depend on a Redis client. */
function answersPing(port: number, password: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port })
    let answer = ''
    const finish = (ok: boolean) => {
      socket.destroy()
      resolve(ok)
    }
    socket.setTimeout(500, () => finish(false))
    socket.once('error', () => finish(false))
    socket.once('connect', () => socket.write(`AUTH ${password}\r\nPING\r\n`))
    socket.on('data', (chunk) => {
      answer += chunk.toString()
      // Two answers (AUTH's and PING's), or an error such as LOADING while the file is read back.
      if (answer.split('\r\n').length > 2 || answer.startsWith('-')) finish(answer === '+OK\r\n+PONG\r\n')
    })
  })
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true)
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs)
    child.once('exit', () => {
      clearTimeout(timer)
      resolve(true)
    })
  })
}

/**
 * The server's configuration, written to its standard input (`redis-server -`): the password never appears on
 * a command line, where `ps` would show it to every local user, nor in a file.
 */
function configuration(options: {
  port: number
  directory: string
  persistent: boolean
  appendfsync: 'always' | 'everysec'
  password: string
}): string {
  return [
    `port ${options.port}`,
    'bind 127.0.0.1',
    'protected-mode yes',
    'save ""',
    `appendonly ${options.persistent ? 'yes' : 'no'}`,
    ...(options.persistent ? [`appendfsync ${options.appendfsync}`] : []),
    `dir "${options.directory}"`,
    'daemonize no',
    `requirepass "${options.password}"`,
    '',
  ].join('\n')
}

async function launch(
  port: number,
  dataDirectory: string | undefined,
  appendfsync: 'always' | 'everysec' = 'always',
  password: string,
): Promise<RedisServer> {
  const persistent = dataDirectory !== undefined
  if (persistent) mkdirSync(dataDirectory, { recursive: true, mode: 0o700 })
  const directory = dataDirectory ?? mkdtempSync(join(tmpdir(), 'redis-test-'))
  // Only a temp directory is removed when the server goes; a data directory is what must outlive it.
  const scratch = persistent ? '' : directory
  if (/["\\\n]/.test(directory)) throw new Error(`redis-server cannot keep its data in ${directory}`)
  const child = spawn(REDIS_BINARY, ['-'], { stdio: ['pipe', 'pipe', 'pipe'] })
  child.stdin?.on('error', () => {}) // a server that failed at once: its output says why
  child.stdin?.end(configuration({ port, directory, persistent, appendfsync, password }))
  let output = ''
  const collect = (chunk: Buffer) => {
    if (output.length < 4000) output += chunk.toString()
  }
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)
  child.once('error', (error) => (output += String(error)))
  // The exit hook does not run when this process is SIGKILLed; the watchdog does the cleanup then.
  const watchdog =
    child.pid === undefined
      ? null
      : spawn(
          '/bin/sh',
          [
            '-c',
            'while kill -0 "$1" 2>/dev/null && kill -0 "$2" 2>/dev/null; do sleep 1; done; kill -9 "$2" 2>/dev/null; [ -n "$3" ] && rm -rf "$3"',
            'watchdog',
            String(process.pid),
            String(child.pid),
            scratch,
          ],
          { stdio: 'ignore', detached: true },
        )
  watchdog?.unref()
  const entry = { child, watchdog, directory: scratch }
  running.add(entry)
  installExitHook()
  child.once('exit', () => {
    running.delete(entry)
    watchdog?.kill('SIGKILL')
    if (scratch) rmSync(scratch, { recursive: true, force: true })
  })

  const deadline = Date.now() + 10_000
  while (!(await answersPing(port, password))) {
    const exited = child.pid === undefined || child.exitCode !== null || child.signalCode !== null
    if (exited || Date.now() > deadline) {
      child.kill('SIGKILL')
      await waitForExit(child, 2000)
      throw new Error(
        `redis-server did not start on port ${port}: ${output.replaceAll(password, '***').trim().split('\n').slice(-3).join(' | ')}`,
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }

  return {
    url: `redis://:${password}@127.0.0.1:${port}`,
    port,
    password,
    async stop() {
      child.kill('SIGTERM')
      if (!(await waitForExit(child, 5000))) {
        child.kill('SIGKILL')
        await waitForExit(child, 5000)
      }
    },
    kill() {
      child.kill('SIGKILL')
    },
  }
}

/**
 * Starts redis-server on a free loopback port (or the given one) and resolves once it answers PING.
 * A fixed port is retried for a few seconds, because a just-killed server may still hold it.
 */
export async function startRedisServer(options: RedisServerOptions = {}): Promise<RedisServer> {
  if (!redisAvailable) throw new Error(`${REDIS_BINARY} is not installed`)
  const deadline = Date.now() + 5000
  const password = options.password ?? randomRedisPassword()
  if (!/^[\w-]+$/.test(password)) throw new Error('a Redis password is letters, digits, - and _ only')
  for (let attempt = 1; ; attempt++) {
    const port = options.port ?? (await freePort())
    try {
      return await launch(port, options.dataDirectory, options.appendfsync, password)
    } catch (error) {
      const retry = options.port === undefined ? attempt < 3 : Date.now() < deadline
      if (!retry) throw error
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}
