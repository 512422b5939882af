import { describe, expect, it } from 'vitest'
import {
  INVITATIONS_ACCEPTED,
  USERS_UPDATED,
  type InvitationAccepted,
  type UserSnapshot,
} from '@app/contracts/events'
import { generateIdentityKeyPair } from '@app/kit/identity'
import { createEvent, deadLetterTopic, type EventEnvelope } from '@app/kit/bus/index'
import { signEvent } from '@app/kit/bus/signature'
import { TEST_KEYS, testEventBus } from '@app/kit/testing/service-dependencies'
import { createGrantsRepository } from '../src/repositories/grants-repository.ts'
import { createPeopleRepository } from '../src/repositories/people-repository.ts'
import { ada, as, discScores, guest, useProfilesService } from './support/profiles-app.ts'

/**
 * Whoever can write to the bus is not sharing (decision 021): profiles turns an `invitations.accepted.v1` into
 * a grant, and a `users.*` event into the names it shows, only when their publisher signed that very event.
 */
const context = useProfilesService()

const grant = (invitationId: number): InvitationAccepted => ({
  invitationId,
  rootInvitationId: invitationId,
  parentInvitationId: null,
  ownerId: ada.userId,
  granteeId: guest.userId,
  inviteeRole: 'guest_standard',
  sharedBy: { name: 'Ada Lovelace', email: 'ada@example.com' },
  acceptedAt: new Date().toISOString(),
})

const visibleToGuest = async () =>
  (
    await context.app.inject({ method: 'GET', url: '/api/accessible-profiles', headers: as(guest) })
  ).json() as unknown[]

/** Events parked in a topic's dead-letter topic, as a test group sees them. */
async function parkedIn(topic: string) {
  const parked: EventEnvelope[] = []
  await context.dependencies.bus.subscribe(deadLetterTopic(topic), async (event) => void parked.push(event), {
    group: 'test.dead-letters',
  })
  return parked
}

describe('events profiles honours only from their publisher', () => {
  it('grants nothing for an invitations.accepted.v1 that sharing did not sign, and parks each one at once', async () => {
    const saved = await context.app.inject({
      method: 'POST',
      url: '/api/assessments',
      headers: as(ada),
      payload: { name: 'Ada Profile', ...discScores },
    })
    expect(saved.statusCode).toBe(201)
    const parked = await parkedIn(INVITATIONS_ACCEPTED)
    const raw = context.dependencies.bus
    const unsigned = createEvent(INVITATIONS_ACCEPTED, grant(1))
    const byAnotherService = signEvent(createEvent(INVITATIONS_ACCEPTED, grant(2)), TEST_KEYS.auth.privateKey)
    const byAStranger = signEvent(
      createEvent(INVITATIONS_ACCEPTED, grant(3)),
      generateIdentityKeyPair().privateKey,
    )
    const signed = signEvent(createEvent(INVITATIONS_ACCEPTED, grant(4)), TEST_KEYS.sharing.privateKey)
    const altered = { ...signed, id: crypto.randomUUID(), data: { ...grant(4), granteeId: 99 } }
    for (const event of [unsigned, byAnotherService, byAStranger, altered])
      await raw.publish(event, String(event.id))
    await testEventBus(raw, 'sharing').publish(createEvent(INVITATIONS_ACCEPTED, grant(6)), '6')
    // The signed grant is applied; every other was parked on its first attempt, without retries.
    await expect.poll(visibleToGuest).toHaveLength(1)
    await expect
      .poll(() => parked.map((event) => event.id).sort())
      .toEqual([unsigned, byAnotherService, byAStranger, altered].map((event) => event.id).sort())
    const grants = await createGrantsRepository(context.dependencies.store)
    expect((await grants.listActive()).map((active) => active.invitationId)).toEqual([6])
  })

  it('refuses a users.updated.v1 that auth did not sign: the names stay as auth announced them', async () => {
    const people = await createPeopleRepository(context.dependencies.store)
    const person: UserSnapshot = {
      id: 12,
      username: 'ada@example.com',
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      name: 'Ada Lovelace',
      role: 'standard',
    }
    const parked = await parkedIn(USERS_UPDATED)
    const auth = testEventBus(context.dependencies.bus, 'auth')
    await auth.publish(createEvent(USERS_UPDATED, person), '12')
    await expect.poll(async () => (await people.findByUserId(12))?.name).toBe('Ada Lovelace')
    const forged = createEvent(USERS_UPDATED, { ...person, name: 'Mallory', role: 'administrator' })
    await context.dependencies.bus.publish(signEvent(forged, TEST_KEYS.sharing.privateKey), '12')
    await expect.poll(() => parked.map((event) => event.id)).toEqual([forged.id])
    expect((await people.findByUserId(12))?.name).toBe('Ada Lovelace')
  })

  it('publishes only the topics a service owns, signed with its key', async () => {
    const sharing = testEventBus(context.dependencies.bus, 'sharing')
    await expect(sharing.publish(createEvent(USERS_UPDATED, {}), '1')).rejects.toThrow(
      'sharing does not publish users.updated.v1',
    )
  })
})
