import { describe, expect, it } from 'vitest'
import { INVITATION_LIFETIME_MS, SHARING_MESSAGES } from '@app/contracts/sharing'
import { as, createPerson, saveProfileOf, useSharingProduct } from './support/sharing-product.ts'

let clock = Date.parse('2026-03-01T12:00:00Z')
const context = useSharingProduct({ now: () => clock })

describe('invitation expiry (14 days, decision 10)', () => {
  it('ends a link after 14 days with the same message as any dead link, and frees the address', async () => {
    const owner = await createPerson(context, 'standard', 'Olive Owner')
    await saveProfileOf(context, owner.identity, owner.name)
    const invite = () =>
      context.sharing.inject({
        method: 'POST',
        url: '/api/invitations',
        headers: as('sharing', owner.identity),
        payload: { inviteeName: 'Late Larry', inviteeEmail: 'larry@example.com' },
      })
    const first = (await invite()).json() as { token: string; expiresAt: string }
    expect(Date.parse(first.expiresAt)).toBe(clock + INVITATION_LIFETIME_MS)
    clock += INVITATION_LIFETIME_MS - 1
    const details = (token: string) =>
      context.sharing.inject({
        method: 'GET',
        url: `/api/invitations/details/${token}`,
        headers: as('sharing', null),
      })
    expect((await details(first.token)).statusCode).toBe(200)
    expect((await invite()).statusCode).toBe(409)

    clock += 1
    const expired = await details(first.token)
    expect(expired.statusCode).toBe(404)
    expect(expired.json().message).toBe(SHARING_MESSAGES.invalidInvitation)
    const accept = await context.sharing.inject({
      method: 'POST',
      url: `/api/invitations/accept/${first.token}`,
      headers: as('sharing', null),
      payload: { password: 'larry secret' },
    })
    expect(accept.statusCode).toBe(404)
    expect(accept.json().message).toBe(SHARING_MESSAGES.invalidInvitation)
    const listed = await context.sharing.inject({
      method: 'GET',
      url: '/api/invitations',
      headers: as('sharing', owner.identity),
    })
    expect(listed.json()[0]).toMatchObject({ token: null, link: null, accepted: false })

    // The address may be invited again, and the new link works.
    const second = await invite()
    expect(second.statusCode, second.body).toBe(201)
    expect((await details(second.json().token)).statusCode).toBe(200)
  })
})
