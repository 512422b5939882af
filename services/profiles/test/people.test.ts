import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createEvent } from '@app/kit/bus/port'
import { USERS_CREATED, type UserCreated } from '@app/contracts/events'
import { createEmbeddedDependencies } from '@app/kit/testing/service-dependencies'
import { buildApp } from '../src/app.ts'
import { createPeopleRepository } from '../src/repositories/people-repository.ts'

let dependencies: Awaited<ReturnType<typeof createEmbeddedDependencies>>
beforeEach(async () => {
  dependencies = await createEmbeddedDependencies()
})
afterEach(async () => {
  await dependencies.close()
})

const ada: UserCreated = {
  id: '12',
  username: 'ada@example.com',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  name: 'Ada Lovelace',
  role: 'standard',
}

describe('the people projection of the profiles service', () => {
  it('keeps the names auth announces, once per person even when the event arrives twice', async () => {
    const app = await buildApp(dependencies)
    const people = await createPeopleRepository(dependencies.store)
    const event = createEvent(USERS_CREATED, ada)
    await dependencies.bus.publish(event, ada.id)
    await dependencies.bus.publish(event, ada.id)
    await dependencies.bus.publish(createEvent(USERS_CREATED, { ...ada, name: 'Countess Lovelace' }), ada.id)
    await expect.poll(async () => (await people.findByUserId('12'))?.name).toBe('Countess Lovelace')
    expect(await people.findByUserId('12')).toMatchObject({
      userId: '12',
      username: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      name: 'Countess Lovelace',
    })
    const stored = await dependencies.store.collection('people', {
      schema: (await import('../src/repositories/people-repository.ts')).PersonDocumentSchema,
      idKind: 'uuid',
    })
    expect(await stored.count({ userId: '12' })).toBe(1)
    await app.close()
  })
})
