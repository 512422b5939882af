import { describe, expect, it } from 'vitest'
import { INVITATIONS_ACCEPTED, USERS_CREATED } from '@app/contracts/events'
import { generateIdentityKeyPair } from '../../src/identity.ts'
import { InvalidEventError } from '../../src/bus/delivery.ts'
import { createEvent, type EventEnvelope } from '../../src/bus/port.ts'
import { isSignedBy, signEvent, verifiedHandler } from '../../src/bus/signature.ts'
import { TEST_KEYS } from '../../src/testing/service-dependencies.ts'

const grant = {
  invitationId: 1,
  ownerId: 12,
  granteeId: 20,
  sharedBy: { name: 'Ada', email: 'ada@example.com' },
}

describe('events signed by their publisher', () => {
  it('verify with the publisher’s public key, whatever the order of the keys of their data', () => {
    const signed = signEvent(createEvent(INVITATIONS_ACCEPTED, grant), TEST_KEYS.sharing.privateKey)
    expect(isSignedBy(signed, TEST_KEYS.sharing.publicKey)).toBe(true)
    // As a consumer reads it back: parsed from JSON, keys in another order.
    const reordered = JSON.parse(
      JSON.stringify({ ...signed, data: Object.fromEntries(Object.entries(grant).reverse()) }),
    )
    expect(isSignedBy(reordered, TEST_KEYS.sharing.publicKey)).toBe(true)
    expect(isSignedBy(signed, TEST_KEYS.auth.publicKey)).toBe(false)
  })

  it.each([
    ['data', { data: { ...grant, granteeId: 21 } }],
    ['id', { id: 'another-id' }],
    ['type', { type: 'access.revoked.v1' }],
    ['occurredAt', { occurredAt: '2020-01-01T00:00:00.000Z' }],
    ['signature', { signature: 'AAAA' }],
  ])('fail once %s is altered', (_field, change) => {
    const signed = signEvent(createEvent(INVITATIONS_ACCEPTED, grant), TEST_KEYS.sharing.privateKey)
    expect(isSignedBy({ ...signed, ...change } as EventEnvelope, TEST_KEYS.sharing.publicKey)).toBe(false)
  })

  it('reach a handler only when the topic’s publisher signed them, for that topic', async () => {
    const seen: string[] = []
    const handler = verifiedHandler(INVITATIONS_ACCEPTED, async (event) => void seen.push(event.id), {
      sharing: TEST_KEYS.sharing.publicKey,
    })
    const good = signEvent(createEvent(INVITATIONS_ACCEPTED, grant), TEST_KEYS.sharing.privateKey)
    await handler(good)
    expect(seen).toEqual([good.id])
    const refused = [
      createEvent(INVITATIONS_ACCEPTED, grant),
      signEvent(createEvent(INVITATIONS_ACCEPTED, grant), TEST_KEYS.auth.privateKey),
      signEvent(createEvent(INVITATIONS_ACCEPTED, grant), generateIdentityKeyPair().privateKey),
      // Signed by sharing, but for another topic: put on this one's stream by hand.
      signEvent(createEvent('access.revoked.v1', grant), TEST_KEYS.sharing.privateKey),
    ]
    for (const event of refused) await expect(handler(event)).rejects.toBeInstanceOf(InvalidEventError)
    expect(seen).toEqual([good.id])
  })

  it('need the key of the topic’s publisher to subscribe at all', () => {
    expect(() =>
      verifiedHandler(USERS_CREATED, async () => {}, { sharing: TEST_KEYS.sharing.publicKey }),
    ).toThrow('no publisher key for events of users.created.v1')
    expect(() => verifiedHandler('tests.unowned.v1', async () => {}, {})).toThrow()
  })
})
