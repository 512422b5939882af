import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { deletedUserKey } from '@app/contracts/account-deletion'
import {
  INVITATIONS_ACCEPTED,
  USERS_CREATED,
  USERS_DELETED,
  USERS_UPDATED,
  type InvitationAccepted,
  type UserDeleted,
  type UserSnapshot,
} from '@app/contracts/events'
import { createEvent } from '@app/kit/bus/port'
import { testEventBus } from '@app/kit/testing/service-dependencies'
import { GrantDocumentSchema } from '../src/repositories/grants-repository.ts'
import { PersonDocumentSchema } from '../src/repositories/people-repository.ts'
import {
  ada,
  administrator,
  as,
  discScores,
  grace,
  guest,
  useProfilesService,
} from './support/profiles-app.ts'

const context = useProfilesService()

const snapshot = (id: number, first: string, last: string): UserSnapshot => ({
  id,
  username: `${first.toLowerCase()}@example.com`,
  email: `${first.toLowerCase()}@example.com`,
  firstName: first,
  lastName: last,
  name: `${first} ${last}`,
  role: 'standard',
})
const grant = (
  invitationId: number,
  ownerId: number,
  granteeId: number,
  sharedBy: string,
): InvitationAccepted => ({
  invitationId,
  rootInvitationId: invitationId,
  parentInvitationId: null,
  ownerId,
  granteeId,
  inviteeRole: 'guest_owner',
  sharedBy: { name: sharedBy, email: `${sharedBy.toLowerCase()}@example.com` },
  acceptedAt: new Date().toISOString(),
})

const auth = () => testEventBus(context.dependencies.bus, 'auth')
const sharing = () => testEventBus(context.dependencies.bus, 'sharing')

const get = async (url: string, caller = administrator) => {
  const response = await context.app.inject({ method: 'GET', url, headers: as(caller) })
  expect(response.statusCode, response.body).toBe(200)
  return response.body
}
const save = async (name: string, caller = ada) => {
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/assessments',
    headers: as(caller),
    payload: { name, ...discScores },
  })
  expect(response.statusCode).toBe(201)
}

async function collections() {
  const { store } = context.dependencies
  return {
    people: await store.collection('people', { schema: PersonDocumentSchema, idKind: 'uuid' }),
    grants: await store.collection('grants', { schema: GrantDocumentSchema, idKind: 'uuid' }),
    teams: await store.collection('teams', {
      schema: z.object({ ownerId: z.number() }).passthrough(),
      idKind: 'int',
    }),
    assessments: await store.collection('assessments', {
      schema: z.object({ userId: z.number(), name: z.string() }).passthrough(),
      idKind: 'int',
    }),
  }
}

describe('users.deleted.v1 in the profiles service', () => {
  it("forgets the person's profiles, name and grants, once however often it arrives", async () => {
    await auth().publish(createEvent(USERS_CREATED, snapshot(ada.userId, 'Ada', 'Lovelace')), '12')
    await auth().publish(createEvent(USERS_CREATED, snapshot(grace.userId, 'Grace', 'Hopper')), '13')
    await save('Ada Analytical')
    await save('Ada Engine')
    await save('Grace Compiler', grace)
    // The guest sees Ada's and Grace's; Ada sees Grace's.
    await sharing().publish(createEvent(INVITATIONS_ACCEPTED, grant(1, ada.userId, guest.userId, 'Ada')), '1')
    await sharing().publish(
      createEvent(INVITATIONS_ACCEPTED, grant(2, grace.userId, guest.userId, 'Grace')),
      '2',
    )
    await sharing().publish(
      createEvent(INVITATIONS_ACCEPTED, grant(3, grace.userId, ada.userId, 'Grace')),
      '3',
    )
    await expect.poll(async () => get('/api/accessible-profiles', guest)).toContain('Ada Engine')
    await expect.poll(async () => get('/api/accessible-profiles', ada)).toContain('Grace Compiler')
    const graceProfile = JSON.parse(await get('/api/profiles/search?name=Grace%20Compiler', ada)) as {
      match: { id: number }
    }
    const team = await context.app.inject({
      method: 'POST',
      url: '/api/teams',
      headers: as(ada),
      payload: { name: "Ada's team", profileIds: [graceProfile.match.id] },
    })
    expect(team.statusCode, team.body).toBe(201)
    expect(await get('/api/all-profiles')).toContain('ada@example.com')
    expect(await get('/api/profiles/search?name=Ada%20Engine')).toContain('Ada Engine')

    // auth's mark, written before its answer: the guest is refused Ada's profiles at once.
    await context.dependencies.kv.set(deletedUserKey(ada.userId), '1')
    const guestList = await get('/api/accessible-profiles', guest)
    expect(guestList).not.toContain('Ada')
    expect(guestList).toContain('Grace Compiler')

    const deleted: UserDeleted = {
      userId: ada.userId,
      email: 'ada@example.com',
      deletedBy: ada.userId,
      deletedAt: new Date().toISOString(),
    }
    const event = { ...createEvent(USERS_DELETED, deleted), id: 'users-deleted-12-1' }
    await auth().publish(event, '12')
    await auth().publish(event, '12')
    // And once more under another id, as a second publisher might: nothing left to change.
    await auth().publish(createEvent(USERS_DELETED, deleted), '12')

    const stored = await collections()
    await expect.poll(async () => stored.assessments.count({ userId: ada.userId })).toBe(0)
    await expect.poll(async () => get('/api/all-profiles')).not.toContain('Ada')
    for (const text of [
      await get('/api/all-profiles'),
      await get('/api/profiles/search?name=Ada'),
      await get('/api/profiles/search?name=Lovelace'),
      await get('/api/profiles/map'),
      await get('/api/accessible-profiles', guest),
    ]) {
      expect(text).not.toContain('Ada')
      expect(text).not.toContain('ada@example.com')
    }
    expect(await get('/api/all-profiles')).toContain('Grace Compiler')
    expect(await get('/api/accessible-profiles', guest)).toContain('Grace Compiler')
    expect(await stored.people.count({ userId: ada.userId })).toBe(0)
    expect(await stored.grants.count({ $or: [{ ownerId: ada.userId }, { granteeId: ada.userId }] })).toBe(0)
    expect(await stored.grants.count({ invitationId: 2 })).toBe(1)
    expect(await stored.people.count({ userId: grace.userId })).toBe(1)
    expect(await stored.teams.count({ ownerId: ada.userId })).toBe(0)

    // A late announcement of the person, read from another topic, does not bring them back.
    await auth().publish(createEvent(USERS_UPDATED, snapshot(ada.userId, 'Ada', 'Lovelace')), '12')
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(await stored.people.count({ userId: ada.userId })).toBe(0)
  })
})
