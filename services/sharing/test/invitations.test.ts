import { describe, expect, it } from 'vitest'
import type { Identity } from '@app/kit/identity'
import { SHARING_MESSAGES } from '@app/contracts/sharing'
import {
  administrator,
  as,
  createPerson,
  saveProfileOf,
  signedInBy,
  useSharingProduct,
} from './support/sharing-product.ts'

const context = useSharingProduct()

const invite = (caller: Identity, payload: object) =>
  context.sharing.inject({ method: 'POST', url: '/api/invitations', headers: as('sharing', caller), payload })
const list = async (caller: Identity) =>
  (
    await context.sharing.inject({ method: 'GET', url: '/api/invitations', headers: as('sharing', caller) })
  ).json() as Array<{ id: number; token: string | null; inviteeEmail: string; accepted: boolean }>
const revoke = (caller: Identity, id: number) =>
  context.sharing.inject({ method: 'DELETE', url: `/api/invitations/${id}`, headers: as('sharing', caller) })
const accept = (token: string, payload?: object, caller: Identity | null = null) =>
  context.sharing.inject({
    method: 'POST',
    url: `/api/invitations/accept/${token}`,
    headers: as('sharing', caller),
    ...(payload ? { payload } : {}),
  })
const visibleTo = async (caller: Identity) =>
  (
    await context.profiles.inject({
      method: 'GET',
      url: '/api/accessible-profiles',
      headers: as('profiles', caller),
    })
  ).json() as Array<{ name: string; userId: number; accessType: string; sharedBy?: object }>
/** A standard user with a profile to share (sharing refuses invitations without one). */
const createOwner = async (name: string) => {
  const owner = await createPerson(context, 'standard', name)
  await saveProfileOf(context, owner.identity, name)
  return owner
}

/** Invites, accepts with a new password and returns the invitee's identity and the invitation id. */
async function share(
  from: Identity,
  name: string,
  role: 'guest_standard' | 'guest_owner',
  originalOwnerId?: number,
) {
  const email = `${name.toLowerCase()}@example.com`
  const created = await invite(from, {
    inviteeName: name,
    inviteeEmail: email,
    inviteeRole: role,
    ...(originalOwnerId ? { originalOwnerId } : {}),
  })
  expect(created.statusCode, created.body).toBe(201)
  const invitation = created.json() as { id: number; token: string; inviteeRole: string }
  const accepted = await accept(invitation.token, { password: `${name} secret` })
  expect(accepted.statusCode, accepted.body).toBe(200)
  return { guest: signedInBy(accepted)!, invitation, accepted }
}

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

describe('accepting (POST /api/invitations/accept/:token)', () => {
  it('creates the guest with the invitation’s role, signs them in and shows them the profile', async () => {
    const owner = await createOwner('Olive Owner')
    const created = (
      await invite(owner.identity, { inviteeName: 'Gina Guest', inviteeEmail: 'gina@example.com' })
    ).json()
    const details = await context.sharing.inject({
      method: 'GET',
      url: `/api/invitations/details/${created.token}`,
      headers: as('sharing', null),
    })
    expect(details.json()).toMatchObject({
      inviteeName: 'Gina Guest',
      inviteeEmail: 'gina@example.com',
      ownerName: 'Olive Owner',
    })
    const tooShort = await accept(created.token, { password: '12345' })
    expect(tooShort.statusCode).toBe(400)
    expect(tooShort.json().message).toBe('Password must be at least 6 characters')
    // The accepting request cannot choose its role.
    expect((await accept(created.token, { password: 'gina secret', role: 'administrator' })).statusCode).toBe(
      400,
    )
    const accepted = await accept(created.token, { password: 'gina secret' })
    expect(accepted.statusCode, accepted.body).toBe(200)
    // The Ask page, with the owner's shared profile found.
    expect(accepted.json()).toEqual({ redirectTo: `/?owner=${owner.identity.userId}` })
    const guest = signedInBy(accepted)!
    expect(guest).toMatchObject({ role: 'guest_standard', username: 'gina@example.com' })
    await expect.poll(async () => (await visibleTo(guest)).length).toBe(1)
    expect((await list(owner.identity))[0]).toMatchObject({
      accepted: true,
      acceptedUserId: guest.userId,
      token: null,
    })
  })

  it('answers used, revoked, expired and unknown tokens with one message, and GET with 405', async () => {
    const owner = await createOwner('Olive Owner')
    const used = await share(owner.identity, 'Una', 'guest_standard')
    const revoked = (
      await invite(owner.identity, { inviteeName: 'Rex', inviteeEmail: 'rex@example.com' })
    ).json()
    expect((await revoke(owner.identity, revoked.id)).statusCode).toBe(200)
    const answers = [
      await accept(used.invitation.token, { password: 'another one' }),
      await accept(revoked.token, { password: 'rex secret' }),
      await accept('x'.repeat(43), { password: 'whatever 1' }),
      await context.sharing.inject({
        method: 'GET',
        url: `/api/invitations/details/${revoked.token}`,
        headers: as('sharing', null),
      }),
    ]
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404)
      expect(answer.json()).toEqual({
        message: SHARING_MESSAGES.invalidInvitation,
        code: 'SHARING_INVITATION_INVALID',
      })
    }
    const get = await context.sharing.inject({
      method: 'GET',
      url: `/api/invitations/accept/${used.invitation.token}`,
      headers: as('sharing', null),
    })
    expect(get.statusCode).toBe(405)
    expect(get.json().message).toMatch(/POST/)
  })

  it('gives one success to two concurrent acceptances of one link', async () => {
    const owner = await createOwner('Olive Owner')
    const created = (
      await invite(owner.identity, { inviteeName: 'Dora', inviteeEmail: 'dora@example.com' })
    ).json()
    const answers = await Promise.all([
      accept(created.token, { password: 'dora secret' }),
      accept(created.token, { password: 'dora secret' }),
    ])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 404])
  })

  it('adds access to an existing account signed in as the invitee, and promotes guest_standard to guest_owner', async () => {
    const owner = await createOwner('Olive Owner')
    const other = await createOwner('Other Owner')
    const { guest } = await share(owner.identity, 'Gus', 'guest_standard')
    const second = (
      await invite(other.identity, {
        inviteeName: 'Gus',
        inviteeEmail: 'gus@example.com',
        inviteeRole: 'guest_owner',
      })
    ).json()
    // Not signed in and no password: refused before the account is looked up (issue 26, item 6).
    const unproven = await accept(second.token)
    expect(unproven.statusCode, unproven.body).toBe(400)
    expect(unproven.json().code).toBe('SHARING_PASSWORD_REQUIRED')
    // A wrong password: the account exists, so its holder must prove it is theirs.
    const wrong = await accept(second.token, { password: 'not gus secret' })
    expect(wrong.statusCode, wrong.body).toBe(401)
    const accepted = await accept(second.token, undefined, guest)
    expect(accepted.statusCode, accepted.body).toBe(200)
    expect(accepted.headers['x-session-revoke-user']).toBe(String(guest.userId))
    expect(signedInBy(accepted)).toMatchObject({ userId: guest.userId, role: 'guest_owner' })
    expect(accepted.json()).toEqual({ redirectTo: `/?owner=${other.identity.userId}` })
  })
})

describe('accepting tells nobody whether an address has an account (issue 26, item 6)', () => {
  it('answers a malformed accept the same for an address with an account and one without', async () => {
    const owner = await createOwner('Olive Owner')
    const inviter = await createOwner('Ivan Inviter')
    const stranger = await createPerson(context, 'standard', 'Sam Stranger')
    await share(owner.identity, 'Hana', 'guest_standard') // hana@example.com now has an account
    const invitationTo = async (name: string) =>
      (
        await invite(inviter.identity, {
          inviteeName: name,
          inviteeEmail: `${name.toLowerCase()}@example.com`,
        })
      ).json() as { token: string }
    const withAccount = await invitationTo('Hana')
    const withoutAccount = await invitationTo('Nora')
    const malformed: Array<[string, object | undefined, Identity | null]> = [
      ['an empty body', {}, null],
      ['no body', undefined, null],
      ['an empty body from someone else signed in', {}, stranger.identity],
      ['a password too short for any account', { password: '12345' }, null],
    ]
    for (const [what, payload, caller] of malformed) {
      const [held, free] = [
        await accept(withAccount.token, payload, caller),
        await accept(withoutAccount.token, payload, caller),
      ]
      expect(held.statusCode, what).toBe(400)
      expect({ status: held.statusCode, body: held.json() }, what).toEqual({
        status: free.statusCode,
        body: free.json(),
      })
    }
    // Both links still work for their invitees.
    expect((await accept(withoutAccount.token, { password: 'nora secret' })).statusCode).toBe(200)
    expect((await accept(withAccount.token, { password: 'Hana secret' })).statusCode).toBe(200)
  })
})

describe('an Idempotency-Key on two accepts (issue 26, item 9)', () => {
  it('answers 422 for the key of one accept sent with another invitation, and accepts nothing', async () => {
    const owner = await createOwner('Olive Owner')
    const another = await createOwner('Ann Another')
    const other = await createOwner('Other Owner')
    const { guest } = await share(owner.identity, 'Gus', 'guest_standard')
    const first = (
      await invite(another.identity, { inviteeName: 'Gus', inviteeEmail: 'gus@example.com' })
    ).json()
    const second = (
      await invite(other.identity, { inviteeName: 'Gus', inviteeEmail: 'gus@example.com' })
    ).json()
    const acceptWithKey = (token: string) =>
      context.sharing.inject({
        method: 'POST',
        url: `/api/invitations/accept/${token}`,
        headers: { ...as('sharing', guest), 'idempotency-key': 'accept-once' },
      })
    const accepted = await acceptWithKey(first.token)
    expect(accepted.statusCode, accepted.body).toBe(200)
    expect((await acceptWithKey(first.token)).headers['idempotent-replayed']).toBe('true')
    const reused = await acceptWithKey(second.token)
    expect(reused.statusCode, reused.body).toBe(422)
    expect(reused.json()).toEqual({
      code: 'SHARING_IDEMPOTENCY_KEY_REUSED',
      message: 'This Idempotency-Key was already used for a different request',
    })
    expect(reused.headers['idempotent-replayed']).toBeUndefined()
    // The second invitation is untouched: still pending, and accepted with a key of its own.
    expect((await list(other.identity))[0]).toMatchObject({ accepted: false })
    const own = await context.sharing.inject({
      method: 'POST',
      url: `/api/invitations/accept/${second.token}`,
      headers: { ...as('sharing', guest), 'idempotency-key': 'accept-twice' },
    })
    expect(own.statusCode, own.body).toBe(200)
    expect((await list(other.identity))[0]).toMatchObject({ accepted: true, acceptedUserId: guest.userId })
  })
})

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
