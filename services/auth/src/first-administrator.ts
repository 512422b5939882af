import { randomBytes } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { EventBus } from '@app/kit/bus/port'
import { announceUserCreated } from './user-events.ts'
import { hashPassword } from './passwords.ts'
import type { UsersRepository } from './repositories/users-repository.ts'

export interface FirstAdministratorOptions {
  email: string | undefined
  password: string | undefined
  /** Where a generated password is shown, once; never the logger. */
  announce: (text: string) => void
}

/**
 * On first start with no administrator, creates one (decision 035). A generated password must be
 * changed at the first login (decision 3).
 */
export async function ensureFirstAdministrator(
  users: UsersRepository,
  bus: EventBus,
  log: FastifyBaseLogger,
  options: FirstAdministratorOptions,
): Promise<void> {
  if ((await users.countByRole('administrator')) > 0) return
  const email = options.email ?? 'admin@localhost'
  const generated = options.password === undefined
  const password = options.password ?? randomBytes(12).toString('base64url')
  const user = await users.create({
    username: email,
    email,
    firstName: 'Support',
    lastName: 'Administrator',
    name: 'Support Administrator',
    role: 'administrator',
    passwordHash: await hashPassword(password),
    mustChangePassword: generated,
  })
  log.info({ userId: user.id, username: email }, 'created the first administrator')
  if (generated) {
    options.announce(
      `\nFirst administrator created.\n  username: ${email}\n  password: ${password}\nThis password is shown only now; you will be asked to change it at the first login.\n\n`,
    )
  }
  await announceUserCreated(bus, user)
}
