import type { FastifyInstance } from 'fastify'
import { afterEach, beforeEach, expect } from 'vitest'
import type { AuditEntry, AuditPage } from '@app/contracts/audit'
import { buildApp as buildAuth } from '@app/auth/app'
import { buildApp as buildProfiles } from '@app/profiles/app'
import type { Identity } from '@app/kit/identity'
import { loggerOptions } from '@app/kit/logger'
import { closeServer } from '@app/kit/run-service'
import {
  createSharedDependencies,
  identityHeaders,
  testServiceClient,
} from '@app/kit/testing/service-dependencies'
import type { EventBus } from '@app/kit/bus/port'
import type { KeyValueStore } from '@app/kit/kv/port'
import type { DocumentStore } from '@app/kit/store/port'
import { testConfig } from '@app/kit/testing/config'
import type { z } from 'zod'
import { authEnvSchema } from '@app/auth/config'
import { buildApp, type ImportOptions } from '../../src/app.ts'
import { importEnvSchema } from '../../src/config.ts'

export const ADMIN = { email: 'admin@example.com', password: 'admin password 1' }

export const administrator: Identity = {
  userId: 1,
  role: 'administrator',
  username: ADMIN.email,
  mustChangePassword: false,
}

/** A signed-in user who is not an administrator. */
export const standardUser: Identity = {
  userId: 7,
  role: 'standard',
  username: 's@example.com',
  mustChangePassword: false,
}

/** What a test may change of an import app: its options, and of its config the keys it names. */
export type ImportOverrides = Partial<Omit<ImportOptions, 'config'>> & {
  config?: Partial<z.input<typeof importEnvSchema>>
}

/** The spec's behaviour, kept for tenants who opt in: passwords by its formula; small batches. */
export const SPEC_PASSWORD_IMPORTS = {
  config: { IMPORT_BATCH_SIZE: 2, IMPORT_PASSWORD_FORMAT: 'spec' },
} as const satisfies ImportOverrides

/** An e-mail auth sent, as the product's mailer received it. */
export type SentMail = { to: string; subject: string; text: string }

export interface ImportProduct {
  /** The import app; `restart` replaces it with a new one over the same store (a new process). */
  app: FastifyInstance
  auth: FastifyInstance
  profiles: FastifyInstance
  store: DocumentStore
  /** The bus and key-value store the three services share (profiles' catalog change log lives beside it). */
  bus: EventBus
  kv: KeyValueStore
  authUrl: string
  profilesUrl: string
  /** The e-mails auth sent in this test, oldest first. */
  mails: SentMail[]
  /** Builds another import app over the same store, as a restarted process would. */
  buildImport(overrides?: ImportOverrides): Promise<FastifyInstance>
}

/**
 * The services an import works with, as in the all-in-one mode: auth and profiles listening on loopback
 * (import calls them through the kit's client, signed with its own key), all on one in-process bus and
 * key-value store, each with its own in-memory NeDB store. Only the gateway is left out: requests carry
 * the identity it would sign.
 */
export function useImportProduct(
  options: ImportOverrides & {
    /** Every log line of the three services, as their processes would write it (level debug). */
    logLines?: string[]
    /** False: auth has no e-mail configured (no SMTP_URL, no mailer), so it offers no set-password links. */
    mail?: boolean
  } = {},
) {
  const { logLines, mail = true, ...importOptions } = options
  const logger = (name: string) =>
    logLines
      ? {
          logger: {
            ...loggerOptions('debug', name),
            stream: { write: (line: string) => void logLines.push(line) },
          },
        }
      : {}
  const context = {} as ImportProduct & { close(): Promise<void> }
  beforeEach(async () => {
    const shared = await createSharedDependencies(['auth', 'profiles', 'import'])
    const mails: SentMail[] = []
    const auth = await buildAuth({
      ...shared.of('auth'),
      announce: () => undefined,
      ...(mail ? { mailer: { send: async (email: SentMail) => void mails.push(email) } } : {}),
      config: testConfig('auth', authEnvSchema, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }),
      ...logger('auth'),
    })
    const authUrl = await auth.listen({ port: 0, host: '127.0.0.1' })
    const profiles = await buildProfiles({ ...shared.of('profiles'), ...logger('profiles') })
    const profilesUrl = await profiles.listen({ port: 0, host: '127.0.0.1' })
    const apps: FastifyInstance[] = []
    const buildImport = async (overrides: ImportOverrides = {}) => {
      const app = await buildApp({
        ...shared.of('import'),
        clients: {
          auth: testServiceClient('import', 'auth', authUrl),
          profiles: testServiceClient('import', 'profiles', profilesUrl),
        },
        ...logger('import'),
        ...importOptions,
        ...overrides,
        config: testConfig('import', importEnvSchema, { ...importOptions.config, ...overrides.config }),
        jobs: { keepAliveMs: 50, retryDelaysMs: [10], ...importOptions.jobs, ...overrides.jobs },
      })
      apps.push(app)
      return app
    }
    const app = await buildImport()
    await app.ready()
    Object.assign(context, {
      app,
      auth,
      profiles,
      store: shared.of('import').store,
      bus: shared.bus,
      kv: shared.kv,
      authUrl,
      profilesUrl,
      mails,
      buildImport,
      async close() {
        // As a process stops: a connection a client left open is cut after the grace period.
        for (const built of apps) await closeServer(built)
        await profiles.close()
        await auth.close()
        await shared.close()
      },
    })
  })
  afterEach(async () => {
    await context.close()
  })
  return context
}

export const as = (service: 'import' | 'profiles' | 'auth', identity: Identity | null) =>
  identityHeaders(service, identity)

export const DISC_HEADER = 'firstName,lastName,email,dScore,iScore,sScore,cScore'

/** Posts CSV text to an import route as the administrator; `headers` add to or replace the identity. */
export function importCsv(
  app: FastifyInstance,
  csvText: unknown,
  headers: Record<string, string> = {},
  url = '/api/simple-import',
) {
  return app.inject({
    method: 'POST',
    url,
    headers: { ...as('import', administrator), ...headers },
    payload: { csvText },
  })
}

/** One import job as the administrator reads it. */
export function getJob(app: FastifyInstance, id: string) {
  return app.inject({ method: 'GET', url: `/api/admin/imports/${id}`, headers: as('import', administrator) })
}

/** The accounts auth holds, by e-mail. */
export async function accounts(context: { auth: FastifyInstance }) {
  const response = await context.auth.inject({
    method: 'GET',
    url: '/api/admin/users',
    headers: as('auth', administrator),
  })
  if (response.statusCode !== 200) throw new Error(`users: ${response.body}`)
  return response.json() as Array<{ id: number; email: string; role: string }>
}

/** The audit records of imports auth stored, once there are `count` of them. */
export async function importRecords(
  context: { auth: FastifyInstance },
  count: number,
): Promise<AuditEntry[]> {
  const read = async () =>
    (
      await context.auth.inject({
        method: 'GET',
        url: '/api/admin/audit?kind=import.completed',
        headers: as('auth', administrator),
      })
    ).json() as AuditPage
  await expect.poll(async () => (await read()).total).toBe(count)
  return (await read()).entries
}

/** Every assessment profiles holds (an administrator sees them all). */
export async function assessments(context: { profiles: FastifyInstance }) {
  const response = await context.profiles.inject({
    method: 'GET',
    url: '/api/assessments',
    headers: as('profiles', administrator),
  })
  if (response.statusCode !== 200) throw new Error(`assessments: ${response.body}`)
  return response.json() as Array<{
    userId: number
    name: string
    dScore: number
    iScore: number
    sScore: number
    cScore: number
    primaryType: string
    assessmentType?: string
    scoresData?: Record<string, number> | null
  }>
}

/** Signs in through auth, as the gateway would pass it on. */
export async function logIn(context: { auth: FastifyInstance }, username: string, password: string) {
  return context.auth.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: as('auth', null),
    payload: { username, password },
  })
}

/** Reads server-sent events out of a whole answer body. */
export function eventsOf(body: string) {
  return body
    .split('\n\n')
    .filter((frame) => frame.startsWith('data: '))
    .map((frame) => JSON.parse(frame.slice('data: '.length)) as { type: string; [key: string]: unknown })
}
