import type { FastifyBaseLogger } from 'fastify'
import { DELETED_USER_MARK_TTL_MS, deletedUserKey } from '@app/contracts/account-deletion'
import { USERS_DELETED, type UserDeleted } from '@app/contracts/events'
import { createEvent, type EventBus } from '@app/kit/bus/port'
import { SESSION_ABSOLUTE_LIFETIME_MS, sessionValidAfterKey } from '@app/kit/kv/index'
import type { KeyValueStore } from '@app/kit/kv/port'
import type { Mailer } from '@app/kit/mailer'
import { isLastAdministrator, oneAdministratorRemovalAtATime } from './administrators.ts'
import type { DeletedAccountsRepository } from './repositories/deleted-accounts-repository.ts'
import type { EmailConfirmationsRepository } from './repositories/email-confirmations-repository.ts'
import type { ResetTokensRepository } from './repositories/reset-tokens-repository.ts'
import type { StoredUser, UsersRepository } from './repositories/users-repository.ts'

export interface AccountDeletionDependencies {
  users: UsersRepository
  resetTokens: ResetTokensRepository
  confirmations: EmailConfirmationsRepository
  deletedAccounts: DeletedAccountsRepository
  kv: KeyValueStore
  bus: EventBus
  mailer: Mailer
  log: FastifyBaseLogger
  /** Rewrites the store's files, so that the deleted record leaves the disk too. */
  compact: () => Promise<void>
}

/**
 * How long after a deletion finished the in-process bus hears it again at start-up: its events die with the
 * process, so a crash between the publish and the consumers would otherwise lose them.
 */
const MEMORY_BUS_REPLAY_MS = 24 * 60 * 60_000

/** One id per deletion, so that a publish repeated after a crash or by another replica is handled once. */
const eventIdOf = (userId: number, createdAtMs: number) => `users-deleted-${userId}-${createdAtMs}`

/**
 * Deleting an account in steps that can each be done again (docs/decisions/061-account-deletion.md): the
 * mark on the account (it can no longer sign in) with its sessions ended and the owner mark profiles reads,
 * then `users.deleted.v1`, then auth's own records. A failure after the mark leaves work the sweep finishes,
 * at start-up and every minute, in this or another replica.
 */
export function createAccountDeletion(dependencies: AccountDeletionDependencies) {
  const { users, kv, log } = dependencies

  async function finish(user: StoredUser): Promise<void> {
    const deletedBy = user.deletionRequestedBy ?? user.id
    const startedAt = user.deletionStartedAt ?? new Date().toISOString()
    await publish(dependencies.bus, user.id, user.createdAt.getTime(), {
      email: user.email,
      deletedBy,
      deletedAt: startedAt,
    })
    await dependencies.resetTokens.voidFor(user.id)
    await users.forgetInviter(user.email)
    await dependencies.confirmations.voidFor(user.id)
    // The confirmation goes before the record, which holds the only copy of the address.
    await dependencies.mailer
      .send(confirmationEmail(user))
      .catch((error: unknown) => log.warn({ err: error, userId: user.id }, 'deletion confirmation not sent'))
    await dependencies.deletedAccounts.record({
      userId: user.id,
      createdAtMs: user.createdAt.getTime(),
      deletedBy,
      startedAt,
      finishedAt: new Date(),
    })
    await users.remove(user.id)
    await dependencies.compact()
    log.info({ event: 'account_deleted', userId: user.id, by: deletedBy }, 'account deleted')
  }

  return {
    /**
     * Starts and, bus permitting, finishes the deletion of `user`, asked by `by`. Null when its deletion had
     * already started; `completed` false when only the mark is written and the sweep will finish it;
     * 'last-administrator' when `user` is the last administrator, which stays.
     */
    async delete(
      user: StoredUser,
      by: number,
    ): Promise<{ completed: boolean } | null | 'last-administrator'> {
      const marked =
        user.role === 'administrator'
          ? await oneAdministratorRemovalAtATime(kv, async () =>
              (await isLastAdministrator(users, user))
                ? ('last-administrator' as const)
                : users.markDeletion(user.id, by, new Date()),
            )
          : await users.markDeletion(user.id, by, new Date())
      if (marked === null || marked === 'last-administrator') return marked
      // Before the answer: every session ends, and guests of the person's profiles are refused at once.
      await kv.set(sessionValidAfterKey(user.id), String(Date.now()), SESSION_ABSOLUTE_LIFETIME_MS)
      await kv.set(deletedUserKey(user.id), '1', DELETED_USER_MARK_TTL_MS)
      log.info({ event: 'account_deletion_started', userId: user.id, by }, 'account deletion started')
      try {
        await finish(marked)
        return { completed: true }
      } catch (error) {
        log.error({ err: error, userId: user.id }, 'account deletion left for the sweep to finish')
        return { completed: false }
      }
    },

    /** Finishes every deletion a crash or a bus outage left started; returns how many it finished. */
    async sweep(): Promise<number> {
      let finished = 0
      for (const user of await users.listDeletionsStarted()) {
        // The marks may be missing when the crash came between the mark and them.
        await kv.set(sessionValidAfterKey(user.id), String(Date.now()), SESSION_ABSOLUTE_LIFETIME_MS)
        await kv.set(deletedUserKey(user.id), '1', DELETED_USER_MARK_TTL_MS)
        await finish(user)
        finished += 1
      }
      if (finished > 0)
        log.info({ event: 'account_deletions_finished', finished }, 'started deletions finished')
      return finished
    },

    /** On the in-process bus, publishes the deletions finished lately again; consumers drop repeats. */
    async replayRecent(now = Date.now()): Promise<void> {
      if (dependencies.bus.kind !== 'memory') return
      for (const account of await dependencies.deletedAccounts.finishedSince(
        new Date(now - MEMORY_BUS_REPLAY_MS),
      ))
        await publish(dependencies.bus, account.userId, account.createdAtMs, {
          deletedBy: account.deletedBy,
          deletedAt: account.startedAt,
        })
    },
  }
}
export type AccountDeletion = ReturnType<typeof createAccountDeletion>

async function publish(
  bus: EventBus,
  userId: number,
  createdAtMs: number,
  details: Omit<UserDeleted, 'userId'>,
): Promise<void> {
  const data: UserDeleted = { userId, ...details }
  await bus.publish(
    { ...createEvent(USERS_DELETED, data), id: eventIdOf(userId, createdAtMs) },
    String(userId),
  )
}

function confirmationEmail(user: StoredUser) {
  const text = [
    `Hello ${user.name},`,
    '',
    'Your account has been deleted, as asked. Your profiles, the invitations you sent and received and the',
    'access others had through you have been removed; you can no longer sign in.',
    '',
    'If you did not ask for this, please contact your administrator.',
  ].join('\n')
  return { to: user.email, subject: 'Your account has been deleted', text }
}
