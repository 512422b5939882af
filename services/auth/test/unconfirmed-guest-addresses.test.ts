import { describe, expect, it } from 'vitest'
import { sessionValidAfterKey } from '@app/kit/kv/index'
import { serviceHeaders } from '@app/kit/testing/service-dependencies'
import { adminIdentity, as, useAuthService } from './support/auth-app.ts'

const context = useAuthService()

const CARLA = 'carla.ceo@example.com'

/** An account made by accepting an invitation, as sharing asks for it. */
async function acceptAs(email: string, password = 'squatter pass 1') {
  const response = await context.app.inject({
    method: 'POST',
    url: '/internal/users/find-or-create-guest',
    headers: serviceHeaders('sharing', 'auth'),
    payload: {
      email,
      name: 'Carla Ceo',
      role: 'guest_owner',
      password,
      invitedBy: { name: 'Sam Squatter', email: 'sam@example.com' },
    },
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json().user.id as number
}

/** The token of the confirmation link mailed to the address; mail goes out after the answer. */
async function confirmationToken(email: string): Promise<string> {
  for (let wait = 0; wait < 50; wait += 1) {
    const mail = context.sent.find((sent) => sent.to === email && sent.subject.startsWith('Confirm'))
    const token = /\/confirm-email\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1]
    if (token) return token
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error(`no confirmation link was mailed to ${email}`)
}

const confirm = (token: string) =>
  context.app.inject({
    method: 'POST',
    url: '/api/auth/confirm-email',
    headers: as(null),
    payload: { token },
  })

const register = (payload: object) =>
  context.app.inject({ method: 'POST', url: '/api/auth/register', headers: as(adminIdentity), payload })

describe('the address of a guest account made by accepting an invitation', () => {
  it('is confirmed by the link mailed to it, once', async () => {
    await acceptAs(CARLA)
    const token = await confirmationToken(CARLA)
    expect(context.sent.find((sent) => sent.to === CARLA)!.text).toContain(
      'http://disc.test/confirm-email?token=',
    )
    const confirmed = await confirm(token)
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    expect(confirmed.json()).toEqual({ message: 'Your e-mail address is confirmed.' })
    const again = await confirm(token)
    expect(again.statusCode).toBe(400)
    expect(again.json()).toMatchObject({ code: 'AUTH_INVALID_CONFIRMATION_LINK' })
    expect((await confirm('x'.repeat(43))).statusCode).toBe(400)

    // Confirmed, it blocks a register of the address as any account does.
    const blocked = await register({ username: CARLA, password: 'admin set 1', email: CARLA })
    expect(blocked.statusCode).toBe(409)
  })

  it("unconfirmed, is taken over by an administrator's register: same id, the squatter signed out", async () => {
    const guestId = await acceptAs(CARLA)
    const unusedLink = await confirmationToken(CARLA)
    const before = Date.now()
    const response = await register({
      username: CARLA,
      password: 'admin set 1',
      email: CARLA,
      firstName: 'Carla',
      lastName: 'Ceo',
    })
    expect(response.statusCode, response.body).toBe(201)
    expect(response.json()).toMatchObject({
      id: guestId,
      username: CARLA,
      role: 'standard',
      firstName: 'Carla',
      mustChangePassword: true,
      tookOverGuestAccount: true,
    })
    // Every session the squatter holds is refused from now on (the gateway reads this stamp).
    const validAfter = await context.dependencies.kv.get(sessionValidAfterKey(guestId))
    expect(Number(validAfter)).toBeGreaterThanOrEqual(before)
    expect((await context.login(CARLA, 'squatter pass 1')).statusCode).toBe(401)
    expect((await context.login(CARLA, 'admin set 1')).statusCode).toBe(200)
    // The link mailed for the squatter's account confirms nothing now.
    expect((await confirm(unusedLink)).statusCode).toBe(400)
    const details = await context.app.inject({
      method: 'GET',
      url: `/api/admin/user/${guestId}`,
      headers: as(adminIdentity),
    })
    expect(details.json()).toMatchObject({ role: 'standard', email: CARLA })
  })
})
