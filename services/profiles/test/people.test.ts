import { describe, expect, it } from 'vitest'
import { createEvent } from '@app/kit/bus/port'
import { testEventBus } from '@app/kit/testing/service-dependencies'
import { USERS_CREATED, USERS_UPDATED, type UserSnapshot } from '@app/contracts/events'
import { createPeopleRepository, PersonDocumentSchema } from '../src/repositories/people-repository.ts'
import {
  ada as adaIdentity,
  administrator,
  as,
  discScores,
  grace,
  useProfilesService,
} from './support/profiles-app.ts'

const context = useProfilesService()

const ada: UserSnapshot = {
  id: 12,
  username: 'ada@example.com',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  name: 'Ada Lovelace',
  role: 'standard',
}

/** The bus as auth publishes on it: its events signed with its key (decision 021). */
const auth = () => testEventBus(context.dependencies.bus, 'auth')
const announce = (type: string, user: UserSnapshot, occurredAt?: string) => {
  const event = createEvent(type, user)
  return auth().publish(occurredAt ? { ...event, occurredAt } : event, String(user.id))
}
const search = async (name: string, caller = adaIdentity) =>
  (
    await context.app.inject({
      method: 'GET',
      url: `/api/profiles/search?name=${encodeURIComponent(name)}`,
      headers: as(caller),
    })
  ).json()
const names = async (caller = adaIdentity) =>
  (await context.app.inject({ method: 'GET', url: '/api/accessible-profiles', headers: as(caller) }))
    .json()
    .map((profile: { name: string }) => profile.name)
const save = async (payload: object, caller = adaIdentity) => {
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/assessments',
    headers: as(caller),
    payload,
  })
  expect(response.statusCode).toBe(201)
  return response.json()
}

describe('the people projection of the profiles service', () => {
  it('keeps the names auth announces, once per person even when the event arrives twice', async () => {
    const people = await createPeopleRepository(context.dependencies.store)
    const event = createEvent(USERS_CREATED, ada)
    await auth().publish(event, '12')
    await auth().publish(event, '12')
    await announce(USERS_CREATED, { ...ada, name: 'Countess Lovelace' })
    await expect.poll(async () => (await people.findByUserId(12))?.name).toBe('Countess Lovelace')
    expect(await people.findByUserId(12)).toMatchObject({
      userId: 12,
      username: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      name: 'Countess Lovelace',
    })
    const stored = await context.dependencies.store.collection('people', {
      schema: PersonDocumentSchema,
      idKind: 'uuid',
    })
    expect(await stored.count({ userId: 12 })).toBe(1)
  })

  it("names each owner with their e-mail in the administrator's list, and follows an edit of it", async () => {
    await announce(USERS_CREATED, ada)
    await expect.poll(async () => (await save({ ...discScores })).name).toBe('Ada Lovelace')
    const sharedBy = async () =>
      (await context.app.inject({ method: 'GET', url: '/api/all-profiles', headers: as(administrator) }))
        .json()
        .map((profile: { sharedBy?: unknown }) => profile.sharedBy)
    expect(await sharedBy()).toEqual([{ name: 'Ada Lovelace', email: 'ada@example.com' }])
    await announce(USERS_UPDATED, { ...ada, email: 'ada.king@example.com' })
    await expect.poll(sharedBy).toEqual([{ name: 'Ada Lovelace', email: 'ada.king@example.com' }])
  })

  it("follows an administrator's edit (users.updated.v1) in the names that lists and search show", async () => {
    await announce(USERS_CREATED, ada)
    await expect.poll(async () => (await save({ ...discScores })).name).toBe('Ada Lovelace')
    await save({ ...discScores, name: 'Named by hand' })
    expect((await search('Ada Lovelace')).match).toMatchObject({ name: 'Ada Lovelace', userId: 12 })

    await announce(USERS_UPDATED, { ...ada, firstName: 'Augusta', name: 'Augusta King' })
    await expect.poll(async () => (await search('Augusta King')).match?.name).toBe('Augusta King')
    expect(await search('Ada Lovelace')).toEqual({ match: null, others: [] })
    // Profiles saved without a name follow; the one named by hand keeps its name.
    expect(new Set(await names())).toEqual(new Set(['Augusta King', 'Named by hand']))
    // A save after the edit takes the new name at once.
    expect((await save({ ...discScores, name: '  ' })).name).toBe('Augusta King')
    // Another person's profiles are untouched.
    await save({ ...discScores }, grace)
    expect(await names(grace)).toEqual(['grace@example.com'])
  })

  it('ignores an announcement older than the names it holds, whatever the order of delivery', async () => {
    await announce(USERS_UPDATED, { ...ada, name: 'Augusta King' }, '2026-02-02T00:00:00.000Z')
    await expect.poll(async () => (await save({ ...discScores })).name).toBe('Augusta King')
    // users.created.v1 of the same account, read later from its own topic, is older.
    await announce(USERS_CREATED, ada, '2026-01-01T00:00:00.000Z')
    await announce(USERS_UPDATED, { ...ada, name: 'Later Name' }, '2026-03-03T00:00:00.000Z')
    await expect.poll(async () => (await search('Later Name')).match?.name).toBe('Later Name')
    const people = await createPeopleRepository(context.dependencies.store)
    expect((await people.findByUserId(12))?.name).toBe('Later Name')
  })
})
