import { describe, expect, it } from 'vitest'
import type { AuditEntry, AuditPage } from '@app/contracts/audit'
import { administrator, as, useSharingProduct } from './support/sharing-product.ts'
import { invitationCalls } from './support/invitation-calls.ts'

const context = useSharingProduct()
const { invite, revoke, accept, createOwner } = invitationCalls(context)

/** The records auth stored of sharing's kinds, once there are `count` of them. */
async function sharingRecords(count: number): Promise<AuditEntry[]> {
  const read = async () =>
    (
      await context.auth.inject({
        method: 'GET',
        url: '/api/admin/audit?pageSize=200',
        headers: as('auth', administrator),
      })
    ).json() as AuditPage
  const ofSharing = (page: AuditPage) => page.entries.filter((entry) => entry.kind.startsWith('invitation.'))
  await expect.poll(async () => ofSharing(await read()).length).toBe(count)
  return ofSharing(await read()).reverse()
}

describe('the audit records of invitations', () => {
  it('records an invitation created, accepted and revoked once each, with who did it and never the token', async () => {
    const owner = await createOwner('Olive Owner')
    const created = await invite(owner.identity, {
      inviteeName: 'Bea',
      inviteeEmail: 'bea@example.com',
      inviteeRole: 'guest_owner',
    })
    expect(created.statusCode, created.body).toBe(201)
    const invitation = created.json() as { id: number; token: string }
    const accepted = await accept(invitation.token, { password: 'bea secret 1' })
    expect(accepted.statusCode, accepted.body).toBe(200)
    expect((await revoke(owner.identity, invitation.id)).statusCode).toBe(200)

    const [create, acceptance, revocation] = await sharingRecords(3)
    const ownerId = owner.identity.userId
    expect(create).toMatchObject({
      kind: 'invitation.created',
      actor: { id: ownerId, role: 'standard' },
      subject: { profileOwnerId: ownerId, invitationId: invitation.id },
      details: { inviteeRole: 'guest_owner' },
    })
    expect(acceptance).toMatchObject({
      kind: 'invitation.accepted',
      actor: { role: 'guest_owner' },
      subject: { profileOwnerId: ownerId, invitationId: invitation.id },
    })
    expect(acceptance!.actor!.id).toBe(acceptance!.subject.userId)
    expect(acceptance!.actor!.id).not.toBe(ownerId)
    expect(revocation).toMatchObject({
      kind: 'invitation.revoked',
      actor: { id: ownerId, role: 'standard' },
      subject: { invitationId: invitation.id },
      details: { revokedInvitations: 1 },
    })
    for (const entry of [create, acceptance, revocation]) expect(entry!.requestId).toMatch(/^[\w-]{12}$/)
    const csv = await context.auth.inject({
      method: 'GET',
      url: '/api/admin/audit.csv',
      headers: as('auth', administrator),
    })
    for (const text of [JSON.stringify([create, acceptance, revocation]), csv.body]) {
      expect(text).not.toContain(invitation.token)
      expect(text).not.toContain('bea secret 1')
      expect(text).not.toContain('bea@example.com')
    }
  })
})
