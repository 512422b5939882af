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

let clock = Date.parse('2026-03-01T09:00:00Z')
const context = useSharingProduct({ now: () => clock })

const invite = (caller: Identity, payload: object) =>
  context.sharing.inject({ method: 'POST', url: '/api/invitations', headers: as('sharing', caller), payload })
const accept = (token: string, payload?: object, caller: Identity | null = null) =>
  context.sharing.inject({
    method: 'POST',
    url: `/api/invitations/accept/${token}`,
    headers: as('sharing', caller),
    ...(payload ? { payload } : {}),
  })
type Visible = { name: string; sharedBy?: object; sharedVia?: object; mayForward?: boolean }
const visibleTo = async (caller: Identity) =>
  (
    await context.profiles.inject({
      method: 'GET',
      url: '/api/accessible-profiles',
      headers: as('profiles', caller),
    })
  ).json() as Visible[]

describe('invitations that grant something (issue "every user\'s journey", item 6)', () => {
  it('refuses an invitation while its sender has no profile to share, with a message saying so', async () => {
    const payload = { inviteeName: 'Gina', inviteeEmail: 'gina@example.com' }
    const refused = await invite(administrator, payload)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toEqual({
      message: SHARING_MESSAGES.noProfileToShare,
      code: 'SHARING_NO_PROFILE',
    })
    const standard = await createPerson(context, 'standard', 'Nora None')
    expect((await invite(standard.identity, payload)).json().code).toBe('SHARING_NO_PROFILE')
    expect(context.sent).toEqual([])
    // Once there is a profile, the same invitation goes out.
    await saveProfileOf(context, administrator, 'Ada Admin')
    expect((await invite(administrator, payload)).statusCode).toBe(201)
    expect(context.sent.map((email) => email.to)).toEqual(['gina@example.com'])
  })

  it('still invites while profiles cannot say whether there is a profile: the check protects nothing', async () => {
    const owner = await createPerson(context, 'standard', 'Olive Owner')
    await context.profiles.close()
    const created = await invite(owner.identity, { inviteeName: 'Gina', inviteeEmail: 'gina@example.com' })
    expect(created.statusCode, created.body).toBe(201)
  })

  it("takes an address that contains '@' and '.', such as first.last@intranet", async () => {
    const owner = await createPerson(context, 'standard', 'Olive Owner')
    await saveProfileOf(context, owner.identity, owner.name)
    const created = await invite(owner.identity, { inviteeName: 'Ina', inviteeEmail: 'First.Last@intranet' })
    expect(created.statusCode, created.body).toBe(201)
    expect(created.json().inviteeEmail).toBe('first.last@intranet')
    const bad = await invite(owner.identity, { inviteeName: 'Ina', inviteeEmail: 'first@intranet' })
    expect(bad.json()).toMatchObject({ message: SHARING_MESSAGES.invalidEmail })
  })

  it("lets a standard user invited with 'View and share' forward that profile, and only that one", async () => {
    const owner = await createPerson(context, 'standard', 'Olive Owner')
    await saveProfileOf(context, owner.identity, owner.name)
    const other = await createPerson(context, 'standard', 'Otto Other')
    await saveProfileOf(context, other.identity, other.name)
    const standard = await createPerson(context, 'standard', 'Stan Standard')
    await saveProfileOf(context, standard.identity, standard.name)

    const created = await invite(owner.identity, {
      inviteeName: 'Stan Standard',
      inviteeEmail: standard.email,
      inviteeRole: 'guest_owner',
    })
    const accepted = await accept(created.json().token, {}, standard.identity)
    expect(accepted.statusCode, accepted.body).toBe(200)
    // The account stays standard, and the profile comes with the right to share it on.
    expect(signedInBy(accepted)?.role).toBe('standard')
    await expect
      .poll(async () => (await visibleTo(standard.identity)).find((p) => p.name === 'Olive Owner profile'))
      .toMatchObject({ mayForward: true, sharedBy: { name: 'Olive Owner' } })

    const forward = await invite(standard.identity, {
      inviteeName: 'Cara',
      inviteeEmail: 'cara@example.com',
      originalOwnerId: owner.identity.userId,
    })
    expect(forward.statusCode, forward.body).toBe(201)
    expect(forward.json()).toMatchObject({ inviteeRole: 'guest_standard', ownerId: owner.identity.userId })
    const notShared = await invite(standard.identity, {
      inviteeName: 'Cara',
      inviteeEmail: 'cara@example.com',
      originalOwnerId: other.identity.userId,
    })
    expect(notShared.statusCode).toBe(403)

    // The person reached through the forward sees the owner's profile, shared by the owner via Stan.
    const cara = signedInBy(await accept(forward.json().token, { password: 'cara secret' }))!
    await expect.poll(async () => (await visibleTo(cara)).length).toBe(1)
    expect((await visibleTo(cara))[0]).toMatchObject({
      name: 'Olive Owner profile',
      sharedBy: { name: 'Olive Owner', email: owner.email },
      sharedVia: { name: 'Stan Standard', email: standard.email },
    })
    expect((await visibleTo(cara))[0]).not.toHaveProperty('mayForward')
  })

  it("keeps a guest's date invited as the day the invitation was sent, not the day it was accepted", async () => {
    const owner = await createPerson(context, 'standard', 'Olive Owner')
    await saveProfileOf(context, owner.identity, owner.name)
    const sentAt = new Date(clock).toISOString()
    const created = await invite(owner.identity, {
      inviteeName: 'Late Larry',
      inviteeEmail: 'larry@example.com',
    })
    clock += 3 * 24 * 60 * 60 * 1000
    const accepted = await accept(created.json().token, { password: 'larry secret' })
    const larry = signedInBy(accepted)!
    const guests = await context.auth.inject({
      method: 'GET',
      url: '/api/admin/guest-users',
      headers: as('auth', administrator),
    })
    const guest = (guests.json() as Array<{ id: number; dateInvited?: string }>).find(
      (u) => u.id === larry.userId,
    )
    expect(guest?.dateInvited).toBe(sentAt)
  })
})
