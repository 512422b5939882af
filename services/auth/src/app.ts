import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { createServiceApp, type ServiceOptions } from '@app/kit/service'
import type { AuthEnv } from './config.ts'
import { createAccountDeletion, type AccountDeletion } from './account-deletion.ts'
import { ensureFirstAdministrator } from './first-administrator.ts'
import { createMailer, type Mailer } from '@app/kit/mailer'
import { hashingThreads, hashPassword } from './passwords.ts'
import { createDeletedAccountsRepository } from './repositories/deleted-accounts-repository.ts'
import { createEmailConfirmationsRepository } from './repositories/email-confirmations-repository.ts'
import { createResetTokensRepository } from './repositories/reset-tokens-repository.ts'
import { createScimTokensRepository } from './repositories/scim-tokens-repository.ts'
import { createUsersRepository } from './repositories/users-repository.ts'
import { accountDeletionRoutes } from './routes/account-deletion-routes.ts'
import { deletionLinkRoutes } from './routes/deletion-link-routes.ts'
import { createAuditRepository } from './repositories/audit-repository.ts'
import { consumeAuditRecords, scheduleAuditRetention } from './audit/audit-log.ts'
import { auditRoutes } from './routes/audit-routes.ts'
import { adminRoutes } from './routes/admin-routes.ts'
import { createAddressConfirmation } from './routes/email-confirmation-routes.ts'
import { accountExportRoutes } from './routes/internal/account-export-routes.ts'
import { guestAccountRoutes } from './routes/internal/guest-account-routes.ts'
import { oidcAccountRoutes } from './routes/internal/oidc-account-routes.ts'
import { userImportRoutes } from './routes/internal/user-import-routes.ts'
import { passwordResetRoutes } from './routes/password-reset-routes.ts'
import { scimRoutes } from './routes/scim-routes.ts'
import { scimTokenRoutes } from './routes/scim-token-routes.ts'
import { sessionRoutes } from './routes/session-routes.ts'
import { createThrottle } from './throttle.ts'

export interface AuthOptions extends ServiceOptions<AuthEnv> {
  /** Prints the generated administrator password once; defaults to standard output. */
  announce?: (text: string) => void
  /** Tests may replace the clock of reset tokens and of the audit log's retention. */
  now?: () => number
  /** A mailer handed in (the tests') stands for real e-mail, as SMTP_URL does: set-password links are offered. */
  mailer?: Mailer
  /** How often deletions left started by a crash or a bus outage are finished; also at start-up. */
  deletionSweepMs?: number
}

const DELETION_SWEEP_MS = 60_000

declare module 'fastify' {
  interface FastifyInstance {
    /** Settles once the deletions sweep under way (the one at start-up, or the timer's) has finished. */
    deletionsSwept(): Promise<unknown>
  }
}

/** Password guesses: logins, password changes and acceptances that prove an account (decision 022). */
const LOGIN_THROTTLE = {
  name: 'login',
  perAddress: { max: 10, windowMs: 15 * 60_000 },
  perAccount: { freeFailures: 20, windowMs: 60 * 60_000, maxDelayMs: 60_000 },
}
/** Reset e-mails to one address: every request counts as a failure, so a mailbox is never flooded. */
const FORGOT_PASSWORD_THROTTLE = {
  name: 'forgot-password',
  perAddress: { max: 5, windowMs: 60 * 60_000 },
  perAccount: { freeFailures: 10, windowMs: 60 * 60_000, maxDelayMs: 10 * 60_000 },
}

export async function buildApp(options: AuthOptions) {
  const { config } = options
  const app = createServiceApp('auth', options)
  // Repositories and collaborators first, then the routes that use them.
  const users = await createUsersRepository(options.store, options.kv, app.log)
  const resetTokens = await createResetTokensRepository(options.store, options.now)
  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      outboxFile: join(config.DATA_DIR, 'auth', 'outbox.txt'),
      log: app.log,
    })
  const confirmations = await createEmailConfirmationsRepository(options.store, options.now)
  const scimTokens = await createScimTokensRepository(options.store, options.now)
  const publicUrl = config.PUBLIC_URL
  // The outbox file reaches nobody, so links to set a password are offered only with real e-mail.
  const mailConfigured = Boolean(config.SMTP_URL) || options.mailer !== undefined
  const addressConfirmation = createAddressConfirmation({ users, confirmations, mailer, publicUrl })
  const takeover = { users, confirmations, kv: options.kv, bus: options.bus, log: app.log }
  const loginThrottle = createThrottle(options.kv, LOGIN_THROTTLE)
  const forgotThrottle = createThrottle(options.kv, FORGOT_PASSWORD_THROTTLE)
  const dummyHash = await hashPassword(`dummy-${Math.random()}`)

  const audit = await createAuditRepository(options.store)
  const bus = options.bus
  await app.register(sessionRoutes, {
    users,
    loginThrottle,
    dummyHash,
    bus,
    passwordOffDomains: config.OIDC_PROVIDERS,
  })
  await app.register(passwordResetRoutes, {
    users,
    bus,
    resetTokens,
    mailer,
    forgotThrottle,
    publicUrl,
    exposeResetUrl: config.NODE_ENV === 'development',
  })
  await app.register(addressConfirmation.routes)
  await app.register(adminRoutes, { users, bus: options.bus, takeover })
  const deletion = createAccountDeletion({
    users,
    resetTokens,
    confirmations,
    deletedAccounts: await createDeletedAccountsRepository(options.store),
    kv: options.kv,
    bus: options.bus,
    mailer,
    log: app.log,
    compact: () => options.store.compact(),
  })
  await app.register(accountDeletionRoutes, { users, resetTokens, deletion, loginThrottle, bus })
  await app.register(deletionLinkRoutes, {
    users,
    resetTokens,
    mailer,
    mailThrottle: forgotThrottle,
    publicUrl,
  })
  sweepDeletions(app, deletion, options.deletionSweepMs ?? DELETION_SWEEP_MS)
  await app.register(scimTokenRoutes, { tokens: scimTokens })
  const { kv } = options
  await app.register(scimRoutes, {
    users,
    tokens: scimTokens,
    bus,
    kv,
    log: app.log,
    takeover,
    deletion,
    publicUrl,
  })
  await app.register(guestAccountRoutes, { users, bus: options.bus, loginThrottle, addressConfirmation })
  await app.register(oidcAccountRoutes, { takeover })
  await app.register(userImportRoutes, {
    users,
    takeover,
    links: mailConfigured ? { resetTokens, mailer, publicUrl } : null,
  })
  await app.register(accountExportRoutes, { users, bus })
  app.addHook('onClose', () => addressConfirmation.idle())
  await app.register(auditRoutes, { audit })
  await consumeAuditRecords(app, audit)
  scheduleAuditRetention(app, audit, {
    retentionDays: config.AUDIT_RETENTION_DAYS,
    log: app.log,
    ...(options.now ? { now: options.now } : {}),
  })

  const threads = hashingThreads()
  if (threads.pool < threads.cores)
    app.log.warn(
      { event: 'hashing_pool_small', ...threads },
      'UV_THREADPOOL_SIZE is below the number of cores: imports hash on fewer cores than the machine has',
    )

  await ensureFirstAdministrator(users, options.bus, app.log, {
    email: config.ADMIN_EMAIL,
    password: config.ADMIN_PASSWORD,
    announce: options.announce ?? ((text) => process.stdout.write(text)),
  })
  return app
}

/**
 * Finishes deletions a crash or a bus outage left started (docs/decisions/061-account-deletion.md): once the
 * service is ready, then every `periodMs`. Replicas may sweep together, since every step may be repeated.
 */
function sweepDeletions(app: FastifyInstance, deletion: AccountDeletion, periodMs: number) {
  let running: Promise<unknown> = Promise.resolve()
  let timer: NodeJS.Timeout | undefined
  const sweep = () => {
    running = running
      .then(() => deletion.sweep())
      .catch((error: unknown) => app.log.error({ err: error }, 'started deletions could not be finished yet'))
  }
  app.decorate('deletionsSwept', () => running)
  app.addHook('onReady', async () => {
    running = deletion
      .replayRecent()
      .catch((error: unknown) => app.log.error({ err: error }, 'recent deletions could not be replayed'))
    sweep()
    timer = setInterval(sweep, periodMs).unref()
  })
  app.addHook('onClose', async () => {
    clearInterval(timer)
    await running
  })
}
