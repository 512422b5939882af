import { describe, expect, it } from 'vitest'
import { USERS_CREATED } from '@app/contracts/events'
import { createEvent } from '@app/kit/bus/port'
import { testEventBus } from '@app/kit/testing/service-dependencies'
import type { Identity } from '@app/kit/identity'
import {
  ada,
  administrator,
  as,
  discScores,
  grace,
  guest,
  prevueScores,
  useProfilesService,
} from './support/profiles-app.ts'

const context = useProfilesService()

const save = (caller: Identity | null, payload: unknown) =>
  context.app.inject({
    method: 'POST',
    url: '/api/assessments',
    headers: as(caller),
    payload: payload as object,
  })
const list = (caller: Identity | null) =>
  context.app.inject({ method: 'GET', url: '/api/assessments', headers: as(caller) })

describe('POST /api/assessments', () => {
  it('saves a DISC result for the session user, with the primary type and time from the server', async () => {
    const before = Date.now()
    const response = await save(ada, {
      ...discScores,
      assessmentType: 'disc',
      name: '  Ada Lovelace  ',
      primaryType: 'C',
      answers: ['D', 'D', 'D', 'I'],
      timestamp: '1999-01-01T00:00:00.000Z',
      userId: null,
    })
    expect(response.statusCode).toBe(201)
    const saved = response.json()
    expect(saved).toEqual({
      id: 1,
      userId: 12,
      name: 'Ada Lovelace',
      assessmentType: 'disc',
      dScore: 75,
      iScore: 50,
      sScore: 25,
      cScore: 0,
      primaryType: 'D',
      scoresData: null,
      answers: ['D', 'D', 'D', 'I'],
      timestamp: expect.any(String),
    })
    expect(Date.parse(saved.timestamp)).toBeGreaterThanOrEqual(before - 1)
    expect(Date.parse(saved.timestamp)).toBeLessThanOrEqual(Date.now())
  })

  it('resolves ties in the order D, I, S, C and gives integer ids in order', async () => {
    const first = await save(ada, { dScore: 10, iScore: 60, sScore: 60, cScore: 60 })
    const second = await save(ada, { dScore: 40, iScore: 40, sScore: 40, cScore: 40 })
    const third = await save(ada, { dScore: 0, iScore: 0, sScore: 30, cScore: 30 })
    expect([first.json().primaryType, second.json().primaryType, third.json().primaryType]).toEqual([
      'I',
      'D',
      'S',
    ])
    expect([first.json().id, second.json().id, third.json().id]).toEqual([1, 2, 3])
    expect(first.json().assessmentType).toBe('disc')
  })

  it('saves a Prevue result with its dimensions and no DISC scores, which it never measured', async () => {
    const scoresData = prevueScores(5.5, { generalAbility: 8.3, workingWithPeople: 10, emotionalStable: 1 })
    const response = await save(ada, {
      assessmentType: 'prevue',
      scoresData,
      answers: ['q1-b', 'q2-a', 'q3-d'],
    })
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject({
      assessmentType: 'prevue',
      dScore: null,
      iScore: null,
      sScore: null,
      cScore: null,
      primaryType: null,
      scoresData,
      answers: ['q1-b', 'q2-a', 'q3-d'],
    })
    // DISC scores sent beside a Prevue result are not kept: they would be shown as if measured.
    const withScores = await save(ada, { assessmentType: 'prevue', scoresData, sScore: 70, cScore: 20 })
    expect(withScores.statusCode).toBe(201)
    expect(withScores.json()).toMatchObject({ sScore: null, cScore: null, primaryType: null, scoresData })
  })

  it("names the profile after its owner when no name is given, from auth's announcement", async () => {
    const announced = {
      id: 12,
      username: 'ada@example.com',
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      name: 'Ada Lovelace',
      role: 'standard' as const,
    }
    await testEventBus(context.dependencies.bus, 'auth').publish(createEvent(USERS_CREATED, announced), '12')
    // Each try saves another profile; the announced name is used once the projection has it.
    await expect
      .poll(async () => (await save(ada, { ...discScores, name: '   ' })).json().name)
      .toBe('Ada Lovelace')
    // Without an announcement for the user, the session's username stands in.
    expect((await save(grace, discScores)).json().name).toBe('grace@example.com')
  })

  it('ignores owner, id and role sent in the body (docs/security.md 16)', async () => {
    const response = await save(ada, {
      ...discScores,
      userId: 13,
      ownerId: 13,
      id: 999,
      _id: 'abc',
      role: 'administrator',
      accessType: 'shared',
    })
    expect(response.statusCode).toBe(201)
    const saved = response.json()
    expect(saved.userId).toBe(12)
    expect(saved.id).toBe(1)
    expect(Object.keys(saved).sort()).toEqual(
      [
        'answers',
        'assessmentType',
        'cScore',
        'dScore',
        'iScore',
        'id',
        'name',
        'primaryType',
        'sScore',
        'scoresData',
        'timestamp',
        'userId',
      ].sort(),
    )
    expect((await list(grace)).json()).toEqual([])
  })

  it('refuses guests, who only view, and anonymous callers', async () => {
    const asGuest = await save(guest, discScores)
    // The route lists the roles that save; the service shell refuses the others (docs/architecture.md, Identity).
    expect(asGuest.statusCode).toBe(403)
    expect(asGuest.json()).toEqual({
      code: 'PROFILES_FORBIDDEN',
      message: 'You do not have access to this resource',
    })
    expect((await save(null, discScores)).statusCode).toBe(401)
    expect(
      (await context.app.inject({ method: 'POST', url: '/api/assessments', payload: discScores })).statusCode,
    ).toBe(401)
    expect((await list(administrator)).json()).toEqual([])
  })

  const invalid: Array<[string, unknown, string]> = [
    [
      'a score above 100',
      { ...discScores, dScore: 101 },
      'dScore: Scores must be whole numbers from 0 to 100',
    ],
    ['a negative score', { ...discScores, iScore: -1 }, 'iScore: Scores must be whole numbers from 0 to 100'],
    [
      'a fractional score',
      { ...discScores, sScore: 50.5 },
      'sScore: Scores must be whole numbers from 0 to 100',
    ],
    [
      'a score as text',
      { ...discScores, cScore: '50' },
      'cScore: Scores must be whole numbers from 0 to 100',
    ],
    ['an operator object', { ...discScores, dScore: { $gt: 0 } }, 'dScore: Scores must be whole numbers'],
    ['a missing DISC score', { dScore: 1, iScore: 2, sScore: 3 }, 'cScore: Scores must be whole numbers'],
    ['an unknown type', { ...discScores, assessmentType: 'mbti' }, 'assessmentType: Invalid option'],
    ['a name as an operator', { ...discScores, name: { $ne: null } }, 'name: The name must be text'],
    [
      'an oversized name',
      { ...discScores, name: 'x'.repeat(101) },
      'name: Names are limited to 100 characters',
    ],
    [
      'a DISC answer that is no type letter',
      { ...discScores, answers: ['D', 'X'] },
      'answers.1: DISC answers',
    ],
    ['answers that are not a list', { ...discScores, answers: 'DISC' }, 'answers: Answers must be a list'],
    ['too many answers', { ...discScores, answers: Array(51).fill('D') }, 'answers: At most 50 answers'],
    ['an answer as an object', { ...discScores, answers: [{ $gt: '' }] }, 'answers.0: Answers must be text'],
    ['an invalid primary type', { ...discScores, primaryType: 'X' }, 'primaryType: Invalid option'],
    ['a Prevue result without scores', { assessmentType: 'prevue' }, 'scoresData: A Prevue assessment needs'],
    [
      'a Prevue sten above 10',
      { assessmentType: 'prevue', scoresData: prevueScores(5, { workingWithData: 11 }) },
      'scoresData.workingWithData: Prevue scores must be from 1 to 10 with at most one decimal',
    ],
    [
      'a Prevue sten below 1',
      { assessmentType: 'prevue', scoresData: prevueScores(5, { reservedOutgoing: 0 }) },
      'scoresData.reservedOutgoing: Prevue scores must be from 1 to 10',
    ],
    [
      'a Prevue sten with two decimals',
      { assessmentType: 'prevue', scoresData: prevueScores(5, { restlessPoised: 5.25 }) },
      'scoresData.restlessPoised: Prevue scores must be from 1 to 10 with at most one decimal',
    ],
    [
      'a Prevue dimension missing',
      { assessmentType: 'prevue', scoresData: { generalAbility: 5 } },
      'scoresData.workingWithNumbers: Prevue scores',
    ],
    [
      'a Prevue DISC score out of range',
      { assessmentType: 'prevue', scoresData: prevueScores(), dScore: 150 },
      'dScore: Scores must be whole numbers',
    ],
    ['a body that is a list', [discScores], 'Invalid input'],
  ]

  it.each(invalid)(
    'answers 400 for %s, with a clear message, and stores nothing',
    async (_case, body, message) => {
      const response = await save(ada, body)
      expect(response.statusCode).toBe(400)
      expect(response.json().code).toBe('PROFILES_INVALID_INPUT')
      expect(response.json().message).toContain(message)
      expect((await list(ada)).json()).toEqual([])
    },
  )

  it('answers 400 for a body that is not JSON, and stores nothing', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/assessments',
      headers: { ...as(ada), 'content-type': 'application/json' },
      payload: '{"dScore": ',
    })
    expect(response.statusCode).toBe(400)
    expect((await list(ada)).json()).toEqual([])
  })
})

describe("POST /api/assessments with the spec's client bodies (docs/requirements.md sections 3 and 7)", () => {
  const timestamp = '2026-03-01T09:30:00.000Z'
  const specBodies: Array<[string, Record<string, unknown>, Record<string, unknown>]> = [
    [
      'the DISC flow, whose scoresData holds the four percentages',
      {
        timestamp,
        assessmentType: 'disc',
        dScore: 50,
        iScore: 25,
        sScore: 25,
        cScore: 0,
        primaryType: 'D',
        scoresData: { D: 50, I: 25, S: 25, C: 0 },
        answers: ['D', 'I', 'S', 'D'],
        userId: null,
      },
      { dScore: 50, iScore: 25, sScore: 25, cScore: 0, primaryType: 'D', scoresData: null },
    ],
    [
      'the DISC flow with a name',
      {
        timestamp,
        assessmentType: 'disc',
        dScore: 0,
        iScore: 25,
        sScore: 75,
        cScore: 0,
        primaryType: 'S',
        scoresData: { D: 0, I: 25, S: 75, C: 0 },
        answers: ['S', 'S', 'I', 'S'],
        userId: null,
        name: 'Ada Lovelace',
      },
      { name: 'Ada Lovelace', sScore: 75, primaryType: 'S', scoresData: null },
    ],
    [
      'score entry: four answers derived from the sliders, scoresData null',
      {
        timestamp,
        assessmentType: 'disc',
        dScore: 60,
        iScore: 40,
        sScore: 30,
        cScore: 70,
        primaryType: 'C',
        scoresData: null,
        answers: ['D', 'D', 'I', 'C'],
        userId: null,
        name: 'Grace',
      },
      { name: 'Grace', cScore: 70, primaryType: 'C', answers: ['D', 'D', 'I', 'C'] },
    ],
    [
      'a DISC result given only as scoresData percentages',
      {
        timestamp,
        assessmentType: 'disc',
        scoresData: { D: 0, I: 100, S: 0, C: 0 },
        answers: ['I', 'I', 'I', 'I'],
      },
      { dScore: 0, iScore: 100, sScore: 0, cScore: 0, primaryType: 'I', scoresData: null },
    ],
    [
      'Prevue with the 20 dimensions and no DISC scores or primary type',
      {
        timestamp,
        assessmentType: 'prevue',
        scoresData: prevueScores(5.5, { generalAbility: 7.3, reservedOutgoing: 1 }),
        answers: ['prevue-1-numbers', 'prevue-2-people'],
        userId: null,
      },
      {
        assessmentType: 'prevue',
        dScore: null,
        iScore: null,
        sScore: null,
        cScore: null,
        primaryType: null,
        scoresData: prevueScores(5.5, { generalAbility: 7.3, reservedOutgoing: 1 }),
      },
    ],
    [
      'Prevue with zero DISC scores and a null primary type',
      {
        timestamp,
        assessmentType: 'prevue',
        dScore: 0,
        iScore: 0,
        sScore: 0,
        cScore: 0,
        primaryType: null,
        scoresData: prevueScores(),
        answers: [],
        userId: null,
      },
      { assessmentType: 'prevue', dScore: null, primaryType: null, scoresData: prevueScores() },
    ],
  ]

  it.each(specBodies)('accepts %s', async (_case, body, expected) => {
    const response = await save(ada, body)
    expect(response.statusCode).toBe(201)
    const saved = response.json()
    expect(saved).toMatchObject({ userId: 12, ...expected })
    // The owner and time are the server's, never the body's.
    expect(saved.timestamp).not.toBe(timestamp)
    expect((await list(ada)).json()).toEqual([saved])
  })

  it('refuses DISC percentages that contradict the scores, or that are not D, I, S and C', async () => {
    const contradicting = await save(ada, { ...discScores, scoresData: { D: 75, I: 50, S: 25, C: 10 } })
    expect(contradicting.statusCode).toBe(400)
    expect(contradicting.json().message).toContain('scoresData.C (10) differs from cScore (0)')
    const misshapen = await save(ada, { ...discScores, scoresData: { D: 75, I: 50, S: 25 } })
    expect(misshapen.statusCode).toBe(400)
    expect(misshapen.json().message).toContain('scoresData.C: Scores must be whole numbers from 0 to 100')
    const prevueForDisc = await save(ada, { ...discScores, scoresData: prevueScores() })
    expect(prevueForDisc.statusCode).toBe(400)
    const discForPrevue = await save(ada, {
      assessmentType: 'prevue',
      scoresData: { D: 1, I: 2, S: 3, C: 4 },
    })
    expect(discForPrevue.statusCode).toBe(400)
    expect(discForPrevue.json().message).toContain('scoresData.generalAbility: Prevue scores')
    expect((await list(ada)).json()).toEqual([])
  })
})

describe('GET /api/assessments', () => {
  it("lists the caller's own assessments newest first; administrators see everyone's", async () => {
    const names = async (caller: Identity) => (await list(caller)).json().map((p: { name: string }) => p.name)
    // Read first, so the lists below must reflect the saves made after it.
    expect(await names(ada)).toEqual([])
    expect(await names(administrator)).toEqual([])
    await save(ada, { ...discScores, name: 'Ada one' })
    await save(grace, { ...discScores, name: 'Grace one' })
    await save(ada, { ...discScores, name: 'Ada two' })
    await save(administrator, { ...discScores, name: 'Admin one' })
    expect(await names(ada)).toEqual(['Ada two', 'Ada one'])
    expect(await names(grace)).toEqual(['Grace one'])
    expect(await names(guest)).toEqual([])
    expect(await names(administrator)).toEqual(['Admin one', 'Ada two', 'Grace one', 'Ada one'])
    expect((await list(null)).statusCode).toBe(401)
  })
})
