import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { once } from 'node:events'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createDocumentStore } from '@app/kit/store/index'
import { freePort } from '@app/kit/testing/free-port'
import { ApiSession, createAccount, saveDiscProfile } from '../../src/api.ts'
import { everywhere, shareWithGuest, tracesOf } from '../../src/deletion-traces.ts'
import { useProduct } from '../../src/fixture.ts'

describe('deleting an account in the all-in-one product, through the gateway', () => {
  const fixture = useProduct()

  it('before, the person shows everywhere; after, nowhere, and their guest is refused on the next request', async () => {
    const { administrator } = fixture
    const olga = await createAccount(administrator, 'standard', { firstName: 'Olga', lastName: 'Zanzibar' })
    const profileId = await saveDiscProfile(olga.session, 'Olga Zanzibar')
    const guest = await shareWithGuest(olga.session, fixture.product.url, 'gus.guest@example.test')
    const lookout = { administrator, guest, name: 'Zanzibar', email: olga.username, profileId }
    await expect.poll(() => tracesOf(lookout), { timeout: 5_000, interval: 250 }).toEqual(everywhere(true))

    const wrong = await olga.session.call('DELETE', '/api/account', { password: 'not my password' })
    expect(wrong.status).toBe(400)
    expect(
      await olga.session.expect(200, 'DELETE', '/api/account', { password: olga.password }),
    ).toMatchObject({
      userId: olga.user.id,
      completed: true,
    })
    // The guest's very next request: the profile is gone for them.
    expect(JSON.stringify(await guest.expect(200, 'GET', '/api/accessible-profiles'))).not.toContain(
      'Zanzibar',
    )
    expect((await guest.call('GET', `/api/profiles/${profileId}/report`)).status).not.toBe(200)

    await expect.poll(() => tracesOf(lookout), { timeout: 10_000, interval: 250 }).toEqual(everywhere(false))
    expect((await olga.session.call('GET', '/api/auth/me')).status).toBe(401)
    expect(
      (
        await new ApiSession(fixture.product.url).call('POST', '/api/auth/login', {
          username: olga.username,
          password: olga.password,
        })
      ).status,
    ).toBe(401)
    // Deleting it again: 404, nothing happens.
    expect((await administrator.call('DELETE', `/api/admin/user/${olga.user.id}`)).status).toBe(404)
    // The guest account the person made by inviting is theirs: it stays, with nothing of the person.
    expect(JSON.stringify(await guest.expect(200, 'GET', '/api/auth/me'))).toContain('gus.guest@example.test')
  })

  it("an administrator deletes any account but the last administrator's", async () => {
    const { administrator } = fixture
    const paula = await createAccount(administrator, 'standard', { firstName: 'Paula', lastName: 'Quixote' })
    const profileId = await saveDiscProfile(paula.session, 'Paula Quixote')
    const guest = await shareWithGuest(paula.session, fixture.product.url, 'gwen.guest@example.test')
    const lookout = { administrator, guest, name: 'Quixote', email: paula.username, profileId }
    await expect.poll(() => tracesOf(lookout), { timeout: 5_000, interval: 250 }).toEqual(everywhere(true))

    await administrator.expect(200, 'DELETE', `/api/admin/user/${paula.user.id}`)
    expect((await paula.session.call('GET', '/api/auth/me')).status).toBe(401)
    expect(JSON.stringify(await guest.expect(200, 'GET', '/api/accessible-profiles'))).not.toContain(
      'Quixote',
    )
    await expect.poll(() => tracesOf(lookout), { timeout: 10_000, interval: 250 }).toEqual(everywhere(false))

    const me = (await administrator.expect(200, 'GET', '/api/auth/me')) as { id: number }
    const last = await administrator.call('DELETE', `/api/admin/user/${me.id}`)
    expect(last.status).toBe(409)
    expect(last.body).toMatchObject({ code: 'AUTH_LAST_ADMINISTRATOR' })
  })
})

const root = resolve(import.meta.dirname, '../../..')

/** The all-in-one product as `npm start` runs it: a process of its own, which the test can SIGKILL. */
async function startProcess(
  dataDirectory: string,
  port: number,
  administrator: { email: string; password: string },
) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/all-in-one.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      DATA_DIR: dataDirectory,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: administrator.email,
      ADMIN_PASSWORD: administrator.password,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  await new Promise<void>((ready, failed) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('Ready:')) ready()
    })
    child.once('exit', (code) => failed(new Error(`the product exited (${code}): ${output}`)))
  })
  return child
}

async function kill(child: ChildProcess) {
  const exited = once(child, 'exit')
  child.kill('SIGKILL')
  await exited
}

describe('a deletion interrupted by SIGKILL in the all-in-one product', () => {
  let dataDirectory = ''
  let child: ChildProcess | undefined
  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) await kill(child)
    if (dataDirectory) await rm(dataDirectory, { recursive: true, force: true })
  })

  it('is finished by the next start: the account, its profile and its sharing are gone', async () => {
    dataDirectory = await mkdtemp(join(tmpdir(), 'e2e-deletion-kill-'))
    const port = await freePort()
    const url = `http://127.0.0.1:${port}`
    const chief = { email: 'chief@example.test', password: randomBytes(18).toString('base64url') }
    child = await startProcess(dataDirectory, port, chief)
    const administrator = new ApiSession(url)
    await administrator.login(chief.email, chief.password)
    const rita = await createAccount(administrator, 'standard', { firstName: 'Rita', lastName: 'Kowalczyk' })
    const profileId = await saveDiscProfile(rita.session, 'Rita Kowalczyk')
    const guest = await shareWithGuest(rita.session, url, 'gail.guest@example.test')
    const lookout = { administrator, guest, name: 'Kowalczyk', email: rita.username, profileId }
    await expect.poll(() => tracesOf(lookout), { timeout: 5_000, interval: 250 }).toEqual(everywhere(true))

    // The process dies; what it left is what a crash right after the deletion's first step leaves: the
    // account marked (docs/decisions/061-account-deletion.md), nothing published, nothing else done.
    await kill(child)
    const store = await createDocumentStore({ dataDirectory, service: 'auth' })
    const users = await store.collection('users', {
      schema: z
        .object({ deletionStartedAt: z.string().optional(), deletionRequestedBy: z.number().optional() })
        .passthrough(),
      idKind: 'int',
    })
    expect(
      await users.updateOne(
        { id: rita.user.id },
        { $set: { deletionStartedAt: new Date().toISOString(), deletionRequestedBy: rita.user.id } },
      ),
    ).not.toBeNull()
    await store.close()

    child = await startProcess(dataDirectory, port, chief)
    await administrator.login(chief.email, chief.password)
    await guest.login('gail.guest@example.test', 'gus guest pass 1')
    await expect.poll(() => tracesOf(lookout), { timeout: 15_000, interval: 250 }).toEqual(everywhere(false))
    expect((await rita.session.call('GET', '/api/auth/me')).status).toBe(401)
    expect(
      (
        await new ApiSession(url).call('POST', '/api/auth/login', {
          username: rita.username,
          password: rita.password,
        })
      ).status,
    ).toBe(401)
    // Every datafile of every service, line by line (old copies too): nothing names her.
    for (const [service, file] of [
      ['auth', 'users.db'],
      ['profiles', 'assessments.db'],
      ['profiles', 'people.db'],
      ['profiles', 'grants.db'],
      ['sharing', 'invitations.db'],
      ['sharing', 'access_history.db'],
    ] as const) {
      const path = join(dataDirectory, service, file)
      await expect
        .poll(() => readFileSync(path, 'utf8').toLowerCase(), { timeout: 5_000 })
        .not.toContain('kowalczyk')
      expect(readFileSync(path, 'utf8').toLowerCase(), `${service}/${file}`).not.toContain(rita.username)
    }
  }, 120_000)
})
