import { setTimeout as sleep } from 'node:timers/promises'
import { KeyValueUnavailableError, type KeyValueStore } from '@app/kit/kv/port'
import type { StoredUser, UsersRepository } from './repositories/users-repository.ts'

/**
 * The last active administrator stays, whoever asks (an administrator, the person, a SCIM client), so that
 * someone can still manage the accounts. A deletion or a deactivation asks it under
 * `oneAdministratorRemovalAtATime`; a person deleting their own account is also asked first, before their
 * deletion link or password guess is used up. A deactivated administrator is no
 * longer one who can manage anything, so it neither counts nor is the last.
 */
export async function isLastAdministrator(users: UsersRepository, user: StoredUser): Promise<boolean> {
  return (
    user.role === 'administrator' && user.active !== false && (await users.countActiveAdministrators()) <= 1
  )
}

const ADMINISTRATOR_REMOVAL_KEY = 'auth:administrator-removal'
/** How long a replica that died holding the key keeps the others waiting. */
const ADMINISTRATOR_REMOVAL_LEASE_MS = 10_000

/**
 * Runs `step` (count the administrators, then mark one deleted or deactivated) while no other replica runs its
 * own: of two administrators removed at once, by each other or by themselves, each would otherwise count two
 * before either change was written, and none would be left
 * (docs/decisions/073-one-administrator-removal-at-a-time.md). The key-value store is shared by every replica;
 * the caller whose count is 1 holds the key, and its expiry frees a key whose holder died.
 */
export async function oneAdministratorRemovalAtATime<T>(
  kv: KeyValueStore,
  step: () => Promise<T>,
): Promise<T> {
  const deadline = Date.now() + ADMINISTRATOR_REMOVAL_LEASE_MS + 1_000
  while ((await kv.increment(ADMINISTRATOR_REMOVAL_KEY, ADMINISTRATOR_REMOVAL_LEASE_MS)).value !== 1) {
    if (Date.now() > deadline)
      throw new KeyValueUnavailableError('Another administrator removal still holds its key')
    await sleep(20)
  }
  try {
    return await step()
  } finally {
    await kv.delete(ADMINISTRATOR_REMOVAL_KEY)
  }
}
