import { createEvent, type EventBus } from '@app/kit/bus/port'
import { USERS_CREATED, USERS_UPDATED, type UserSnapshot } from '@app/contracts/events'
import type { StoredUser } from './repositories/users-repository.ts'

/** What other services may know of an account: its names, e-mail and role, never a credential. */
export function snapshotOf(user: StoredUser): UserSnapshot {
  const { id, username, email, firstName, lastName, name, role } = user
  // Said only of a deactivated account, so the snapshots of active ones read as before (decision 064).
  return {
    id,
    username,
    email,
    firstName,
    lastName,
    name,
    role,
    ...(user.active === false ? { active: false } : {}),
  }
}

/** Tells the other services about a new account, so they can show its name. */
export async function announceUserCreated(bus: EventBus, user: StoredUser): Promise<void> {
  await bus.publish(createEvent(USERS_CREATED, snapshotOf(user)), String(user.id))
}

/** Tells the other services that what they show of an account changed (e-mail, username, names, role, active). */
export async function announceUserUpdated(
  bus: EventBus,
  before: StoredUser,
  after: StoredUser,
): Promise<void> {
  const previous = snapshotOf(before)
  const next = snapshotOf(after)
  const keys = new Set([...Object.keys(previous), ...Object.keys(next)]) as Set<keyof UserSnapshot>
  if ([...keys].every((key) => previous[key] === next[key])) return
  await bus.publish(createEvent(USERS_UPDATED, next), String(after.id))
}
