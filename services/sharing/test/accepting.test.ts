import { describe, expect, it } from 'vitest'
import type { Identity } from '@app/kit/identity'
import { SHARING_MESSAGES } from '@app/contracts/sharing'
import { as, createPerson, signedInBy, useSharingProduct } from './support/sharing-product.ts'
import { invitationCalls } from './support/invitation-calls.ts'

const context = useSharingProduct()
const { invite, list, revoke, accept, visibleTo, createOwner, share } = invitationCalls(context)

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
