import { describe, expect, it } from 'vitest'
import { USERS_CREATED, USERS_UPDATED, type UserSnapshot } from '@app/contracts/events'
import { createEvent } from '@app/kit/bus/port'
import { identityHeaders, serviceHeaders, testEventBus } from '@app/kit/testing/service-dependencies'
import { buildApp } from '../src/app.ts'
import { ada, administrator, as, prevueScores, useProfilesService } from './support/profiles-app.ts'

const context = useProfilesService()

const disc = (row: number, userId: number, name: string) => ({
  importKey: `job-1:${row}`,
  userId,
  name,
  assessmentType: 'disc' as const,
  dScore: 70,
  iScore: 20,
  sScore: 40,
  cScore: 10,
  primaryType: 'D' as const,
  scoresData: null,
})
const prevueResult = {
  assessmentType: 'prevue' as const,
  dScore: null,
  iScore: null,
  sScore: null,
  cScore: null,
  primaryType: null,
  scoresData: prevueScores(7),
}
const importAssessments = (assessments: object[], headers = serviceHeaders('import', 'profiles')) =>
  context.app.inject({
    method: 'POST',
    url: '/internal/assessments/import',
    headers,
    payload: { assessments },
  })
const get = (url: string, caller = administrator) =>
  context.app.inject({ method: 'GET', url, headers: as(caller) })

describe('POST /internal/assessments/import (import → profiles)', () => {
  it('saves the batch, which lists and search show at once, with no answers and the time of the import', async () => {
    const before = Date.now()
    const response = await importAssessments([
      disc(2, 31, 'Ann Lee'),
      { ...disc(3, 32, 'Bo Quist'), ...prevueResult },
    ])
    expect(response.statusCode, response.body).toBe(200)
    const { results } = response.json()
    expect(results).toEqual([
      { importKey: 'job-1:2', status: 'created', assessmentId: expect.any(Number) },
      { importKey: 'job-1:3', status: 'created', assessmentId: expect.any(Number) },
    ])
    const all = (await get('/api/assessments')).json() as Array<Record<string, unknown>>
    expect(all.map((profile) => profile.name).sort()).toEqual(['Ann Lee', 'Bo Quist'])
    const ann = all.find((profile) => profile.name === 'Ann Lee')!
    expect(ann).toMatchObject({
      id: results[0].assessmentId,
      userId: 31,
      dScore: 70,
      primaryType: 'D',
      answers: [],
    })
    expect(Date.parse(ann.timestamp as string)).toBeGreaterThanOrEqual(before - 1000)
    expect(ann).not.toHaveProperty('importKey')
    const bo = all.find((profile) => profile.name === 'Bo Quist')!
    expect(bo).toMatchObject({
      assessmentType: 'prevue',
      dScore: null,
      iScore: null,
      sScore: null,
      cScore: null,
      primaryType: null,
      scoresData: prevueScores(7),
    })

    const owners = (await get('/api/assessments', { ...ada, userId: 31 })).json()
    expect(owners).toHaveLength(1)
    const search = await get('/api/profiles/search?name=Bo%20Quist')
    expect(search.json().match).toMatchObject({ id: results[1].assessmentId, name: 'Bo Quist' })
  })

  it('refuses a Prevue row with DISC scores and a DISC row without them', async () => {
    const zeros = { ...prevueResult, dScore: 0, iScore: 0, sScore: 0, cScore: 0, primaryType: 'D' }
    for (const row of [zeros, { dScore: null }]) {
      const response = await importAssessments([{ ...disc(2, 31, 'Ann Lee'), ...row }])
      expect(response.statusCode, response.body).toBe(400)
    }
    expect((await get('/api/assessments')).json()).toEqual([])
  })

  it('saves nothing when the same batch is sent again, answering the assessments made the first time', async () => {
    const batch = [disc(2, 31, 'Ann Lee'), disc(3, 32, 'Bo Quist')]
    const first = (await importAssessments(batch)).json().results
    const again = await importAssessments(batch)
    expect(again.statusCode).toBe(200)
    expect(again.json().results).toEqual([
      { importKey: 'job-1:2', status: 'existing', assessmentId: first[0].assessmentId },
      { importKey: 'job-1:3', status: 'existing', assessmentId: first[1].assessmentId },
    ])
    // Two copies racing save each row once as well.
    const racing = [disc(4, 33, 'Cy Dunn')]
    const [one, two] = await Promise.all([importAssessments(racing), importAssessments(racing)])
    expect([one.json().results[0].status, two.json().results[0].status].sort()).toEqual([
      'created',
      'existing',
    ])
    expect((await get('/api/assessments')).json()).toHaveLength(3)
  })

  it('shows the name auth announces for the person, as a profile saved without a name does', async () => {
    await importAssessments([disc(2, 31, 'Ann Lee')])
    const renamed: UserSnapshot = {
      id: 31,
      username: 'ann@example.com',
      email: 'ann@example.com',
      firstName: 'Ann',
      lastName: 'Lee-Park',
      name: 'Ann Lee-Park',
      role: 'standard',
    }
    await testEventBus(context.dependencies.bus, 'auth').publish(createEvent(USERS_CREATED, renamed), '31')
    await expect
      .poll(async () =>
        (await get('/api/assessments')).json().map((profile: { name: string }) => profile.name),
      )
      .toEqual(['Ann Lee-Park'])
  })

  it('keeps the owner auth answered the import with: names, e-mail, and a later announcement wins', async () => {
    const owner: UserSnapshot = {
      id: 31,
      username: 'ann@example.com',
      email: 'ann@example.com',
      firstName: 'Ann',
      lastName: 'Lee',
      name: 'Ann Lee',
      role: 'standard',
    }
    const response = await importAssessments([{ ...disc(2, 31, 'Ann Lee'), owner }])
    expect(response.statusCode, response.body).toBe(200)
    // Sent again (a retried batch), the person stays one.
    expect((await importAssessments([{ ...disc(2, 31, 'Ann Lee'), owner }])).statusCode).toBe(200)
    const listed = (await get('/api/all-profiles')).json()
    expect(listed).toMatchObject([
      { name: 'Ann Lee', sharedBy: { name: 'Ann Lee', email: 'ann@example.com' } },
    ])
    // Profiles holds the person: their own save without a name is named after them.
    const saved = await context.app.inject({
      method: 'POST',
      url: '/api/assessments',
      headers: as({ ...ada, userId: 31, username: 'ann@example.com' }),
      payload: { assessmentType: 'disc', dScore: 1, iScore: 2, sScore: 3, cScore: 4, answers: [] },
    })
    expect(saved.json()).toMatchObject({ userId: 31, name: 'Ann Lee' })
    const renamed = { ...owner, lastName: 'Park', name: 'Ann Park', email: 'ann.park@example.com' }
    await testEventBus(context.dependencies.bus, 'auth').publish(createEvent(USERS_UPDATED, renamed), '31')
    await expect
      .poll(async () => (await get('/api/all-profiles')).json())
      .toMatchObject([
        { name: 'Ann Park', sharedBy: { name: 'Ann Park', email: 'ann.park@example.com' } },
        { name: 'Ann Park', sharedBy: { name: 'Ann Park', email: 'ann.park@example.com' } },
      ])
  })

  it('refuses an owner who is not the account of the row', async () => {
    const owner = {
      id: 32,
      username: 'bo@example.com',
      email: 'bo@example.com',
      firstName: 'Bo',
      lastName: 'Q',
      name: 'Bo Q',
      role: 'standard',
    }
    expect((await importAssessments([{ ...disc(2, 31, 'Ann Lee'), owner }])).statusCode).toBe(400)
  })

  it('is seen by another replica sharing the key-value store on its next request', async () => {
    const replica = await buildApp(context.dependencies)
    try {
      await replica.inject({ method: 'GET', url: '/api/assessments', headers: as(administrator) })
      await importAssessments([disc(2, 31, 'Ann Lee'), disc(3, 32, 'Bo Quist')])
      const seen = await replica.inject({
        method: 'GET',
        url: '/api/assessments',
        headers: as(administrator),
      })
      expect(seen.json()).toHaveLength(2)
    } finally {
      await replica.close()
    }
  })

  it('is refused to another service, to the gateway acting for a user and to a call without a token', async () => {
    const batch = [disc(2, 31, 'Ann Lee')]
    expect((await importAssessments(batch, serviceHeaders('advice', 'profiles'))).statusCode).toBe(403)
    expect((await importAssessments(batch, identityHeaders('profiles', administrator))).statusCode).toBe(403)
    expect((await importAssessments(batch, {})).statusCode).toBe(401)
    expect((await importAssessments(batch, serviceHeaders('import', 'auth'))).statusCode).toBe(401)
    expect((await get('/api/assessments')).json()).toEqual([])
  })

  it('refuses scores outside 0 to 100 and fields the contract does not name', async () => {
    expect((await importAssessments([{ ...disc(2, 31, 'Ann Lee'), dScore: 150 }])).statusCode).toBe(400)
    expect((await importAssessments([{ ...disc(2, 31, 'Ann Lee'), answers: ['D'] }])).statusCode).toBe(400)
    expect((await importAssessments([])).statusCode).toBe(400)
  })
})
