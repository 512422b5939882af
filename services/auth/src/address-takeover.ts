import type { FastifyBaseLogger } from 'fastify'
import type { EventBus } from '@app/kit/bus/port'
import { SESSION_ABSOLUTE_LIFETIME_MS, sessionValidAfterKey } from '@app/kit/kv/index'
import type { KeyValueStore } from '@app/kit/kv/port'
import { announceUserUpdated } from './user-events.ts'
import type { EmailConfirmationsRepository } from './repositories/email-confirmations-repository.ts'
import type { StoredUser, UserDocument, UsersRepository } from './repositories/users-repository.ts'
import { isGuest } from '@app/domain/roles'

/**
 * A guest account whose address was never confirmed: anyone holding an invitation link could have made it
 * under any address, so it does not keep the address from an administrator (decision 025).
 */
export const isUnconfirmedGuest = (user: StoredUser) => user.emailConfirmed === false && isGuest(user.role)

export interface TakeoverDependencies {
  users: UsersRepository
  confirmations: EmailConfirmationsRepository
  kv: KeyValueStore
  bus: EventBus
  log: FastifyBaseLogger
}

/**
 * Gives an unconfirmed guest account to the person an administrator names: the same id, so the profiles
 * shared with it stay, with that person's names, role and password, and the address confirmed. Whoever
 * made the guest account is signed out everywhere at once, and its confirmation links die. Null when the
 * address was confirmed in the meantime: it is then a duplicate like any other.
 */
export async function takeOverAddress(
  dependencies: TakeoverDependencies,
  holder: StoredUser,
  changes: Partial<Omit<UserDocument, 'usernameKey' | 'createdAt' | 'updatedAt' | 'emailConfirmed'>>,
  by: { event: 'import' | 'register' | 'oidc'; administratorId?: number },
): Promise<StoredUser | null> {
  const { users, confirmations, kv, bus, log } = dependencies
  const taken = await users.update(
    holder.id,
    { ...changes, emailConfirmed: true },
    { where: { emailConfirmed: false } },
  )
  if (!taken) return null
  await kv.set(sessionValidAfterKey(holder.id), String(Date.now()), SESSION_ABSOLUTE_LIFETIME_MS)
  await confirmations.voidFor(holder.id)
  log.info(
    {
      event: 'guest_address_taken_over',
      userId: holder.id,
      by: by.event,
      administratorId: by.administratorId,
    },
    'an unconfirmed guest account was taken over',
  )
  await announceUserUpdated(bus, holder, taken)
  return taken
}
