import { describe, expect, it } from 'vitest'
import { as, useSharingProduct } from './support/sharing-product.ts'
import { invitationCalls } from './support/invitation-calls.ts'

const context = useSharingProduct()
const { invite, list, visibleTo, createOwner, share } = invitationCalls(context)

describe('inviting (POST /api/invitations)', () => {
  it('creates an invitation with a token, e-mails its link and lists it for its sender only', async () => {
    const owner = await createOwner('Olive Owner')
    const response = await invite(owner.identity, {
      inviteeName: 'Gina Guest',
      inviteeEmail: 'Gina@Example.com',
      inviteeRole: 'guest_owner',
    })
    expect(response.statusCode, response.body).toBe(201)
    const invitation = response.json()
    expect(invitation).toMatchObject({
      inviteeName: 'Gina Guest',
      inviteeEmail: 'gina@example.com',
      inviteeRole: 'guest_owner',
      ownerId: owner.identity.userId,
      invitedBy: owner.identity.userId,
      parentInvitationId: null,
      accepted: false,
      acceptedUserId: null,
    })
    expect(invitation.token).toMatch(/^[\w-]{43}$/)
    expect(invitation.link).toBe(`http://disc.test/invite/${invitation.token}`)
    const days = (Date.parse(invitation.expiresAt) - Date.parse(invitation.created)) / 86_400_000
    expect(days).toBe(14)
    expect(context.sent).toHaveLength(1)
    expect(context.sent[0]!.to).toBe('gina@example.com')
    expect(context.sent[0]!.text).toContain(invitation.link)
    expect(context.sent[0]!.text).toContain('Olive Owner')
    expect(context.sent[0]!.html).toContain(invitation.link)
    expect(context.sent[0]!.html).not.toMatch(/<img/i)
    // The owner can copy the link again; nobody else sees the invitation.
    expect((await list(owner.identity))[0]!.token).toBe(invitation.token)
    const other = await createOwner('Other Owner')
    expect(await list(other.identity)).toEqual([])
  })

  it("answers the spec's validation texts, and 400 for operators, arrays, unknown fields and other roles", async () => {
    const owner = await createOwner('Olive Owner')
    const missing = await invite(owner.identity, { inviteeName: ' ', inviteeEmail: 'x@example.com' })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().message).toBe('Missing information')
    for (const inviteeEmail of ['not-an-address', 'no-dot@localhost', 'a@b.', '@example.com']) {
      const bad = await invite(owner.identity, { inviteeName: 'X', inviteeEmail })
      expect(bad.statusCode, inviteeEmail).toBe(400)
      expect(bad.json().message).toBe('Invalid email')
    }
    for (const payload of [
      { inviteeName: 'X', inviteeEmail: { $ne: null } },
      { inviteeName: ['X'], inviteeEmail: 'x@example.com' },
      { inviteeName: 'X', inviteeEmail: 'x@example.com', role: 'administrator' },
      { inviteeName: 'X', inviteeEmail: 'x@example.com', inviteeRole: 'administrator' },
      { inviteeName: 'X', inviteeEmail: 'x@example.com', inviteeRole: 'standard' },
      { inviteeName: 'X', inviteeEmail: 'x@example.com', ownerId: 99 },
      { inviteeName: 'X', inviteeEmail: 'x@example.com', originalOwnerId: '1' },
    ]) {
      expect((await invite(owner.identity, payload)).statusCode, JSON.stringify(payload)).toBe(400)
    }
    const prototype = await context.sharing.inject({
      method: 'POST',
      url: '/api/invitations',
      headers: { ...as('sharing', owner.identity), 'content-type': 'application/json' },
      payload: '{"inviteeName":"X","inviteeEmail":"x@example.com","__proto__":{"inviteeRole":"guest_owner"}}',
    })
    expect(prototype.statusCode).toBe(400)
    expect(await list(owner.identity)).toEqual([])
  })

  it('refuses inviting oneself or the same address twice for one profile with 409', async () => {
    const owner = await createOwner('Olive Owner')
    const self = await invite(owner.identity, { inviteeName: 'Me', inviteeEmail: 'OLIVE.OWNER@example.com' })
    expect(self.statusCode).toBe(409)
    expect(self.json().message).toBe('You cannot invite yourself')
    expect(
      (await invite(owner.identity, { inviteeName: 'G', inviteeEmail: 'g@example.com' })).statusCode,
    ).toBe(201)
    const twice = await invite(owner.identity, { inviteeName: 'G again', inviteeEmail: 'G@example.com' })
    expect(twice.statusCode).toBe(409)
    expect(twice.json().code).toBe('SHARING_ALREADY_INVITED')
    // Another owner may invite the same address to their own profile.
    const other = await createOwner('Other Owner')
    expect(
      (await invite(other.identity, { inviteeName: 'G', inviteeEmail: 'g@example.com' })).statusCode,
    ).toBe(201)
  })

  it('lets guest_standard create nothing, and guest owners only forward', async () => {
    const owner = await createOwner('Olive Owner')
    const { guest: viewer } = await share(owner.identity, 'Vera', 'guest_standard')
    const refused = await invite(viewer, { inviteeName: 'X', inviteeEmail: 'x@example.com' })
    expect(refused.statusCode).toBe(403)
    const forward = await invite(viewer, {
      inviteeName: 'X',
      inviteeEmail: 'x@example.com',
      originalOwnerId: owner.identity.userId,
    })
    expect(forward.statusCode).toBe(403)
    const { guest: forwarder } = await share(owner.identity, 'Fred', 'guest_owner')
    const ownShare = await invite(forwarder, { inviteeName: 'X', inviteeEmail: 'x@example.com' })
    expect(ownShare.statusCode).toBe(403)
    expect(ownShare.json().code).toBe('SHARING_FORWARD_ONLY')
  })

  it('forwards only a profile actually shared with the guest owner, always as guest_standard', async () => {
    const owner = await createOwner('Olive Owner')
    const stranger = await createOwner('Sam Stranger')
    const { guest: forwarder, invitation: root } = await share(owner.identity, 'Fred', 'guest_owner')
    const notShared = await invite(forwarder, {
      inviteeName: 'Cara',
      inviteeEmail: 'cara@example.com',
      originalOwnerId: stranger.identity.userId,
    })
    expect(notShared.statusCode).toBe(403)
    const { guest: third, invitation: forward } = await share(
      forwarder,
      'Cara',
      'guest_owner',
      owner.identity.userId,
    )
    expect(forward).toMatchObject({
      inviteeRole: 'guest_standard',
      ownerId: owner.identity.userId,
      invitedBy: forwarder.userId,
      parentInvitationId: root.id,
      sharedVia: { ownerName: 'Olive Owner', ownerEmail: 'olive.owner@example.com' },
    })
    expect(third.role).toBe('guest_standard')
    await expect
      .poll(async () => (await visibleTo(third)).map((profile) => profile.name))
      .toEqual(['Olive Owner profile'])
    // Shared by the owner, via the guest owner who forwarded it.
    expect((await visibleTo(third))[0]).toMatchObject({
      accessType: 'shared',
      sharedBy: { name: 'Olive Owner', email: 'olive.owner@example.com' },
      sharedVia: { name: 'Fred', email: 'fred@example.com' },
    })
    expect((await visibleTo(forwarder))[0]).not.toHaveProperty('sharedVia')
    // Standard users and administrators share their own profiles, never forward.
    const forwardByStandard = await invite(stranger.identity, {
      inviteeName: 'X',
      inviteeEmail: 'x@example.com',
      originalOwnerId: owner.identity.userId,
    })
    expect(forwardByStandard.statusCode).toBe(403)
  })
})
