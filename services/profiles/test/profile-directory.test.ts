import { describe, expect, it } from 'vitest'
import { ProfileLookupResponseSchema, ProfileMapResponseSchema } from '@app/contracts/profiles'
import { PREVUE_DIMENSIONS, type PrevueScores } from '@app/domain/prevue'
import type { Identity } from '@app/kit/identity'
import { mapPosition } from '../src/routes/profile-directory-routes.ts'
import { ada, administrator, as, grace, useProfilesService } from './support/profiles-app.ts'

const context = useProfilesService()

const save = (owner: Identity, name: string, scores = { dScore: 70, iScore: 20, sScore: 10, cScore: 0 }) =>
  context.app.inject({
    method: 'POST',
    url: '/api/assessments',
    headers: as(owner),
    payload: { ...scores, name },
  })
const get = (caller: Identity, url: string) => context.app.inject({ method: 'GET', url, headers: as(caller) })

describe('GET /api/profiles/lookup', () => {
  it('pages through the profiles the caller may see, by name, with a cursor', async () => {
    for (const name of ['Zoe Quinn', 'ada Byron', 'Ben Adams', 'Carla Diaz', 'Dan Brown'])
      await save(ada, name)
    await save(grace, 'Adam Secret')
    const pages: string[][] = []
    let cursor: string | null = ''
    while (cursor !== null) {
      const response = await get(ada, `/api/profiles/lookup?limit=2${cursor ? `&cursor=${cursor}` : ''}`)
      expect(response.statusCode).toBe(200)
      const page = ProfileLookupResponseSchema.parse(response.json())
      pages.push(page.items.map((item) => item.name))
      cursor = page.nextCursor
    }
    expect(pages).toEqual([['ada Byron', 'Ben Adams'], ['Carla Diaz', 'Dan Brown'], ['Zoe Quinn']])
    const filtered = ProfileLookupResponseSchema.parse((await get(ada, '/api/profiles/lookup?q=AD')).json())
    expect(filtered.items.map((item) => item.name)).toEqual(['ada Byron', 'Ben Adams'])
    const everyone = ProfileLookupResponseSchema.parse(
      (await get(administrator, '/api/profiles/lookup?q=ad')).json(),
    )
    expect(everyone.items.map((item) => item.name)).toEqual(['ada Byron', 'Adam Secret', 'Ben Adams'])
  })

  it.each([
    ['a regex pattern as text', '/api/profiles/lookup?q=.*', 200],
    ['a limit above the page maximum', '/api/profiles/lookup?limit=51', 400],
    ['a forged cursor', '/api/profiles/lookup?cursor=not-a-cursor', 200],
    ['an over-long search', `/api/profiles/lookup?q=${'a'.repeat(101)}`, 400],
  ])('handles %s', async (_case, url, status) => {
    await save(ada, 'Ada Lovelace')
    const response = await get(ada, url)
    expect(response.statusCode).toBe(status)
    if (status === 200 && url.includes('.*')) expect(response.json().items).toEqual([])
  })
})

describe('GET /api/profiles/map', () => {
  it('places each visible profile by its scores, counts all of them and lists those matching', async () => {
    await save(ada, 'Ada Driver', { dScore: 100, iScore: 0, sScore: 0, cScore: 0 })
    await save(ada, 'Ada Supporter', { dScore: 0, iScore: 0, sScore: 100, cScore: 0 })
    await save(grace, 'Grace Hidden')
    const map = ProfileMapResponseSchema.parse((await get(ada, '/api/profiles/map')).json())
    expect(map.total).toBe(2)
    expect(map.people.map((person) => person.name).sort()).toEqual(['Ada Driver', 'Ada Supporter'])
    expect(map.density.cells.reduce((sum, count) => sum + count, 0)).toBe(2)
    expect(map.density.cells).toHaveLength(map.density.size ** 2)
    const filtered = ProfileMapResponseSchema.parse((await get(ada, '/api/profiles/map?q=driv')).json())
    expect(filtered).toMatchObject({ total: 2, matching: 1 })
    expect(filtered.people).toEqual([
      expect.objectContaining({ name: 'Ada Driver', primaryType: 'D', dScore: 100 }),
    ])
    expect(filtered.people[0]).not.toHaveProperty('userId')
  })

  it('puts each style in its own quadrant', () => {
    const disc = (dScore: number, iScore: number, sScore: number, cScore: number) => ({
      ...base,
      dScore,
      iScore,
      sScore,
      cScore,
    })
    expect(mapPosition(disc(100, 0, 0, 0))).toEqual({ x: -1, y: 1 })
    expect(mapPosition(disc(0, 100, 0, 0))).toEqual({ x: 1, y: 1 })
    expect(mapPosition(disc(0, 0, 100, 0))).toEqual({ x: 1, y: -1 })
    expect(mapPosition(disc(0, 0, 0, 100))).toEqual({ x: -1, y: -1 })
    expect(mapPosition(disc(50, 50, 50, 50))).toEqual({ x: 0, y: 0 })
  })

  it('places a Prevue profile by its derived reading, and one without a result nowhere', () => {
    const prevue = {
      ...base,
      assessmentType: 'prevue' as const,
      dScore: null,
      iScore: null,
      sScore: null,
      cScore: null,
      primaryType: null,
    }
    // Assertive, competitive and independent at the top of the scale, everything else at the bottom: all D.
    const scoresData = Object.fromEntries(
      PREVUE_DIMENSIONS.map((dimension) => [dimension, 1]),
    ) as PrevueScores
    Object.assign(scoresData, {
      submissiveAssertive: 10,
      cooperativeCompetitive: 10,
      diplomaticIndependent: 10,
    })
    const point = mapPosition({ ...prevue, scoresData })!
    expect(point.x).toBeLessThan(-0.5)
    expect(point.y).toBeGreaterThan(0.5)
    expect(mapPosition({ ...prevue, scoresData: null })).toBeNull()
  })
})

const base = {
  id: 1,
  userId: 1,
  name: 'Someone',
  assessmentType: 'disc' as const,
  primaryType: 'D' as const,
  scoresData: null,
  answers: [],
  timestamp: '2026-01-01T00:00:00.000Z',
}
