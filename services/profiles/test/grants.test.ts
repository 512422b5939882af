import { describe, expect, it } from 'vitest'
import { createEvent } from '@app/kit/bus/port'
import { testEventBus } from '@app/kit/testing/service-dependencies'
import {
  ACCESS_REVOKED,
  INVITATIONS_ACCEPTED,
  type AccessRevoked,
  type InvitationAccepted,
} from '@app/contracts/events'
import { revokedGrantKey } from '@app/contracts/sharing'
import { buildApp } from '../src/app.ts'
import { ada, as, discScores, grace, guest, useProfilesService } from './support/profiles-app.ts'

const context = useProfilesService()

const accepted = (invitationId: number, granteeId: number, ownerId = ada.userId): InvitationAccepted => ({
  invitationId,
  rootInvitationId: invitationId,
  parentInvitationId: null,
  ownerId,
  granteeId,
  inviteeRole: 'guest_standard',
  sharedBy: { name: 'Ada Lovelace', email: 'ada@example.com' },
  acceptedAt: new Date().toISOString(),
})
const revoked = (grant: InvitationAccepted): AccessRevoked => ({
  invitationId: grant.invitationId,
  rootInvitationId: grant.rootInvitationId,
  ownerId: grant.ownerId,
  granteeId: grant.granteeId,
  revokedBy: grant.ownerId,
  revokedAt: new Date().toISOString(),
})
/** The bus as sharing publishes on it: its events signed with its key (decision 021). */
const sharing = () => testEventBus(context.dependencies.bus, 'sharing')
const publish = (type: string, data: object, key: number) =>
  sharing().publish(createEvent(type, data), String(key))

const save = async (name: string, caller = ada) => {
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/assessments',
    headers: as(caller),
    payload: { name, ...discScores },
  })
  expect(response.statusCode).toBe(201)
  return response.json() as { id: number }
}
const visible = async (caller = guest, path = '/api/accessible-profiles') =>
  (await context.app.inject({ method: 'GET', url: path, headers: as(caller) })).json() as Array<{
    name: string
    accessType: string
    sharedBy?: { name: string; email: string }
  }>
const searchFor = async (name: string, caller = guest) =>
  (
    await context.app.inject({
      method: 'GET',
      url: `/api/profiles/search?name=${encodeURIComponent(name)}`,
      headers: as(caller),
    })
  ).json() as { match: { name: string; accessType: string } | null }

describe('the grants projection of the profiles service', () => {
  it('shows a shared profile to its grantee as shared, with who shared it, in every list and search', async () => {
    await save('Ada Profile')
    await save('Grace Profile', grace)
    expect(await visible()).toEqual([])
    await publish(INVITATIONS_ACCEPTED, accepted(1, guest.userId), 1)
    await expect.poll(async () => (await visible()).length).toBe(1)
    expect(await visible()).toEqual([
      expect.objectContaining({
        name: 'Ada Profile',
        accessType: 'shared',
        sharedBy: { name: 'Ada Lovelace', email: 'ada@example.com' },
      }),
    ])
    expect(await visible(guest, '/api/all-profiles')).toHaveLength(1)
    expect((await searchFor('Ada Profile')).match).toMatchObject({
      name: 'Ada Profile',
      accessType: 'shared',
    })
    // Grace's profile is not shared: search never finds it, whatever it finds instead.
    expect((await searchFor('Grace Profile')).match?.name).not.toBe('Grace Profile')
    const lookup = await context.app.inject({
      method: 'GET',
      url: '/api/profiles/lookup?q=Ada',
      headers: as(guest),
    })
    expect(lookup.json().items).toHaveLength(1)
    // The owner still sees their own profile as the owner.
    expect(await visible(ada)).toEqual([
      expect.objectContaining({ name: 'Ada Profile', accessType: 'owner' }),
    ])
  })

  it('refuses a revoked grant on the next request from its mark, before the event arrives', async () => {
    await save('Ada Profile')
    const grant = accepted(1, guest.userId)
    await publish(INVITATIONS_ACCEPTED, grant, 1)
    await expect.poll(async () => (await visible()).length).toBe(1)
    await context.dependencies.kv.set(revokedGrantKey(1), '1')
    expect(await visible()).toEqual([])
    expect((await searchFor('Ada Profile')).match).toBeNull()
    await publish(ACCESS_REVOKED, revoked(grant), 1)
    await context.dependencies.kv.delete(revokedGrantKey(1))
    await expect.poll(async () => (await visible()).length).toBe(0)
  })

  it('applies a replayed grant once, and never starts a grant whose revoke came first', async () => {
    await save('Ada Profile')
    const first = accepted(1, guest.userId)
    const event = createEvent(INVITATIONS_ACCEPTED, first)
    await sharing().publish(event, '1')
    await sharing().publish(event, '1')
    await expect.poll(async () => (await visible()).length).toBe(1)
    await publish(ACCESS_REVOKED, revoked(first), 1)
    await expect.poll(async () => (await visible()).length).toBe(0)
    // The same grant delivered again after its revoke (a new event id) grants nothing.
    await publish(INVITATIONS_ACCEPTED, first, 1)
    const second = accepted(2, guest.userId)
    await publish(ACCESS_REVOKED, revoked(second), 2)
    await publish(INVITATIONS_ACCEPTED, second, 2)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(await visible()).toEqual([])
  })

  it('keeps access while another grant of the same owner remains', async () => {
    await save('Ada Profile')
    const direct = accepted(1, guest.userId)
    const forwarded = { ...accepted(2, guest.userId), rootInvitationId: 1, parentInvitationId: 1 }
    await publish(INVITATIONS_ACCEPTED, direct, 1)
    await publish(INVITATIONS_ACCEPTED, forwarded, 1)
    await expect.poll(async () => (await visible()).length).toBe(1)
    await publish(ACCESS_REVOKED, revoked(direct), 1)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(await visible()).toHaveLength(1)
  })

  it('rebuilds its grants from the store in a fresh replica', async () => {
    await save('Ada Profile')
    await publish(INVITATIONS_ACCEPTED, accepted(1, guest.userId), 1)
    await expect.poll(async () => (await visible()).length).toBe(1)
    const replica = await buildApp({
      ...context.dependencies,
      kv: (await import('@app/kit/kv/memory')).createMemoryKeyValueStore(),
    })
    try {
      const answer = await replica.inject({
        method: 'GET',
        url: '/api/accessible-profiles',
        headers: as(guest),
      })
      expect(answer.json()).toHaveLength(1)
    } finally {
      await replica.close()
    }
  })
})
