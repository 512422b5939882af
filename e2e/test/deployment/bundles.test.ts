import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '@app/kit/testing/free-port'
import { redisAvailable, startRedisServer, type RedisServer } from '@app/kit/testing/redis-server'
import { TEST_KEYS } from '@app/kit/testing/service-dependencies'
import { buildBundle } from '../../../scripts/build-bundles.ts'
import { expectHelperThreadsBelowTheLoop } from '../../src/threads.ts'

/** Decision 010: images run one compiled bundle per process. Each must start on its own and answer its health. */
const children: ChildProcess[] = []
const directories: string[] = []
let redis: RedisServer | undefined

beforeAll(async () => {
  if (redisAvailable) redis = await startRedisServer()
})
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL')
  await redis?.stop()
  for (const directory of directories) rmSync(directory, { recursive: true, force: true })
})

async function startBundle(folder: string, env: Record<string, string>, healthPath: string) {
  const bundle = await buildBundle(folder)
  const port = await freePort()
  const dataDirectory = mkdtempSync(join(tmpdir(), 'bundle-'))
  directories.push(dataDirectory)
  const child = spawn(process.execPath, ['--enable-source-maps', bundle], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      DATA_DIR: dataDirectory,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  let output = ''
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) throw new Error(`the bundle exited: ${output}`)
        return fetch(`http://127.0.0.1:${port}${healthPath}`).then(
          (response) => response.headers.get('content-type') ?? '',
          () => '',
        )
      },
      { timeout: 30_000, interval: 200 },
    )
    .toContain('application/json')
  // The images run these bundles: their threads are set as the product's are (decision 078).
  await expectHelperThreadsBelowTheLoop(child.pid!)
  return port
}

describe.skipIf(!redisAvailable)('the compiled bundles', () => {
  it('start a service from its bundle alone, healthy on its store, bus and key-value store', async () => {
    const port = await startBundle(
      'services/profiles',
      {
        REDIS_URL: redis!.url,
        GATEWAY_PUBLIC_KEY: TEST_KEYS.gateway.publicKey,
        SHARING_PUBLIC_KEY: TEST_KEYS.sharing.publicKey,
        IMPORT_PUBLIC_KEY: TEST_KEYS.import.publicKey,
        ADVICE_PUBLIC_KEY: TEST_KEYS.advice.publicKey,
        // The publishers of the events profiles consumes (decision 021).
        AUTH_PUBLIC_KEY: TEST_KEYS.auth.publicKey,
      },
      '/health',
    )
    const health = await fetch(`http://127.0.0.1:${port}/health`)
    expect(health.status).toBe(200)
    expect(await health.json()).toEqual({
      status: 'ok',
      service: 'profiles',
      store: true,
      bus: true,
      kv: true,
    })
  }, 90_000)

  it('start the gateway from its bundle alone', async () => {
    const nowhere = `http://127.0.0.1:${await freePort()}`
    const port = await startBundle(
      'gateway',
      {
        SESSION_SECRET: 's'.repeat(40),
        GATEWAY_PRIVATE_KEY: TEST_KEYS.gateway.privateKey,
        ...Object.fromEntries(
          ['AUTH', 'PROFILES', 'SHARING', 'QUESTIONS', 'IMPORT', 'ADVICE'].map((name) => [
            `${name}_SERVICE_URL`,
            nowhere,
          ]),
        ),
      },
      '/api/health',
    )
    // The services are not running: the gateway answers, and says it is degraded.
    const health = await fetch(`http://127.0.0.1:${port}/api/health`)
    expect(health.status).toBe(503)
    expect(await health.json()).toMatchObject({ status: 'degraded' })
  }, 90_000)
})
