import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { internalApi } from '@app/contracts/internal'
import type { OidcAccountRequest } from '@app/contracts/oidc'
import { internalRouteOptions } from '@app/kit/api-route'
import type { FastifyBaseLogger } from 'fastify'
import { publishAudit, type AuditRequest } from '@app/kit/audit'
import type { EventBus } from '@app/kit/bus/port'
import { AppError } from '@app/kit/errors'
import type { ZodTypeProvider } from '@app/kit/validation'
import { isUnconfirmedGuest, takeOverAddress, type TakeoverDependencies } from '../../address-takeover.ts'
import { hashPassword } from '../../passwords.ts'
import type { StoredUser } from '../../repositories/users-repository.ts'
import { announceUserCreated, announceUserUpdated } from '../../user-events.ts'

const sessionUserOf = (user: StoredUser) => ({ id: user.id, role: user.role, username: user.username })

/**
 * A sign-in the provider vouched for, recorded as a password's is: the gateway's call carries the client's
 * address and the request id it resolved (docs/decisions/059-audit-log.md).
 */
async function auditSignIn(bus: EventBus, request: AuditRequest, user: StoredUser): Promise<StoredUser> {
  const actor = { id: user.id, role: user.role }
  await publishAudit(bus, 'auth', { kind: 'sign-in.succeeded', actor, subject: { userId: user.id } }, request)
  return user
}

/**
 * The provider's administrator claim raised a linked account's role: a role change like an administrator's,
 * made by the holder's own sign-in, so the account is both actor and subject.
 */
async function auditRaise(bus: EventBus, request: AuditRequest, before: StoredUser, after: StoredUser) {
  await publishAudit(
    bus,
    'auth',
    {
      kind: 'role.changed',
      actor: { id: after.id, role: after.role },
      subject: { userId: after.id },
      details: { fromRole: before.role, toRole: after.role },
    },
    request,
  )
}

/**
 * A password nobody knows: an account made by a provider's sign-in has no password until its holder sets one
 * through 'Forgot password', which mails the verified address.
 */
async function unusablePasswordHash(): Promise<string> {
  return hashPassword(randomBytes(32).toString('base64url'))
}

/** The existing account of the address, linked: raised to administrator when the provider says so. */
async function linkAccount(
  dependencies: TakeoverDependencies,
  existing: StoredUser,
  person: OidcAccountRequest,
  log: FastifyBaseLogger,
): Promise<StoredUser | null> {
  const raise = person.administrator && existing.role !== 'administrator'
  if (isUnconfirmedGuest(existing)) {
    // Whoever made this guest account under the address may not be its owner; the provider just proved who is.
    return takeOverAddress(
      dependencies,
      existing,
      {
        passwordHash: await unusablePasswordHash(),
        passwordUnusable: true,
        mustChangePassword: false,
        ...(raise ? { role: 'administrator' } : {}),
      },
      { event: 'oidc' },
    )
  }
  if (!raise) return existing
  const raised = await dependencies.users.update(existing.id, { role: 'administrator' })
  if (!raised) return null
  await announceUserUpdated(dependencies.bus, existing, raised)
  log.info(
    { event: 'oidc_administrator_granted', userId: existing.id },
    'administrator role from the provider',
  )
  return raised
}

/**
 * Accounts of people a tenant's OpenID Connect provider vouched for (gateway → auth, decision 062): the
 * account holding the verified e-mail is linked, never duplicated, or one is created just in time. The
 * gateway has checked the token, the verified e-mail and its domain; the administrator claim only ever
 * raises a role, so that the first administrator cannot be demoted by a provider's group list.
 */
export async function oidcAccountRoutes(app: FastifyInstance, options: { takeover: TakeoverDependencies }) {
  const { takeover } = options
  const { users, bus } = takeover
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const { oidcAccount } = internalApi

  routes.post(oidcAccount.path, internalRouteOptions(oidcAccount), async (request) => {
    const person = request.body
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const existing = (await users.findByEmail(person.email)) ?? (await users.findByUsername(person.email))
      if (existing) {
        const linked = await linkAccount(takeover, existing, person, request.log)
        if (!linked) continue // changed meanwhile: read again
        request.log.info(
          { event: 'oidc_linked', userId: linked.id, provider: person.provider },
          'provider sign-in linked',
        )
        if (linked.role !== existing.role) await auditRaise(bus, request, existing, linked)
        return { user: sessionUserOf(await auditSignIn(bus, request, linked)), created: false }
      }
      const name = `${person.firstName} ${person.lastName}`.trim()
      try {
        const user = await users.create({
          username: person.email.trim().toLowerCase(),
          email: person.email,
          firstName: person.firstName,
          lastName: person.lastName,
          name,
          role: person.administrator ? 'administrator' : 'standard',
          passwordHash: await unusablePasswordHash(),
          passwordUnusable: true,
          mustChangePassword: false,
          // The provider verified the address.
          emailConfirmed: true,
        })
        request.log.info(
          { event: 'oidc_account_created', userId: user.id, role: user.role, provider: person.provider },
          'account created by a provider sign-in',
        )
        await announceUserCreated(bus, user)
        return { user: sessionUserOf(await auditSignIn(bus, request, user)), created: true }
      } catch (error) {
        // Two first sign-ins raced: the other created the account, so this one links it on the next round.
        if ((error as Error).name !== 'DuplicateKeyError') throw error
      }
    }
    throw new AppError(409, 'AUTH_ACCOUNT_CHANGING', 'The account is being changed. Please try again.')
  })
}
