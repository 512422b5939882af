import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createMemoryEventBus } from '@app/kit/bus/memory'
import { createMemoryKeyValueStore } from '@app/kit/kv/memory'
import type { KeyValueStore } from '@app/kit/kv/port'
import { createNedbStore } from '@app/kit/store/nedb'
import type { DocumentStore } from '@app/kit/store/port'
import { createProcessedEventLog } from '@app/kit/store/processed-events'
import { serviceHeaders, testPublicKeys } from '@app/kit/testing/service-dependencies'
import type { Role } from '@app/domain/roles'
import { buildApp } from '../src/app.ts'
import { hashPassword } from '../src/passwords.ts'
import { createUsersRepository, UserDocumentSchema } from '../src/repositories/users-repository.ts'
import { ADMIN, adminIdentity, as } from './support/auth-app.ts'
import { testConfig } from '@app/kit/testing/config'
import { authEnvSchema } from '../src/config.ts'

/**
 * No address reaches two accounts (issue 26, finding 11): e-mails and usernames are compared without regard
 * to case or spaces, and a unique index in the store decides, so two replicas cannot both take one address.
 */
const opened: Array<{ close(): Promise<void> }> = []
afterEach(async () => {
  for (const closable of opened.splice(0).reverse()) await closable.close()
})

/** An auth replica over a shared store and key-value store, as replicas share MongoDB and Redis. */
async function replica(store: DocumentStore, kv: KeyValueStore, mails: string[] = []) {
  const bus = createMemoryEventBus({ processedLog: await createProcessedEventLog(store) })
  const app = await buildApp({
    publicKeys: testPublicKeys('auth'),
    store,
    bus,
    kv,
    announce: () => undefined,
    mailer: { send: async (mail) => void mails.push(mail.text) },
    config: testConfig('auth', authEnvSchema, {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      PUBLIC_URL: 'http://disc.test',
    }),
  })
  opened.push(bus, app)
  return app
}

async function sharedStores(directory: string | null = null) {
  const store = await createNedbStore({ directory })
  const kv = createMemoryKeyValueStore()
  opened.push(store, kv)
  return { store, kv }
}

type App = Awaited<ReturnType<typeof replica>>

const register = (app: App, username: string, email: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: as(adminIdentity),
    payload: { username, email, password: 'first pass 1', name: username, role: 'standard' },
  })

const TAKEN = { message: 'A user with that username or e-mail already exists', code: 'AUTH_USERNAME_TAKEN' }

describe('one address, one account', () => {
  it('lets only one of two concurrent registers on two replicas take an address in two letter cases', async () => {
    const { store, kv } = await sharedStores()
    const first = await replica(store, kv)
    const second = await replica(store, kv)
    for (let round = 0; round < 5; round += 1) {
      const answers = await Promise.all([
        register(first, `hank-${round}`, `Hank${round}@Example.com`),
        register(second, `henry-${round}`, ` hank${round}@example.COM `),
      ])
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409])
      expect(answers.find((answer) => answer.statusCode === 409)!.json()).toEqual(TAKEN)
    }
    const emails = (
      await first.inject({ method: 'GET', url: '/api/admin/users', headers: as(adminIdentity) })
    )
      .json()
      .map((user: { email: string }) => user.email)
    expect(emails.filter((email: string) => email.startsWith('hank'))).toHaveLength(5)
    expect(new Set(emails).size).toBe(emails.length)
  })

  it("refuses an e-mail that is another account's username, and a username that is another's e-mail", async () => {
    const { store, kv } = await sharedStores()
    const app = await replica(store, kv)
    expect((await register(app, 'pat@example.com', 'pat.other@example.com')).statusCode).toBe(201)
    expect((await register(app, 'patricia', 'PAT@example.com')).json()).toEqual(TAKEN)
    expect((await register(app, ' Pat.Other@Example.com', 'new@example.com')).json()).toEqual(TAKEN)
    expect((await register(app, 'ADMIN@example.com', 'x@example.com')).statusCode).toBe(409)
  })

  it("refuses an administrator's edit to a taken address, changing nothing", async () => {
    const { store, kv } = await sharedStores()
    const app = await replica(store, kv)
    const ann = (await register(app, 'ann@example.com', 'ann@example.com')).json()
    const bo = (await register(app, 'bo', 'bo@example.com')).json()
    const edit = (id: number, payload: object) =>
      app.inject({ method: 'PUT', url: `/api/admin/user/${id}`, headers: as(adminIdentity), payload })
    const refused = await edit(bo.id, { email: ' ANN@example.com' })
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toEqual(TAKEN)
    expect((await edit(bo.id, { username: 'Ann@Example.com' })).statusCode).toBe(409)
    expect((await edit(ann.id, { email: 'bo@example.com' })).statusCode).toBe(409)
    const stored = await app.inject({
      method: 'GET',
      url: `/api/admin/user/${bo.id}`,
      headers: as(adminIdentity),
    })
    expect(stored.json()).toMatchObject({ username: 'bo', email: 'bo@example.com' })
    // What an account gives up is free for another.
    expect((await edit(ann.id, { email: 'ann.new@example.com' })).statusCode).toBe(200)
    expect((await edit(bo.id, { email: 'ann@example.com' })).json()).toMatchObject({
      email: 'ann@example.com',
    })
  })

  it('reports an imported row whose address another account holds, in any case, as a duplicate', async () => {
    const { store, kv } = await sharedStores()
    const app = await replica(store, kv)
    await register(app, 'carla', 'carla@example.com')
    const answer = await app.inject({
      method: 'POST',
      url: '/internal/users/import',
      headers: serviceHeaders('import', 'auth'),
      payload: {
        users: [
          {
            importKey: 'job-9:2',
            email: ' CARLA@example.com',
            firstName: 'C',
            lastName: 'A',
            name: '',
            password: 'generated pass 1',
          },
          {
            importKey: 'job-9:3',
            email: 'ADMIN@EXAMPLE.COM',
            firstName: 'D',
            lastName: 'B',
            name: '',
            password: 'generated pass 2',
          },
        ],
      },
    })
    expect(answer.json().results).toEqual([
      { importKey: 'job-9:2', status: 'duplicate', reason: 'A user with this email already exists' },
      { importKey: 'job-9:3', status: 'duplicate', reason: 'A user with this email already exists' },
    ])
  })
})

describe('accounts stored before addresses were unique', () => {
  let directory: string

  /** Writes accounts as the earlier version stored them: no identity keys, e-mails shared. */
  async function storeLegacyAccounts() {
    directory = await mkdtemp(join(tmpdir(), 'auth-legacy-'))
    const folder = directory
    // Removed after every store over it is closed (closed in reverse order).
    opened.unshift({ close: () => rm(folder, { recursive: true, force: true }) })
    const store = await createNedbStore({ directory })
    const users = await store.collection('users', {
      schema: UserDocumentSchema,
      idKind: 'int',
      indexes: [{ field: 'usernameKey', unique: true }, { field: 'email' }],
    })
    const passwordHash = await hashPassword('legacy pass 1')
    const account = (username: string, email: string, firstName: string, role: Role = 'standard') => ({
      username,
      usernameKey: username.toLowerCase(),
      email,
      firstName,
      lastName: 'Legacy',
      name: `${firstName} Legacy`,
      role,
      passwordHash,
      mustChangePassword: false,
      createdAt: new Date(),
      updatedAt: new Date(),
    })
    await users.insert(account('admin@example.com', 'admin@example.com', 'Admin', 'administrator'))
    await users.insert(account('hank', 'hank@example.com', 'Oldest'))
    await users.insert(account('hank2', 'hank@example.com', 'Second'))
    await users.insert(account('hank@example.com', 'third@example.com', 'Third'))
    await users.insert(account('ivy', 'ivy@example.com', 'Ivy'))
    await store.close()
  }

  it('starts, keeps each shared address with its oldest account, and flags the others', async () => {
    await storeLegacyAccounts()
    const { store, kv } = await sharedStores(directory)
    const mails: string[] = []
    const app = await replica(store, kv, mails)
    const users = await createUsersRepository(store, kv)
    expect((await users.findById(2))?.identityKeys).toEqual(['hank', 'hank@example.com'])
    expect(await users.findById(3)).toMatchObject({ identityKeys: ['hank2'], identityConflict: true })
    expect(await users.findById(4)).toMatchObject({
      identityKeys: ['third@example.com'],
      identityConflict: true,
    })
    expect(await users.findById(5)).toMatchObject({ identityKeys: ['ivy', 'ivy@example.com'] })
    expect((await users.findById(5))?.identityConflict).toBeUndefined()

    // Reset links for the shared address reach the oldest account only.
    await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: as(null),
      payload: { email: 'HANK@example.com' },
    })
    await expect.poll(() => mails.length).toBe(1)
    expect(mails[0]).toMatch(/^Hello Oldest,/)
    // Every account still signs in by its username.
    for (const username of ['hank', 'hank2', 'hank@example.com']) {
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: as(null),
        payload: { username, password: 'legacy pass 1' },
      })
      expect(login.statusCode, username).toBe(200)
    }
    expect((await register(app, 'new-hank', 'hank@example.com')).statusCode).toBe(409)

    // An administrator gives a flagged account an address of its own, which settles it.
    const edited = await app.inject({
      method: 'PUT',
      url: '/api/admin/user/3',
      headers: as(adminIdentity),
      payload: { email: 'hank.second@example.com' },
    })
    expect(edited.statusCode).toBe(200)
    const settled = await users.findById(3)
    expect(settled).toMatchObject({ identityKeys: ['hank.second@example.com'] })
    expect(settled?.identityConflict).toBeUndefined()
  })

  it('keys the accounts once: a second start changes nothing', async () => {
    await storeLegacyAccounts()
    const first = await sharedStores(directory)
    const before = await (await createUsersRepository(first.store, first.kv)).list()
    await first.store.close()
    const second = await sharedStores(directory)
    const after = await (await createUsersRepository(second.store, second.kv)).list()
    expect(after).toEqual(before)
  })
})
