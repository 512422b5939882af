import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { createIdempotency } from '@app/kit/idempotency'
import { createMailer, type Mailer } from '@app/kit/mailer'
import { createServiceApp, requiredClients, type ServiceOptions } from '@app/kit/service'
import type { SharingEnv } from './config.ts'
import { createAccessHistoryRepository } from './repositories/access-history-repository.ts'
import { createInvitationsRepository } from './repositories/invitations-repository.ts'
import { USERS_DELETED } from '@app/contracts/events'
import { createAccountDeletions, DELETIONS_GROUP } from './account-deletions.ts'
import { createRevocations } from './revocations.ts'
import { invitationRoutes } from './routes/invitation-routes.ts'
import { accountExportRoutes } from './routes/internal/account-export-routes.ts'
import { createSharingService, type SharingService } from './sharing-service.ts'
import { createTokenSealer, invitationTokenKey } from './tokens.ts'

export interface SharingOptions extends ServiceOptions<SharingEnv> {
  /** Tests may replace the clock of invitation expiry. */
  now?: () => number
  mailer?: Mailer
  /** How often revokes left pending by a failure are finished; they are also finished at start-up. */
  revocationSweepMs?: number
}

const REVOCATION_SWEEP_MS = 60_000

/** The sharing service: invitations, forwarding chains, revocation and the access history. */
export async function buildApp(options: SharingOptions) {
  const { config } = options
  const { auth, profiles } = requiredClients('sharing', options.clients, ['auth', 'profiles'])
  const tokenKey = invitationTokenKey(config)
  const app = createServiceApp('sharing', options)
  // Repositories and collaborators first, then the routes that use them.
  const invitations = await createInvitationsRepository(options.store)
  const history = await createAccessHistoryRepository(options.store)
  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      outboxFile: join(config.DATA_DIR, 'sharing', 'outbox.txt'),
      log: app.log,
    })
  const sharing = createSharingService({
    invitations,
    history,
    auth,
    profiles,
    bus: options.bus,
    kv: options.kv,
    mailer,
    sealer: createTokenSealer(tokenKey),
    publicUrl: config.PUBLIC_URL,
    now: options.now ?? Date.now,
    log: app.log,
  })
  sweepRevocations(app, sharing, options.revocationSweepMs ?? REVOCATION_SWEEP_MS)
  const revocations = createRevocations({
    invitations,
    history,
    kv: options.kv,
    bus: options.bus,
    log: app.log,
  })
  const deletions = createAccountDeletions({
    invitations,
    history,
    revocations,
    compact: () => options.store.compact(),
  })
  await app.subscribe(USERS_DELETED, DELETIONS_GROUP, deletions.userDeleted)
  const idempotency = (scope: string) => createIdempotency({ kv: options.kv, scope, errorPrefix: 'SHARING' })
  await app.register(invitationRoutes, {
    sharing,
    history,
    bus: options.bus,
    createIdempotency: idempotency('sharing:create-invitation'),
    acceptIdempotency: idempotency('sharing:accept-invitation'),
  })
  await app.register(accountExportRoutes, { invitations, history, now: options.now ?? Date.now })
  return app
}

/**
 * Finishes revokes a failure or a crash left half-done (decision 026): once the service is ready, then
 * every `periodMs`, so that a guest's access ends even if the owner never retries. One indexed query when
 * nothing is pending; replicas may sweep together, since every step may be repeated.
 */
function sweepRevocations(app: FastifyInstance, sharing: SharingService, periodMs: number) {
  let running: Promise<unknown> = Promise.resolve()
  let timer: NodeJS.Timeout | undefined
  const sweep = () => {
    running = sharing
      .finishPendingRevocations()
      .catch((error: unknown) => app.log.error({ err: error }, 'pending revokes could not be finished yet'))
  }
  app.addHook('onReady', async () => {
    sweep()
    timer = setInterval(sweep, periodMs).unref()
  })
  app.addHook('onClose', async () => {
    clearInterval(timer)
    await running
  })
}
