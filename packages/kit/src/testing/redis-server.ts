import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from './free-port.ts'

/**
 * A redis-server for tests and the local cluster: loopback only. By default nothing is persisted and it runs in
 * its own temp directory; given a data directory it keeps an append-only file there, synced on every write, so
 * a restarted server has every revocation it had (decision 008).
 */
export interface RedisServer {
  url: string
  port: number
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

/** One PING over a raw socket, so this helper does not depend on a Redis client. */
function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port })
    const finish = (ok: boolean) => {
      socket.destroy()
      resolve(ok)
    }
    socket.setTimeout(500, () => finish(false))
    socket.once('error', () => finish(false))
    socket.once('connect', () => socket.write('PING\r\n'))
    socket.once('data', (chunk) => finish(chunk.toString().startsWith('+PONG')))
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

async function launch(
  port: number,
  dataDirectory: string | undefined,
  appendfsync: 'always' | 'everysec' = 'always',
): Promise<RedisServer> {
  const persistent = dataDirectory !== undefined
  if (persistent) mkdirSync(dataDirectory, { recursive: true, mode: 0o700 })
  const directory = dataDirectory ?? mkdtempSync(join(tmpdir(), 'redis-test-'))
  // Only a temp directory is removed when the server goes; a data directory is what must outlive it.
  const scratch = persistent ? '' : directory
  const child = spawn(
    REDIS_BINARY,
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      persistent ? 'yes' : 'no',
      ...(persistent ? ['--appendfsync', appendfsync] : []),
      '--dir',
      directory,
      '--daemonize',
      'no',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
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
  while (!(await answersPing(port))) {
    const exited = child.pid === undefined || child.exitCode !== null || child.signalCode !== null
    if (exited || Date.now() > deadline) {
      child.kill('SIGKILL')
      await waitForExit(child, 2000)
      throw new Error(
        `redis-server did not start on port ${port}: ${output.trim().split('\n').slice(-3).join(' | ')}`,
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }

  return {
    url: `redis://127.0.0.1:${port}`,
    port,
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
  for (let attempt = 1; ; attempt++) {
    const port = options.port ?? (await freePort())
    try {
      return await launch(port, options.dataDirectory, options.appendfsync)
    } catch (error) {
      const retry = options.port === undefined ? attempt < 3 : Date.now() < deadline
      if (!retry) throw error
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}
