import { describe, expect, it } from 'vitest'
import { CLIENT_ADDRESS_HEADER } from '@app/kit/client-address'
import { ADMIN, adminIdentity, as, useAuthService } from './support/auth-app.ts'

/**
 * Guessing limits an attacker cannot turn against the owner (issue 26, finding 7; decision 022): a hard limit
 * per account and address, and an account-wide limit that delays unknown addresses instead of locking.
 */
const context = useAuthService()

const OWNER_ADDRESS = '198.51.100.7'

const loginFrom = (address: string, password: string, username = ADMIN.email) =>
  context.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { ...as(null), [CLIENT_ADDRESS_HEADER]: address },
    payload: { username, password },
  })

/** A 429 with the spec's shape and a Retry-After of at most `maxSeconds`; the seconds it says. */
function expectWait(response: Awaited<ReturnType<typeof loginFrom>>, maxSeconds: number): number {
  expect(response.statusCode, response.body).toBe(429)
  expect(response.json()).toMatchObject({ code: 'AUTH_TOO_MANY_ATTEMPTS' })
  expect(response.json().message).toMatch(
    /^Too many attempts\. Please try again in \d+ (second|minute)\(s\)\.$/,
  )
  const seconds = Number(response.headers['retry-after'])
  expect(Number.isInteger(seconds)).toBe(true)
  expect(seconds).toBeGreaterThan(0)
  expect(seconds).toBeLessThanOrEqual(maxSeconds)
  return seconds
}

describe('login throttling', () => {
  it('stops one address after ten failures on an account, while the owner signs in from theirs', async () => {
    expect((await loginFrom(OWNER_ADDRESS, ADMIN.password)).statusCode).toBe(200)
    for (let attempt = 0; attempt < 10; attempt += 1)
      expect((await loginFrom('203.0.113.9', `guess ${attempt}`)).statusCode).toBe(401)
    const seconds = expectWait(await loginFrom('203.0.113.9', 'guess 10'), 15 * 60)
    expect(seconds).toBeGreaterThan(14 * 60)
    // Even the right password waits from there: the address is out of guesses, not the account.
    expectWait(await loginFrom('203.0.113.9', ADMIN.password), 15 * 60)
    expect((await loginFrom(OWNER_ADDRESS, ADMIN.password)).statusCode).toBe(200)
    // An address that never signed in is not locked out by another's guesses either.
    expect((await loginFrom('192.0.2.44', ADMIN.password)).statusCode).toBe(200)
  })

  it('lets the owner sign in from their address while a brute force runs from many others', async () => {
    expect((await loginFrom(OWNER_ADDRESS, ADMIN.password)).statusCode).toBe(200)
    const statuses: number[] = []
    const waits: number[] = []
    for (let attempt = 0; attempt < 40; attempt += 1) {
      const response = await loginFrom(`203.0.113.${attempt + 1}`, `guess ${attempt}`)
      statuses.push(response.statusCode)
      if (response.statusCode === 429) waits.push(expectWait(response, 60))
      if (attempt % 8 === 0) {
        // The owner, in the middle of the attack, from their own address.
        const owner = await loginFrom(OWNER_ADDRESS, ADMIN.password)
        expect(owner.statusCode, `owner during attempt ${attempt}`).toBe(200)
      }
    }
    // Twenty failures go free; after them the account admits unknown addresses one per growing delay.
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true)
    expect(statuses.slice(20).filter((status) => status === 401).length).toBeLessThanOrEqual(2)
    expect(waits.length).toBeGreaterThanOrEqual(18)
    // It delays, it does not lock: the owner, from an address the account does not know yet, waits seconds.
    const fromNewPlace = await loginFrom('192.0.2.80', ADMIN.password)
    if (fromNewPlace.statusCode !== 200) expectWait(fromNewPlace, 60)
    expect((await loginFrom(OWNER_ADDRESS, ADMIN.password)).statusCode).toBe(200)
  })

  it('counts the address the gateway passed on, whatever hops a proxy after it appended', async () => {
    const statuses: number[] = []
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: {
          ...as(null),
          [CLIENT_ADDRESS_HEADER]: `203.0.113.50, 10.9.0.${attempt}`,
        },
        payload: { username: ADMIN.email, password: 'wrong' },
      })
      statuses.push(response.statusCode)
    }
    expect(statuses.slice(10)).toEqual([429, 429])
  })

  it('throttles guesses of the current password per address too, with Retry-After', async () => {
    const change = (address: string, currentPassword: string) =>
      context.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: { ...as(adminIdentity), [CLIENT_ADDRESS_HEADER]: address },
        payload: { currentPassword, newPassword: 'brand new pass 1' },
      })
    for (let attempt = 0; attempt < 10; attempt += 1)
      expect((await change('203.0.113.60', `guess ${attempt}`)).statusCode).toBe(400)
    expectWait(await change('203.0.113.60', 'guess 10'), 15 * 60)
    expect((await loginFrom(OWNER_ADDRESS, ADMIN.password)).statusCode).toBe(200)
  })

  it('limits reset e-mails per address, then spaces them for the mailbox, always with Retry-After', async () => {
    const forgot = (address: string) =>
      context.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        headers: { ...as(null), [CLIENT_ADDRESS_HEADER]: address },
        payload: { email: 'someone@example.com' },
      })
    for (let attempt = 0; attempt < 5; attempt += 1)
      expect((await forgot('203.0.113.70')).statusCode).toBe(200)
    expectWait(await forgot('203.0.113.70'), 60 * 60)
    const others: number[] = []
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const response = await forgot(`203.0.113.${80 + attempt}`)
      others.push(response.statusCode)
      if (response.statusCode === 429) expectWait(response, 10 * 60)
    }
    // Ten requests reach the mailbox freely; then one per delay.
    expect(others.filter((status) => status === 200).length).toBeLessThanOrEqual(6)
    expect(others.slice(0, 5).every((status) => status === 200)).toBe(true)
  })
})
