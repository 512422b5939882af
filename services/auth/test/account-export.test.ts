import { describe, expect, it } from 'vitest'
import { createMemoryKeyValueStore } from '@app/kit/kv/memory'
import { identityHeaders, serviceHeaders } from '@app/kit/testing/service-dependencies'
import { createUsersRepository } from '../src/repositories/users-repository.ts'
import { ADMIN, adminIdentity, useAuthService } from './support/auth-app.ts'

/**
 * The account part of "Download my data" (decision 060): the gateway asks for it acting for the signed-in
 * user; it carries no secret, and an account whose deletion has started is refused with a clear message.
 */
const context = useAuthService()

const exportAccount = (headers: Record<string, string>) =>
  context.app.inject({ method: 'GET', url: '/internal/account/export', headers })

describe('GET /internal/account/export', () => {
  it("answers the caller's own account, without its password hash", async () => {
    const answer = await exportAccount(identityHeaders('auth', adminIdentity))
    expect(answer.statusCode, answer.body).toBe(200)
    const account = answer.json<Record<string, unknown>>()
    expect(account).toMatchObject({ id: 1, username: ADMIN.email, email: ADMIN.email, role: 'administrator' })
    expect(Object.keys(account)).not.toContain('passwordHash')
    expect(answer.body).not.toContain('$argon2')
    expect(answer.body).not.toContain(ADMIN.password)
  })

  it('refuses an account whose deletion has started, with 409 and a message saying why', async () => {
    // Marked after the start-up sweep, which would otherwise finish the deletion this test leaves started.
    await context.app.ready()
    await context.app.deletionsSwept()
    const users = await createUsersRepository(context.dependencies.store, createMemoryKeyValueStore())
    await users.update(1, { deletionStartedAt: new Date().toISOString() })
    const answer = await exportAccount(identityHeaders('auth', adminIdentity))
    expect(answer.statusCode).toBe(409)
    expect(answer.json()).toEqual({
      code: 'AUTH_ACCOUNT_BEING_DELETED',
      message: 'This account is being deleted, so its data can no longer be downloaded',
    })
  })

  it('is for the gateway acting for a user: not anonymous, not another service, not a deleted account', async () => {
    expect((await exportAccount(identityHeaders('auth', null))).statusCode).toBe(401)
    expect((await exportAccount(serviceHeaders('sharing', 'auth', adminIdentity))).statusCode).toBe(403)
    const gone = { ...adminIdentity, userId: 999 }
    expect((await exportAccount(identityHeaders('auth', gone))).statusCode).toBe(404)
  })
})
