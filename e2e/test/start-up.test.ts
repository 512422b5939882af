import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { generateIdentityKeyPair } from '@app/kit/identity'
import { expectHelperThreadsBelowTheLoop } from '../src/threads.ts'

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
  it('stops a service with a bad environment, naming every bad variable and key', async () => {
    const { privateKey } = generateIdentityKeyPair()
    const { child, output } = run('services/import/src/server.ts', {
      PORT: 'abc',
      REDIS_URL: 'http://nope',
      // The gateway's private key where its public key belongs, and a malformed key of its own.
      GATEWAY_PUBLIC_KEY: privateKey,
      SERVICE_PRIVATE_KEY: 'not-a-key-at-all',
    })
    expect(await exitOf(child)).toBe(1)
    expect(output()).toContain('PORT')
    expect(output()).toContain('REDIS_URL: must be a redis:// URL')
    expect(output()).toContain('GATEWAY_PUBLIC_KEY: must be an Ed25519 public key in PEM')
    expect(output()).toContain('SERVICE_PRIVATE_KEY: must be an Ed25519 private key in PEM')
    // import calls auth and profiles: their addresses are required.
    expect(output()).toContain('AUTH_SERVICE_URL')
    expect(output()).toContain('PROFILES_SERVICE_URL')
    expect(output()).not.toContain('not-a-key-at-all')
    expect(output()).not.toContain('PRIVATE KEY-----')
  })

  it('stops a service started on its own without a shared event bus', async () => {
    const dataDirectory = mkdtempSync(join(tmpdir(), 'alone-'))
    directories.push(dataDirectory)
    const { child, output } = run('services/profiles/src/server.ts', {
      PORT: '0',
      GATEWAY_PUBLIC_KEY: generateIdentityKeyPair().publicKey,
      SHARING_PUBLIC_KEY: generateIdentityKeyPair().publicKey,
      IMPORT_PUBLIC_KEY: generateIdentityKeyPair().publicKey,
      ADVICE_PUBLIC_KEY: generateIdentityKeyPair().publicKey,
      AUTH_PUBLIC_KEY: generateIdentityKeyPair().publicKey,
      DATA_DIR: dataDirectory,
    })
    expect(await exitOf(child)).toBe(1)
    expect(output()).toContain('REDIS_URL or KAFKA_BROKERS')
  })

  it('stops the gateway when an upstream address, a secret or its key is missing', async () => {
    const { child, output } = run('gateway/src/server.ts', {})
    expect(await exitOf(child)).toBe(1)
    for (const name of [
      'SESSION_SECRET',
      'GATEWAY_PRIVATE_KEY',
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
    await expectHelperThreadsBelowTheLoop(child.pid!)
    child.kill('SIGINT')
    expect(await exitOf(child)).toBe(0)
    const users = readFileSync(join(dataDirectory, 'auth', 'users.db'), 'utf8')
    expect(users).toContain('"username":"owner@example.com"')
    expect(users).not.toContain('start-up test password')
    expect(output()).not.toContain('start-up test password')
  })
})
