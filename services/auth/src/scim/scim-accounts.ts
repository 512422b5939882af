import { randomBytes } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { passwordProblem } from '@app/domain/passwords'
import { isGuest } from '@app/domain/roles'
import type { EventBus } from '@app/kit/bus/port'
import { SESSION_ABSOLUTE_LIFETIME_MS, sessionValidAfterKey } from '@app/kit/kv/index'
import type { KeyValueStore } from '@app/kit/kv/port'
import type { AccountDeletion } from '../account-deletion.ts'
import { isLastAdministrator, oneAdministratorRemovalAtATime } from '../administrators.ts'
import { isUnconfirmedGuest, takeOverAddress, type TakeoverDependencies } from '../address-takeover.ts'
import { hashPassword } from '../passwords.ts'
import {
  normaliseEmail,
  usernameKey,
  type StoredUser,
  type UserChanges,
  type UsersRepository,
} from '../repositories/users-repository.ts'
import type { ScimTokenHolder } from '../repositories/scim-tokens-repository.ts'
import { announceUserCreated, announceUserUpdated } from '../user-events.ts'
import { scimProblems } from './scim-errors.ts'
import type { ScimAccountState } from './scim-user-resource.ts'
import type { AuditRequest } from '@app/kit/audit'
import { auditAdministratorEdit, auditDeletion } from '../audit/account-audit.ts'

export interface ScimAccountDependencies {
  users: UsersRepository
  bus: EventBus
  kv: KeyValueStore
  log: FastifyBaseLogger
  takeover: TakeoverDependencies
  deletion: AccountDeletion
}

const isDuplicate = (error: unknown) => (error as Error).name === 'DuplicateKeyError'

/**
 * Accounts SCIM manages: the staff's, while their deletion has not started. Guests come from invitations and
 * stay outside it (decision 064).
 */
export const isScimManaged = (user: StoredUser | null): user is StoredUser =>
  user !== null && !isGuest(user.role) && user.deletionStartedAt === undefined

/** Ends every session of the account at once, as an administrator's edit does (decision 044). */
async function endSessions(kv: KeyValueStore, userId: number): Promise<void> {
  await kv.set(sessionValidAfterKey(userId), String(Date.now()), SESSION_ABSOLUTE_LIFETIME_MS)
}

async function passwordHashOf(state: ScimAccountState): Promise<string> {
  if (state.password === undefined) return hashPassword(randomBytes(32).toString('base64url'))
  const problem = passwordProblem(state.password, [state.userName, state.email])
  if (problem) throw scimProblems.invalidValue(problem)
  return hashPassword(state.password)
}

const accountOf = (state: ScimAccountState) => ({
  username: state.userName,
  email: state.email,
  firstName: state.firstName,
  lastName: state.lastName,
  name: state.name,
  ...(state.externalId === undefined ? {} : { externalId: state.externalId }),
  active: state.active,
})

/**
 * Changes the account to what the SCIM client asked for, through the same repository and events as an
 * administrator's edit. A new username, e-mail or password, or a deactivation, ends its sessions at once;
 * `expected`, from If-Match, makes a write that lost a race answer 412 instead of undoing the other one.
 */
export async function applyScimState(
  dependencies: ScimAccountDependencies,
  by: { request: AuditRequest; token: ScimTokenHolder },
  user: StoredUser,
  state: ScimAccountState,
  options: { expectedUpdatedAt?: Date } = {},
): Promise<StoredUser> {
  const changes: UserChanges = {}
  if (usernameKey(state.userName) !== user.usernameKey || state.userName !== user.username)
    changes.username = state.userName
  if (normaliseEmail(state.email) !== user.email) changes.email = state.email
  for (const field of ['firstName', 'lastName', 'name', 'externalId'] as const)
    if (state[field] !== user[field]) changes[field] = state[field]
  if (state.active !== (user.active !== false)) changes.active = state.active
  if (state.password !== undefined) {
    changes.passwordHash = await passwordHashOf(state)
    changes.mustChangePassword = false
  }
  if (Object.keys(changes).length === 0) return user
  let updated: StoredUser | null
  const write = () =>
    dependencies.users.update(
      user.id,
      changes,
      options.expectedUpdatedAt ? { where: { updatedAt: options.expectedUpdatedAt } } : {},
    )
  try {
    // Deactivating an administrator removes one as a deletion does: the last active one stays (decision 073).
    updated =
      changes.active === false && user.role === 'administrator'
        ? await oneAdministratorRemovalAtATime(dependencies.kv, async () => {
            if (await isLastAdministrator(dependencies.users, user))
              throw scimProblems.lastAdministrator('deactivated')
            return write()
          })
        : await write()
  } catch (error) {
    if (isDuplicate(error)) throw scimProblems.taken()
    throw error
  }
  if (!updated) {
    if (options.expectedUpdatedAt) throw scimProblems.stale()
    throw scimProblems.notFound(String(user.id))
  }
  const credentials = ['username', 'email', 'passwordHash'].some((field) => field in changes)
  if (credentials || changes.active === false) await endSessions(dependencies.kv, user.id)
  dependencies.log.info(
    {
      event: 'scim_user_updated',
      userId: user.id,
      fields: Object.keys(changes).filter((field) => field !== 'passwordHash'),
    },
    'user changed by a SCIM client',
  )
  await announceUserUpdated(dependencies.bus, user, updated)
  const actor = { id: by.token.createdBy, role: 'administrator' as const }
  await auditAdministratorEdit(dependencies.bus, by.request, actor, user.id, Object.keys(changes))
  return updated
}

/**
 * A new account for a SCIM client. An address held by an unconfirmed guest is taken over, as an
 * administrator's register does (decision 025); one SCIM deleted before is free and gets a new account.
 */
export async function createScimAccount(
  dependencies: ScimAccountDependencies,
  state: ScimAccountState,
): Promise<StoredUser> {
  const { users } = dependencies
  const holder = (await users.findByUsername(state.userName)) ?? (await users.findByEmail(state.email))
  const account = {
    ...accountOf(state),
    role: 'standard' as const,
    passwordHash: await passwordHashOf(state),
    ...(state.password === undefined ? { passwordUnusable: true } : {}),
    // Nobody was told a password: the person sets one through a reset link, or signs in with the one their
    // identity provider pushed.
    mustChangePassword: false,
  }
  try {
    if (holder && isUnconfirmedGuest(holder)) {
      const taken = await takeOverAddress(dependencies.takeover, holder, account, { event: 'register' })
      if (taken) return taken
    }
    if (holder) throw scimProblems.taken()
    const user = await users.create(account)
    dependencies.log.info({ event: 'scim_user_created', userId: user.id }, 'user created by a SCIM client')
    await announceUserCreated(dependencies.bus, user)
    return user
  } catch (error) {
    if (isDuplicate(error)) throw scimProblems.taken()
    throw error
  }
}

/**
 * SCIM's DELETE: the account is deleted as an administrator deletes one (docs/decisions/061-account-deletion.md),
 * asked by `by`, the administrator who created the client's token. The last administrator stays (409).
 */
export async function deleteScimAccount(
  dependencies: ScimAccountDependencies,
  request: AuditRequest,
  user: StoredUser,
  token: ScimTokenHolder,
): Promise<void> {
  const started = await dependencies.deletion.delete(user, token.createdBy)
  if (started === 'last-administrator') throw scimProblems.lastAdministrator('deleted')
  if (!started) throw scimProblems.notFound(String(user.id))
  await auditDeletion(dependencies.bus, request, { id: token.createdBy, role: 'administrator' }, user.id)
  dependencies.log.info(
    { event: 'scim_user_deleted', userId: user.id, by: token.createdBy, tokenId: token.id, ...started },
    'user deleted by a SCIM client',
  )
}
