import { describe, expect, it } from 'vitest'
import { USERS_DELETED, type UserDeleted } from '@app/contracts/events'
import { createEvent } from '@app/kit/bus/port'
import type { Identity } from '@app/kit/identity'
import { testEventBus } from '@app/kit/testing/service-dependencies'
import { InvitationDocumentSchema } from '../src/repositories/invitations-repository.ts'
import { AccessHistoryRecordSchema } from '../src/repositories/access-history-repository.ts'
import { administrator, as, useSharingProduct } from './support/sharing-product.ts'
import { invitationCalls } from './support/invitation-calls.ts'

const context = useSharingProduct()
const { invite, list, accept, visibleTo, createOwner, share } = invitationCalls(context)

const deleteAsAdministrator = (userId: number) =>
  context.auth.inject({
    method: 'DELETE',
    url: `/api/admin/user/${userId}`,
    headers: as('auth', administrator),
  })
const history = async (caller: Identity) =>
  (
    await context.sharing.inject({
      method: 'GET',
      url: '/api/invitations/history',
      headers: as('sharing', caller),
    })
  ).body

async function storedNaming(userId: number, email: string) {
  const invitations = await context.sharingStore.collection('invitations', {
    schema: InvitationDocumentSchema,
    idKind: 'int',
  })
  const records = await context.sharingStore.collection('access_history', {
    schema: AccessHistoryRecordSchema,
    idKind: 'int',
  })
  const everything = JSON.stringify([await invitations.find({}), await records.find({})])
  return {
    invitations: await invitations.count({
      $or: [{ ownerId: userId }, { invitedBy: userId }, { acceptedUserId: userId }, { inviteeEmail: email }],
    }),
    records: await records.count({ $or: [{ ownerId: userId }, { actorId: userId }] }),
    mentions: everything.toLowerCase().includes(email),
    total: (await invitations.count({})) + (await records.count({})),
  }
}

/** Publishes the deletion again, as auth's sweep or a second replica would: once more with its id, once under another. */
async function publishAgain(userId: number, email: string, eventId: string) {
  const data: UserDeleted = { userId, email, deletedBy: 1, deletedAt: new Date().toISOString() }
  const auth = testEventBus(context.bus, 'auth')
  await auth.publish({ ...createEvent(USERS_DELETED, data), id: eventId }, String(userId))
  await auth.publish(createEvent(USERS_DELETED, data), String(userId))
}

describe('users.deleted.v1 in the sharing service', () => {
  it("an owner's deletion: their guests and the forwards below lose access at once, and every invitation naming them goes", async () => {
    const olive = await createOwner('Olive Owner')
    const other = await createOwner('Otto Other')
    const { guest: bea } = await share(olive.identity, 'Bea', 'guest_owner')
    const { guest: cal } = await share(bea, 'Cal', 'guest_standard', olive.identity.userId)
    const pendingDot = (
      await invite(olive.identity, { inviteeName: 'Dot', inviteeEmail: 'dot@example.com' })
    ).json()
    // Olive also received a share, and was invited to another.
    const toOlive = (await invite(other.identity, { inviteeName: 'Olive', inviteeEmail: olive.email })).json()
    expect((await accept(toOlive.token, undefined, olive.identity)).statusCode).toBe(200)
    expect(
      (await invite(other.identity, { inviteeName: 'Eve', inviteeEmail: 'eve@example.com' })).statusCode,
    ).toBe(201)
    await expect.poll(async () => (await visibleTo(cal)).length).toBe(1)
    expect(await visibleTo(bea)).toHaveLength(1)
    expect(await history(other.identity)).toContain(olive.email)

    const deleted = await deleteAsAdministrator(olive.identity.userId)
    expect(deleted.statusCode, deleted.body).toBe(200)
    // The very next requests, before any event has been handled.
    expect(await visibleTo(bea)).toEqual([])
    expect(await visibleTo(cal)).toEqual([])

    await expect
      .poll(async () => (await storedNaming(olive.identity.userId, olive.email)).invitations)
      .toBe(0)
    const left = await storedNaming(olive.identity.userId, olive.email)
    expect(left).toMatchObject({ records: 0, mentions: false })
    expect((await accept(pendingDot.token, { password: 'dot secret' })).statusCode).toBe(404)
    expect(JSON.stringify(await list(other.identity))).not.toContain(olive.email)
    expect(await history(other.identity)).not.toContain(olive.email)
    // What does not involve Olive stays: Otto's invitation to Eve.
    expect(JSON.stringify(await list(other.identity))).toContain('eve@example.com')
    expect(await history(other.identity)).toContain('eve@example.com')

    await publishAgain(olive.identity.userId, olive.email, `users-deleted-${olive.identity.userId}-0`)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(await storedNaming(olive.identity.userId, olive.email)).toEqual(left)
    expect(await visibleTo(cal)).toEqual([])
  })

  it("a forwarder's deletion: the forwards they made end, the owner keeps their profile and loses the trace", async () => {
    const olive = await createOwner('Olive Owner')
    const { guest: bea } = await share(olive.identity, 'Bea', 'guest_owner')
    const { guest: cal } = await share(bea, 'Cal', 'guest_standard', olive.identity.userId)
    await expect.poll(async () => (await visibleTo(cal)).length).toBe(1)

    const deleted = await context.auth.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: as('auth', bea),
      payload: { password: 'Bea secret' },
    })
    expect(deleted.statusCode, deleted.body).toBe(200)

    await expect.poll(async () => visibleTo(cal)).toEqual([])
    await expect.poll(async () => (await storedNaming(bea.userId, 'bea@example.com')).mentions).toBe(false)
    expect(await storedNaming(bea.userId, 'bea@example.com')).toMatchObject({ invitations: 0, records: 0 })
    expect(JSON.stringify(await list(olive.identity))).not.toContain('bea@example.com')
    expect(await history(olive.identity)).not.toContain('bea@example.com')
    const profiles = await context.profiles.inject({
      method: 'GET',
      url: '/api/assessments',
      headers: as('profiles', olive.identity),
    })
    expect(profiles.body).toContain('Olive Owner profile')
  })
})
