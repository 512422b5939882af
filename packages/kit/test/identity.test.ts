import { createSigner } from 'fast-jwt'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createIdentitySigner, createIdentityVerifier } from '../src/identity.ts'

const secret = 'identity-secret-identity-secret-0123'
const identity = {
  userId: '4',
  role: 'guest_owner' as const,
  username: 'gail@example.com',
  mustChangePassword: true,
}

describe('the internal identity token', () => {
  afterEach(() => vi.useRealTimers())

  it('carries the identity from the gateway to the services', () => {
    const verify = createIdentityVerifier(secret)
    expect(verify(createIdentitySigner(secret)(identity))).toEqual(identity)
    expect(verify(createIdentitySigner(secret)(null))).toBeNull()
  })

  it('is refused when missing, signed with another key or algorithm, for another audience, or expired', () => {
    const verify = createIdentityVerifier(secret)
    const claims = { sub: '4', role: 'administrator', username: 'x', iss: 'gateway', aud: 'services' }
    expect(() => verify(undefined)).toThrow()
    expect(() => verify(createIdentitySigner('another-secret-another-secret-0123')(identity))).toThrow()
    expect(() => verify(createSigner({ key: secret, algorithm: 'HS512' })(claims))).toThrow()
    expect(() =>
      verify(createSigner({ key: secret, algorithm: 'HS256' })({ ...claims, aud: 'web' })),
    ).toThrow()
    expect(() =>
      verify(
        `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`,
      ),
    ).toThrow()
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-01-01T00:00:00Z') })
    const token = createIdentitySigner(secret)(identity)
    vi.setSystemTime(new Date('2026-01-01T00:01:01Z'))
    expect(() => createIdentityVerifier(secret)(token)).toThrow()
  })

  it('refuses a token whose role is not one of the four', () => {
    const token = createSigner({ key: secret, algorithm: 'HS256', iss: 'gateway', aud: 'services' })({
      sub: '4',
      role: 'root',
      username: 'x',
    })
    expect(() => createIdentityVerifier(secret)(token)).toThrow()
  })
})
