import { describe, expect, it } from 'vitest'
import type { Identity } from '@app/kit/identity'
import { administrator, as, useSharingProduct } from './support/sharing-product.ts'
import { invitationCalls } from './support/invitation-calls.ts'

const context = useSharingProduct()
const { revoke, createOwner, share } = invitationCalls(context)

describe('the access history (GET /api/invitations/history)', () => {
  it('shows the owner every invitation, forward, acceptance and revoke as a tree, and nobody else', async () => {
    const owner = await createOwner('Olive Owner')
    const { guest: b, invitation: toB } = await share(owner.identity, 'Bea', 'guest_owner')
    const { invitation: toC } = await share(b, 'Cal', 'guest_owner', owner.identity.userId)
    await revoke(owner.identity, toB.id)
    const history = async (caller: Identity, query = '') =>
      context.sharing.inject({
        method: 'GET',
        url: `/api/invitations/history${query}`,
        headers: as('sharing', caller),
      })
    const own = (await history(owner.identity)).json()
    expect(own.ownerId).toBe(owner.identity.userId)
    expect(own.entries).toEqual([
      expect.objectContaining({
        invitationId: toB.id,
        depth: 0,
        inviteeEmail: 'bea@example.com',
        invitedBy: { id: owner.identity.userId, name: 'Olive Owner', email: 'olive.owner@example.com' },
        acceptedAt: expect.any(String),
        revokedAt: expect.any(String),
        revokedBy: { id: owner.identity.userId, name: 'Olive Owner' },
      }),
      expect.objectContaining({
        invitationId: toC.id,
        parentInvitationId: toB.id,
        depth: 1,
        invitedBy: expect.objectContaining({ id: b.userId, name: 'Bea' }),
        acceptedAt: expect.any(String),
        revokedAt: expect.any(String),
      }),
    ])
    const asAdministrator = await history(administrator, `?ownerId=${owner.identity.userId}`)
    expect(asAdministrator.json().entries).toHaveLength(2)
    const other = await createOwner('Other Owner')
    expect((await history(other.identity, `?ownerId=${owner.identity.userId}`)).statusCode).toBe(403)
    expect((await history(other.identity)).json().entries).toEqual([])
    expect((await history(other.identity, '?ownerId=abc')).statusCode).toBe(400)
    expect((await history(other.identity, `?ownerId=${other.identity.userId}&ownerId=1`)).statusCode).toBe(
      400,
    )
  })
})
