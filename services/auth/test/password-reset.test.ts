import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEmbeddedDependencies } from '@app/kit/testing/service-dependencies'
import { buildApp } from '../src/app.ts'
import { RESET_TOKEN_LIFETIME_MS } from '../src/repositories/reset-tokens-repository.ts'
import { createUsersRepository } from '../src/repositories/users-repository.ts'
import { ADMIN, as, useAuthService } from './support/auth-app.ts'
import { testConfig } from '@app/kit/testing/config'
import { authEnvSchema } from '../src/config.ts'

let clock = Date.now()
const context = useAuthService({ now: () => clock })

const forgot = (email: unknown, headers: Record<string, string> = {}) =>
  context.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    headers: { ...as(null), ...headers },
    payload: { email } as object,
  })
const check = (token: string) =>
  context.app.inject({
    method: 'GET',
    url: `/api/auth/reset-password/${encodeURIComponent(token)}`,
    headers: as(null),
  })
const reset = (token: unknown, newPassword: unknown) =>
  context.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    headers: as(null),
    payload: { token, newPassword } as object,
  })
const login = (password: string) =>
  context.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: as(null),
    payload: { username: ADMIN.email, password },
  })

/** The answer comes before the e-mail (docs/security.md 20): asks for a link and waits for it to be sent. */
async function tokenFromNextEmail(email = ADMIN.email): Promise<string> {
  const before = context.sent.length
  expect((await forgot(email)).statusCode).toBe(200)
  await expect.poll(() => context.sent.length).toBe(before + 1)
  const link = /http:\/\/disc\.test\/reset-password\?token=([\w-]+)/.exec(context.sent.at(-1)?.text ?? '')
  if (!link) throw new Error('no reset link was e-mailed')
  return link[1]!
}

describe('forgot password', () => {
  it("refuses a malformed address with the spec's message", async () => {
    for (const email of ['not-an-address', '', { $ne: null }]) {
      const response = await forgot(email)
      expect(response.statusCode).toBe(400)
      if (typeof email === 'string')
        expect(response.json().message).toBe('Please enter a valid email address')
    }
  })

  it('answers the same whether or not the account exists, and e-mails only a real account', async () => {
    const existing = await forgot(ADMIN.email)
    const missing = await forgot('nobody@example.com')
    expect(existing.statusCode).toBe(200)
    expect(missing.statusCode).toBe(200)
    expect(existing.body).toBe(missing.body)
    const comparable = (headers: Record<string, unknown>) => {
      const { date: _date, 'request-id': _id, ...rest } = headers
      return rest
    }
    expect(comparable(existing.headers)).toEqual(comparable(missing.headers))
    expect(existing.json().resetUrl).toBeUndefined()
    await expect.poll(() => context.sent.length).toBe(1)
    // Give a mistaken e-mail to the unknown address time to show up: none does.
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(context.sent).toHaveLength(1)
    expect(context.sent[0]!.to).toBe(ADMIN.email)
  })

  it('answers known and unknown addresses in the same time (docs/security.md 20)', async () => {
    // Real accounts, each asked once, so the per-account limit never answers instead.
    const users = await createUsersRepository(context.dependencies.store, context.dependencies.kv)
    const known: string[] = []
    for (let index = 0; index < 110; index += 1) {
      const email = `timing${index}@example.com`
      await users.create({
        username: email,
        email,
        firstName: 'Tim',
        lastName: 'Ing',
        name: 'Tim Ing',
        role: 'standard',
        passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA',
        mustChangePassword: false,
      })
      known.push(email)
    }
    const timed = async (email: string) => {
      const started = process.hrtime.bigint()
      const response = await forgot(email)
      const elapsed = Number(process.hrtime.bigint() - started) / 1e6
      expect(response.statusCode).toBe(200)
      // Let the work after the answer finish, so it never lands on the next measurement.
      await new Promise((resolve) => setTimeout(resolve, 3))
      return elapsed
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
    const knownTimes: number[] = []
    const unknownTimes: number[] = []
    for (let index = 0; index < 110; index += 1) {
      const [first, second] = [await timed(known[index]!), await timed(`unknown${index}@example.com`)]
      // The first ten of each warm up the code paths.
      if (index >= 10) {
        knownTimes.push(first)
        unknownTimes.push(second)
      }
    }
    await expect.poll(() => context.sent.length).toBe(110)
    const [knownMedian, unknownMedian] = [median(knownTimes), median(unknownTimes)]
    // Both paths do the same work before answering, so the medians of 100 interleaved tries differ by noise only.
    // Tight enough to fail on the lookup, token and e-mail alone (about 35% slower through inject), and 0.1 ms
    // of slack for a loaded machine.
    const tolerance = Math.max(0.1, 0.15 * Math.max(knownMedian, unknownMedian))
    expect(
      Math.abs(knownMedian - unknownMedian),
      `known ${knownMedian.toFixed(2)} ms, unknown ${unknownMedian.toFixed(2)} ms`,
    ).toBeLessThanOrEqual(tolerance)
  }, 60_000)

  it('builds the link from PUBLIC_URL, never from the Host header', async () => {
    await forgot(ADMIN.email, { host: 'evil.example', 'x-forwarded-host': 'evil.example' })
    await expect.poll(() => context.sent.length).toBe(1)
    expect(context.sent[0]!.text).toContain('http://disc.test/reset-password?token=')
    expect(context.sent[0]!.text).not.toContain('evil.example')
  })

  it('limits requests per address', async () => {
    const statuses = []
    for (let attempt = 0; attempt < 6; attempt += 1)
      statuses.push((await forgot('someone@example.com')).statusCode)
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
  })
})

describe('reset password', () => {
  it('resets once with a valid token, then refuses the same token', async () => {
    const token = await tokenFromNextEmail()
    expect((await check(token)).json()).toEqual({ valid: true, message: 'The reset link is valid' })
    const first = await reset(token, 'a new password')
    expect(first.statusCode).toBe(200)
    expect(first.headers['x-session-revoke-user']).toBe('1')
    expect((await login('a new password')).statusCode).toBe(200)
    expect((await check(token)).json()).toEqual({ valid: false, message: 'Invalid or expired reset link' })
    expect((await reset(token, 'another password')).json().message).toBe('Invalid or expired reset link')
  })

  it('gives exactly one success to concurrent double submits', async () => {
    const token = await tokenFromNextEmail()
    const results = await Promise.all([reset(token, 'first new pass'), reset(token, 'second new pass')])
    expect(results.map((response) => response.statusCode).sort()).toEqual([200, 400])
  })

  it('expires after one hour (fake clock)', async () => {
    const token = await tokenFromNextEmail()
    clock += RESET_TOKEN_LIFETIME_MS + 1
    expect((await check(token)).json().valid).toBe(false)
    expect((await reset(token, 'too late pass')).statusCode).toBe(400)
  })

  it('voids older tokens when a new one is issued', async () => {
    const older = await tokenFromNextEmail()
    const newer = await tokenFromNextEmail()
    expect((await check(older)).json().valid).toBe(false)
    expect((await check(newer)).json().valid).toBe(true)
  })

  it("applies the spec's rules to the new password and the token", async () => {
    const token = await tokenFromNextEmail()
    expect((await reset(token, '12345')).json().message).toBe('Password must be at least 6 characters')
    expect((await reset('', 'long enough')).json().message).toBe('Invalid reset link. No token provided.')
    expect((await reset('made-up-token', 'long enough')).json().message).toBe('Invalid or expired reset link')
    expect((await reset({ $ne: null }, 'long enough')).statusCode).toBe(400)
    expect((await check(token)).json().valid).toBe(true)
  })
})

describe('the reset e-mail over real SMTP', () => {
  const received: string[] = []
  let smtp: SMTPServer
  let port: number
  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let data = ''
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()))
        stream.on('end', () => {
          received.push(data)
          callback()
        })
      },
    })
    smtp.listen(0, '127.0.0.1')
    await once(smtp.server, 'listening')
    port = (smtp.server.address() as AddressInfo).port
  })
  afterAll(async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()))
  })

  it('delivers the link, and following it resets the password', async () => {
    const dependencies = await createEmbeddedDependencies('auth')
    const app = await buildApp({
      ...dependencies,
      announce: () => undefined,
      config: testConfig('auth', authEnvSchema, {
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        PUBLIC_URL: 'http://disc.test',
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        MAIL_FROM: 'DISC <no-reply@disc.test>',
      }),
    })
    try {
      await app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        headers: as(null),
        payload: { email: ADMIN.email },
      })
      await expect.poll(() => received.length).toBe(1)
      const message = received[0]!.replace(/=\r?\n/g, '')
      expect(message).toContain('To: admin@example.com')
      const token = /reset-password\?token=3D([\w-]+)|reset-password\?token=([\w-]+)/.exec(message)
      const value = token![1] ?? token![2]!
      const checkResponse = await app.inject({
        method: 'GET',
        url: `/api/auth/reset-password/${value}`,
        headers: as(null),
      })
      expect(checkResponse.json().valid).toBe(true)
      const resetResponse = await app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        headers: as(null),
        payload: { token: value, newPassword: 'mailed new pass' },
      })
      expect(resetResponse.statusCode).toBe(200)
    } finally {
      await app.close()
      await dependencies.close()
    }
  })

  it('answers the same when the mail server is unreachable', async () => {
    const dependencies = await createEmbeddedDependencies('auth')
    const app = await buildApp({
      ...dependencies,
      announce: () => undefined,
      logger: { level: 'silent' },
      config: testConfig('auth', authEnvSchema, {
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        SMTP_URL: 'smtp://127.0.0.1:1',
      }),
    })
    try {
      const failing = await app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        headers: as(null),
        payload: { email: ADMIN.email },
      })
      const missing = await app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        headers: as(null),
        payload: { email: 'nobody@example.com' },
      })
      expect(failing.statusCode).toBe(200)
      expect(failing.json()).toEqual(missing.json())
    } finally {
      await app.close()
      await dependencies.close()
    }
  })
})

describe('development mode', () => {
  const development = useAuthService({ config: { NODE_ENV: 'development' } })
  it('carries the reset link in the answer', async () => {
    const response = await development.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: as(null),
      payload: { email: ADMIN.email },
    })
    expect(response.json().resetUrl).toMatch(/^http:\/\/disc\.test\/reset-password\?token=[\w-]+$/)
  })
})
