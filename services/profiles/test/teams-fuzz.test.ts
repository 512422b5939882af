import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { hostileValue } from '@app/kit/testing/hostile-values'
import { ada, as, saveAs, useProfilesService } from './support/profiles-app.ts'

const context = useProfilesService()

describe('fuzzed team bodies', () => {
  it('POST and PATCH /api/teams never fail with a 5xx, pollute no prototype, and keep only well-formed teams', async () => {
    const own = await saveAs(context, ada, {
      name: 'Ada Own',
      dScore: 70,
      iScore: 20,
      sScore: 20,
      cScore: 20,
    })
    const created = await context.app.inject({
      method: 'POST',
      url: '/api/teams',
      headers: as(ada),
      payload: { name: 'Target', profileIds: [own] },
    })
    const teamId = (created.json() as { id: number }).id
    const body = fc.oneof(
      hostileValue,
      fc.record({ name: hostileValue, profileIds: hostileValue }),
      fc.record({ name: fc.string(), profileIds: fc.array(hostileValue, { maxLength: 3 }) }),
    )
    await fc.assert(
      fc.asyncProperty(body, fc.boolean(), async (payload, update) => {
        const raw = JSON.stringify(payload) ?? 'null'
        const withProto = raw.startsWith('{') ? raw.replace('{', '{"__proto__":{"polluted":1},') : raw
        const response = await context.app.inject({
          method: update ? 'PATCH' : 'POST',
          url: update ? `/api/teams/${teamId}` : '/api/teams',
          headers: { ...as(ada), 'content-type': 'application/json' },
          payload: withProto,
        })
        expect(response.statusCode, response.body).toBeLessThan(500)
        expect(({} as Record<string, unknown>).polluted).toBeUndefined()
      }),
      { numRuns: 150 },
    )
    const listed = await context.app.inject({ method: 'GET', url: '/api/teams', headers: as(ada) })
    for (const team of (listed.json() as { teams: Array<{ name: string; members: number }> }).teams) {
      expect(team.name.trim()).toBe(team.name)
      expect(team.name.length).toBeGreaterThan(0)
      expect(team.members).toBe(1)
    }
  })
})
