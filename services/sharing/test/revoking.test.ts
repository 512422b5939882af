import { describe, expect, it } from 'vitest'
import { administrator, useSharingProduct } from './support/sharing-product.ts'
import { invitationCalls } from './support/invitation-calls.ts'

const context = useSharingProduct()
const { invite, list, revoke, accept, visibleTo, createOwner, share } = invitationCalls(context)

describe('revoking (DELETE /api/invitations/:id)', () => {
  it('lets only the sender revoke, and cascades to every forward below at once', async () => {
    const owner = await createOwner('Olive Owner')
    const { guest: b, invitation: toB } = await share(owner.identity, 'Bea', 'guest_owner')
    const { guest: c, invitation: toC } = await share(b, 'Cal', 'guest_owner', owner.identity.userId)
    const pendingD = (
      await invite(b, {
        inviteeName: 'Dot',
        inviteeEmail: 'dot@example.com',
        originalOwnerId: owner.identity.userId,
      })
    ).json()
    await expect.poll(async () => (await visibleTo(c)).length).toBe(1)
    expect(await visibleTo(b)).toHaveLength(1)

    // Nobody but the sender: not the guest below, not another owner, not an administrator.
    const other = await createOwner('Other Owner')
    for (const caller of [b, other.identity, administrator]) {
      const refused = await revoke(caller, toB.id)
      expect(refused.statusCode).toBe(404)
      expect(refused.json().message).toBe('Could not find the invitation for this profile')
    }
    expect(await visibleTo(b)).toHaveLength(1)

    const revoked = await revoke(owner.identity, toB.id)
    expect(revoked.statusCode, revoked.body).toBe(200)
    expect(revoked.json().revokedInvitationIds.sort()).toEqual([toB.id, toC.id, pendingD.id].sort())
    // The very next requests, with no waiting for the events.
    expect(await visibleTo(b)).toEqual([])
    expect(await visibleTo(c)).toEqual([])
    expect((await accept(pendingD.token, { password: 'dot secret' })).statusCode).toBe(404)
    expect(await list(owner.identity)).toEqual([])
    expect(await list(b)).toEqual([])
    // Once the events arrive the marks are no longer needed.
    await new Promise((resolve) => setTimeout(resolve, 100))
    for (const id of [toB.id, toC.id]) await context.kv.delete(`sharing:revoked-grant:${id}`)
    expect(await visibleTo(b)).toEqual([])
    expect(await visibleTo(c)).toEqual([])
  })

  it('revoking a forward leaves the access above it', async () => {
    const owner = await createOwner('Olive Owner')
    const { guest: b } = await share(owner.identity, 'Bea', 'guest_owner')
    const { guest: c, invitation: toC } = await share(b, 'Cal', 'guest_owner', owner.identity.userId)
    await expect.poll(async () => (await visibleTo(c)).length).toBe(1)
    expect((await revoke(owner.identity, toC.id)).statusCode).toBe(404)
    expect((await revoke(b, toC.id)).statusCode).toBe(200)
    expect(await visibleTo(c)).toEqual([])
    expect(await visibleTo(b)).toHaveLength(1)
  })
})
