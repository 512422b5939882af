import { createSigner } from 'fast-jwt'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  createTokenSigner,
  createTokenVerifier,
  generateIdentityKeyPair,
  isEd25519Key,
  publicKeyOf,
} from '../src/identity.ts'
import { TEST_KEYS } from '../src/testing/service-dependencies.ts'

const identity = {
  userId: 4,
  role: 'guest_owner' as const,
  username: 'gail@example.com',
  mustChangePassword: true,
}
const profilesVerifier = () =>
  createTokenVerifier('profiles', {
    gateway: TEST_KEYS.gateway.publicKey,
    advice: TEST_KEYS.advice.publicKey,
  })

describe('tokens between the gateway and the services', () => {
  afterEach(() => vi.useRealTimers())

  it("carry the gateway's user, or nobody, to the service they are addressed to", () => {
    const sign = createTokenSigner('gateway', TEST_KEYS.gateway.privateKey)
    const verify = profilesVerifier()
    expect(verify(sign('profiles', identity))).toEqual({ caller: 'gateway', identity })
    expect(verify(sign('profiles', null))).toEqual({ caller: 'gateway', identity: null })
  })

  it('carry the calling service and the user it acts for', () => {
    const sign = createTokenSigner('advice', TEST_KEYS.advice.privateKey)
    expect(profilesVerifier()(sign('profiles', identity))).toEqual({ caller: 'advice', identity })
  })

  it("refuse a user identity signed with anything but the gateway's key", () => {
    const verify = profilesVerifier()
    // A service's own key, claiming to be the gateway.
    const forged = createTokenSigner('gateway', TEST_KEYS.advice.privateKey)('profiles', identity)
    expect(() => verify(forged)).toThrow()
    // A fresh key nobody knows.
    expect(() =>
      verify(createTokenSigner('gateway', generateIdentityKeyPair().privateKey)('profiles', identity)),
    ).toThrow()
    // A service whose key this service does not hold (sharing does not call profiles).
    expect(() =>
      verify(createTokenSigner('sharing', TEST_KEYS.sharing.privateKey)('profiles', identity)),
    ).toThrow()
  })

  it('refuse a token for another audience, an expired one, one that lives too long, and other algorithms', () => {
    const verify = profilesVerifier()
    const sign = createTokenSigner('gateway', TEST_KEYS.gateway.privateKey)
    expect(() => verify(sign('auth', identity))).toThrow()
    expect(() => verify(undefined)).toThrow()
    const claims = { sub: '4', role: 'administrator', username: 'x', iss: 'gateway', aud: 'profiles' }
    const longLived = createSigner({
      key: TEST_KEYS.gateway.privateKey,
      algorithm: 'EdDSA',
      expiresIn: 3_600_000,
    })
    expect(() => verify(longLived(claims))).toThrow()
    expect(() =>
      verify(createSigner({ key: 'a-shared-secret-a-shared-secret-0123', algorithm: 'HS256' })(claims)),
    ).toThrow()
    expect(() =>
      verify(
        `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`,
      ),
    ).toThrow()
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-01-01T00:00:00Z') })
    const token = sign('profiles', identity)
    vi.setSystemTime(new Date('2026-01-01T00:01:01Z'))
    expect(() => profilesVerifier()(token)).toThrow()
  })

  describe('refuse an issue time in the future, which would let a token outlive its minute', () => {
    const now = Math.floor(Date.now() / 1000)
    const signAt = (caller: 'gateway' | 'advice', iat: number, exp: number) =>
      createSigner({ key: TEST_KEYS[caller].privateKey, algorithm: 'EdDSA' })({
        iss: caller,
        aud: 'profiles',
        sub: '4',
        role: 'administrator',
        username: 'x',
        iat,
        exp,
      })
    const yearSeconds = 365 * 24 * 3600

    it.each(['gateway', 'advice'] as const)('from %s: iat a year ahead with exp = iat + 60', (caller) => {
      expect(() => profilesVerifier()(signAt(caller, now + yearSeconds, now + yearSeconds + 60))).toThrow(
        'token issued in the future',
      )
    })

    it('iat ten seconds ahead is refused; two seconds ahead (clock skew) and now are accepted', () => {
      expect(() => profilesVerifier()(signAt('gateway', now + 10, now + 70))).toThrow(
        'token issued in the future',
      )
      expect(profilesVerifier()(signAt('gateway', now + 2, now + 62)).caller).toBe('gateway')
      expect(profilesVerifier()(signAt('advice', now, now + 60)).caller).toBe('advice')
    })

    it('exp − iat of 61 s is refused, even when the token is otherwise current', () => {
      expect(() => profilesVerifier()(signAt('gateway', now - 1, now + 60))).toThrow('token lives too long')
    })
  })

  it('refuse a token whose role is not one of the four or whose user id is not an integer', () => {
    const sign = createSigner({
      key: TEST_KEYS.gateway.privateKey,
      algorithm: 'EdDSA',
      iss: 'gateway',
      aud: 'profiles',
      expiresIn: 60_000,
    })
    expect(() => profilesVerifier()(sign({ sub: '4', role: 'root', username: 'x' }))).toThrow()
    expect(() =>
      profilesVerifier()(sign({ sub: 'seed-demo', role: 'administrator', username: 'x' })),
    ).toThrow()
  })

  it('tells private keys from public ones', () => {
    const pair = generateIdentityKeyPair()
    expect(isEd25519Key(pair.privateKey, 'private')).toBe(true)
    expect(isEd25519Key(pair.publicKey, 'public')).toBe(true)
    expect(isEd25519Key(pair.privateKey, 'public')).toBe(false)
    expect(isEd25519Key(pair.publicKey, 'private')).toBe(false)
    expect(isEd25519Key('not a key', 'public')).toBe(false)
    expect(publicKeyOf(pair.privateKey)).toBe(pair.publicKey)
  })
})
