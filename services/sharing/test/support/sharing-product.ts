import type { FastifyInstance } from 'fastify'
import { afterEach, beforeEach } from 'vitest'
import { buildApp as buildAuth } from '@app/auth/app'
import { buildApp as buildProfiles } from '@app/profiles/app'
import type { Identity } from '@app/kit/identity'
import { createMemoryKeyValueStore } from '@app/kit/kv/memory'
import type { Email } from '@app/kit/mailer'
import { decodeLoginHeader } from '@app/kit/session-headers'
import type { EventBus } from '@app/kit/bus/port'
import type { ServiceDependencies } from '@app/kit/service'
import type { DocumentStore } from '@app/kit/store/port'
import {
  createSharedDependencies,
  identityHeaders,
  testServiceClient,
} from '@app/kit/testing/service-dependencies'
import { buildApp } from '../../src/app.ts'
import { sharingEnvSchema } from '../../src/config.ts'
import { testConfig } from '@app/kit/testing/config'
import { authEnvSchema } from '@app/auth/config'

export const ADMIN = { email: 'admin@example.com', password: 'admin password 1' }
export const TOKEN_KEY = 'a test invitation token key of 32+ characters'

export interface Person {
  identity: Identity
  email: string
  name: string
}

export interface SharingProduct {
  sharing: FastifyInstance
  auth: FastifyInstance
  profiles: FastifyInstance
  kv: ReturnType<typeof createMemoryKeyValueStore>
  bus: EventBus
  /** Sharing's own document store, as the service holds it. */
  sharingStore: DocumentStore
  sent: Email[]
  /** Stops sharing and starts it again on the same stores and bus, as a process restart would. */
  restartSharing(): Promise<void>
  close(): Promise<void>
}

export interface SharingProductOptions {
  now?: () => number
  /** Wraps sharing's own adapters (the others are left as they are), e.g. to fail them on purpose. */
  wrapSharing?: (dependencies: ServiceDependencies) => ServiceDependencies
  revocationSweepMs?: number
}

/**
 * The services sharing works with, as in the all-in-one mode: auth and profiles listening on loopback (sharing calls them
 * through the kit's client), profiles and sharing on one in-process bus and one key-value store, each with
 * its own in-memory NeDB store. Only the gateway is left out: requests carry the identity it would sign.
 */
export async function startSharingProduct(options: SharingProductOptions = {}): Promise<SharingProduct> {
  const shared = await createSharedDependencies(['auth', 'profiles', 'sharing'])
  const auth = await buildAuth({
    ...shared.of('auth'),
    announce: () => undefined,
    mailer: { send: async () => undefined },
    config: testConfig('auth', authEnvSchema, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }),
  })
  const authUrl = await auth.listen({ port: 0, host: '127.0.0.1' })
  const profiles = await buildProfiles(shared.of('profiles'))
  const profilesUrl = await profiles.listen({ port: 0, host: '127.0.0.1' })
  const sharingDependencies = (options.wrapSharing ?? ((dependencies) => dependencies))(shared.of('sharing'))
  const sent: Email[] = []
  const startSharing = () =>
    buildApp({
      ...sharingDependencies,
      clients: {
        auth: testServiceClient('sharing', 'auth', authUrl),
        profiles: testServiceClient('sharing', 'profiles', profilesUrl),
      },
      config: testConfig('sharing', sharingEnvSchema, {
        INVITATION_TOKEN_KEY: TOKEN_KEY,
        PUBLIC_URL: 'http://disc.test',
      }),
      mailer: { send: async (email) => void sent.push(email) },
      ...(options.now ? { now: options.now } : {}),
      ...(options.revocationSweepMs ? { revocationSweepMs: options.revocationSweepMs } : {}),
    })
  const product: SharingProduct = {
    sharing: await startSharing(),
    auth,
    profiles,
    kv: shared.kv,
    bus: shared.bus,
    sharingStore: shared.of('sharing').store,
    sent,
    async restartSharing() {
      await product.sharing.close()
      product.sharing = await startSharing()
      await product.sharing.ready()
    },
    async close() {
      await product.sharing.close()
      await profiles.close()
      await auth.close()
      await shared.close()
    },
  }
  return product
}

/** A product per test (see startSharingProduct). */
export function useSharingProduct(options: SharingProductOptions = {}) {
  const context = {} as SharingProduct
  beforeEach(async () => {
    Object.assign(context, await startSharingProduct(options))
  })
  afterEach(async () => {
    await context.close()
  })
  return context
}

export const as = (service: 'sharing' | 'profiles' | 'auth', identity: Identity | null) =>
  identityHeaders(service, identity)

export const administrator: Identity = {
  userId: 1,
  role: 'administrator',
  username: ADMIN.email,
  mustChangePassword: false,
}

/** Saves a profile named `<name> profile` for its owner: sharing refuses an invitation without one. */
export async function saveProfileOf(context: { profiles: FastifyInstance }, owner: Identity, name: string) {
  const response = await context.profiles.inject({
    method: 'POST',
    url: '/api/assessments',
    headers: as('profiles', owner),
    payload: { name: `${name} profile`, dScore: 80, iScore: 40, sScore: 30, cScore: 10 },
  })
  if (response.statusCode !== 201) throw new Error(`save a profile of ${name}: ${response.body}`)
}

/** Registers an account through auth as the administrator; sessions then carry the identity it gets. */
export async function createPerson(
  context: { auth: FastifyInstance },
  role: Identity['role'],
  name: string,
): Promise<Person> {
  const email = `${name.toLowerCase().replace(/\s+/g, '.')}@example.com`
  const response = await context.auth.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: as('auth', administrator),
    payload: { username: email, email, password: 'a fine password', name, role },
  })
  if (response.statusCode !== 201) throw new Error(`register ${email}: ${response.body}`)
  const id = response.json().id as number
  return { identity: { userId: id, role, username: email, mustChangePassword: false }, email, name }
}

/** The identity an accept answer signs in, as the gateway would read it from the login header. */
export function signedInBy(response: { headers: Record<string, unknown> }): Identity | null {
  const header = response.headers['x-session-login']
  if (typeof header !== 'string') return null
  const user = decodeLoginHeader(header) as { id: number; role: Identity['role']; username: string }
  return { userId: user.id, role: user.role, username: user.username, mustChangePassword: false }
}
