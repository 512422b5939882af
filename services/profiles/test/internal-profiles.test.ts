import { describe, expect, it } from 'vitest'
import type { Identity } from '@app/kit/identity'
import { identityHeaders, serviceHeaders } from '@app/kit/testing/service-dependencies'
import { ada, administrator, as, discScores, grace, useProfilesService } from './support/profiles-app.ts'

const context = useProfilesService()

const save = async (caller: Identity, name: string) =>
  (
    await context.app.inject({
      method: 'POST',
      url: '/api/assessments',
      headers: as(caller),
      payload: { ...discScores, name },
    })
  ).json() as { id: number }
const load = (headers: Record<string, string>, id: number | string) =>
  context.app.inject({ method: 'GET', url: `/internal/profiles/${id}`, headers })
const forbidden = { code: 'PROFILES_FORBIDDEN', message: 'You do not have access to this profile' }

describe('GET /internal/profiles/:id (advice, acting for a user)', () => {
  it("answers a profile the user may see, with that user's access type", async () => {
    const adas = await save(ada, 'Ada Lovelace')
    await save(grace, 'Grace Hopper')
    const response = await load(serviceHeaders('advice', 'profiles', ada), adas.id)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      id: adas.id,
      name: 'Ada Lovelace',
      userId: 12,
      accessType: 'owner',
    })
    const asAdministrator = await load(serviceHeaders('advice', 'profiles', administrator), adas.id)
    expect(asAdministrator.json()).toMatchObject({
      id: adas.id,
      accessType: 'shared',
      sharedBy: { name: 'Ada Lovelace' },
      visibleAs: 'administrator',
    })
  })

  it('answers 403 alike for a profile the user may not see and for a missing id', async () => {
    const graces = await save(grace, 'Grace Hopper')
    for (const id of [graces.id, 999]) {
      const response = await load(serviceHeaders('advice', 'profiles', ada), id)
      expect(response.statusCode).toBe(403)
      expect(response.json()).toEqual(forbidden)
    }
    // Acting for nobody sees nothing.
    expect((await load(serviceHeaders('advice', 'profiles', null), graces.id)).statusCode).toBe(403)
  })

  it('refuses a token signed by the gateway or by a service the route does not list', async () => {
    const adas = await save(ada, 'Ada Lovelace')
    const fromGateway = await load(identityHeaders('profiles', ada), adas.id)
    expect(fromGateway.statusCode).toBe(403)
    expect(fromGateway.json().code).toBe('PROFILES_FORBIDDEN')
    // Sharing calls profiles, but not this route.
    expect((await load(serviceHeaders('sharing', 'profiles', ada), adas.id)).statusCode).toBe(403)
    expect((await load(serviceHeaders('import', 'profiles', ada), adas.id)).statusCode).toBe(403)
    // A token for another audience is no token for profiles.
    expect((await load(serviceHeaders('advice', 'auth', ada), adas.id)).statusCode).toBe(401)
    expect((await load({}, adas.id)).statusCode).toBe(401)
  })
})

describe('GET /internal/profiles/owned (sharing, acting for an inviter)', () => {
  const owned = (headers: Record<string, string>) =>
    context.app.inject({ method: 'GET', url: '/internal/profiles/owned', headers })

  it('counts the profiles the user owns, never those shared with them or seen as administrator', async () => {
    expect((await owned(serviceHeaders('sharing', 'profiles', ada))).json()).toEqual({ owned: 0 })
    await save(ada, 'Ada Lovelace')
    await save(ada, 'Ada again')
    await save(grace, 'Grace Hopper')
    expect((await owned(serviceHeaders('sharing', 'profiles', ada))).json()).toEqual({ owned: 2 })
    expect((await owned(serviceHeaders('sharing', 'profiles', administrator))).json()).toEqual({ owned: 0 })
  })

  it('answers sharing only, and only acting for a user', async () => {
    expect((await owned(serviceHeaders('advice', 'profiles', ada))).statusCode).toBe(403)
    expect((await owned(identityHeaders('profiles', ada))).statusCode).toBe(403)
    expect((await owned(serviceHeaders('sharing', 'profiles', null))).statusCode).toBe(403)
    expect((await owned({})).statusCode).toBe(401)
  })
})
