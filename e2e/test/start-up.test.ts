import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../..')
const directories: string[] = []
afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true })
})

function run(entry: string, env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk.toString()))
  child.stderr.on('data', (chunk) => (output += chunk.toString()))
  return { child, output: () => output }
}

async function exitOf(child: ReturnType<typeof spawn>) {
  const [code] = (await once(child, 'exit')) as [number | null]
  return code
}

describe('start-up', () => {
  it('stops a service with a bad environment, naming every bad variable', async () => {
    const { child, output } = run('services/auth/src/server.ts', {
      PORT: 'abc',
      REDIS_URL: 'http://nope',
      INTERNAL_TOKEN_SECRET: 'too-short-secret',
    })
    expect(await exitOf(child)).toBe(1)
    expect(output()).toContain('PORT')
    expect(output()).toContain('REDIS_URL: must be a redis:// URL')
    expect(output()).toContain('INTERNAL_TOKEN_SECRET: must be at least 32 characters')
    expect(output()).not.toContain('too-short-secret')
  })

  it('stops the gateway when an upstream address or a secret is missing', async () => {
    const { child, output } = run('gateway/src/server.ts', { INTERNAL_TOKEN_SECRET: 'x'.repeat(32) })
    expect(await exitOf(child)).toBe(1)
    for (const name of [
      'SESSION_SECRET',
      'AUTH_SERVICE_URL',
      'PROFILES_SERVICE_URL',
      'SHARING_SERVICE_URL',
      'QUESTIONS_SERVICE_URL',
      'IMPORT_SERVICE_URL',
      'ADVICE_SERVICE_URL',
    ]) {
      expect(output()).toContain(name)
    }
  })

  it('runs the all-in-one product and stops it cleanly on Ctrl-C, keeping what it wrote', async () => {
    const dataDirectory = mkdtempSync(join(tmpdir(), 'all-in-one-'))
    directories.push(dataDirectory)
    const { child, output } = run('scripts/all-in-one.ts', {
      DATA_DIR: dataDirectory,
      PORT: '0',
      ADMIN_EMAIL: 'owner@example.com',
      ADMIN_PASSWORD: 'start-up test password',
      LOG_LEVEL: 'warn',
    })
    const deadline = Date.now() + 30_000
    while (!/Ready: http:\/\/localhost:\d+/.test(output())) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`not ready: ${output()}`)
      await new Promise((resolveWait) => setTimeout(resolveWait, 50))
    }
    const url = /Ready: (http:\/\/localhost:\d+)/.exec(output())![1]!
    const health = await fetch(`${url}/api/health`)
    expect(health.status).toBe(200)
    child.kill('SIGINT')
    expect(await exitOf(child)).toBe(0)
    const users = readFileSync(join(dataDirectory, 'auth', 'users.db'), 'utf8')
    expect(users).toContain('"username":"owner@example.com"')
    expect(users).not.toContain('start-up test password')
    expect(output()).not.toContain('start-up test password')
  })
})
