import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { hostileValue } from '@app/kit/testing/hostile-values'
import { as, createPerson, saveProfileOf, useSharingProduct } from './support/sharing-product.ts'

const context = useSharingProduct()

describe('fuzzed sharing bodies', () => {
  it('POST /api/invitations and the acceptance never fail with a 5xx, pollute no prototype, and invite nobody', async () => {
    const owner = await createPerson(context, 'standard', 'Fuzz Owner')
    await saveProfileOf(context, owner.identity, owner.name)
    const created = await context.sharing.inject({
      method: 'POST',
      url: '/api/invitations',
      headers: as('sharing', owner.identity),
      payload: { inviteeName: 'Target', inviteeEmail: 'target@example.com' },
    })
    const token = created.json().token as string
    const body = fc.oneof(
      hostileValue,
      fc.record({
        inviteeName: hostileValue,
        inviteeEmail: hostileValue,
        inviteeRole: hostileValue,
        originalOwnerId: hostileValue,
      }),
    )
    await fc.assert(
      fc.asyncProperty(body, fc.boolean(), async (payload, toAccept) => {
        const raw = JSON.stringify(payload) ?? 'null'
        const withProto = raw.startsWith('{') ? raw.replace('{', '{"__proto__":{"polluted":1},') : raw
        const response = await context.sharing.inject({
          method: 'POST',
          url: toAccept ? `/api/invitations/accept/${token}` : '/api/invitations',
          headers: { ...as('sharing', owner.identity), 'content-type': 'application/json' },
          payload: withProto,
        })
        expect(response.statusCode, response.body).toBeLessThan(500)
        expect(response.statusCode).not.toBe(200)
        expect(({} as Record<string, unknown>).polluted).toBeUndefined()
      }),
      { numRuns: 150 },
    )
    const listed = await context.sharing.inject({
      method: 'GET',
      url: '/api/invitations',
      headers: as('sharing', owner.identity),
    })
    expect(listed.json()).toHaveLength(1)
  })
})
