import { createEvent, type EventBus } from '@app/kit/bus/port'
import { USERS_CREATED, type UserCreated } from '@app/contracts/events'
import type { StoredUser } from './repositories/users-repository.ts'

/** Tells the other services about a new account, so they can show its name. */
export async function announceUserCreated(bus: EventBus, user: StoredUser): Promise<void> {
  const data: UserCreated = {
    id: String(user.id),
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    name: user.name,
    role: user.role,
  }
  await bus.publish(createEvent(USERS_CREATED, data), String(user.id))
}

/** The user the session belongs to; the identity token carries the id as a string. */
export function sessionUserId(identity: { userId: string } | null): number | null {
  const id = identity ? Number(identity.userId) : NaN
  return Number.isInteger(id) && id > 0 ? id : null
}
