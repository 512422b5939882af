import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SESSION_COOKIE, type Account } from '../../src/api.ts'
import { useProduct } from '../../src/fixture.ts'
import { linkSentTo } from '../../src/outbox.ts'
import { root } from '../deployment/workspace.ts'

/**
 * Every 429 of every part of the product carries Retry-After, through the gateway (issue 26, finding 7;
 * decision 022). Each source of a 429 is driven past its limit from addresses of its own: the gateway
 * believes X-Forwarded-For from this machine only because TRUSTED_PROXIES says so, and it passes on the
 * address it believes to the services.
 */
const fixture = useProduct({
  TRUSTED_PROXIES: '127.0.0.1',
  RATE_LIMIT_MAX: '150',
  CREDENTIAL_RATE_LIMIT_MAX: '30',
  AI_RATE_LIMIT: '2',
})

interface CallOptions {
  body?: unknown
  /** The client address the test's "proxy" reports. */
  from: string
  session?: Account
}

async function call(method: string, path: string, { body, from, session }: CallOptions) {
  const headers: Record<string, string> = {
    accept: 'application/json',
    origin: new URL(fixture.product.url).origin,
    'x-forwarded-for': from,
  }
  if (body !== undefined) headers['content-type'] = 'application/json'
  if (session) headers.cookie = `${SESSION_COOKIE}=${session.session.sessionToken}`
  const response = await fetch(new URL(path, fixture.product.url), {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await response.text()
  return { status: response.status, retryAfter: response.headers.get('retry-after'), text }
}
type Answer = Awaited<ReturnType<typeof call>>

/** Repeats `attempt` until it answers 429 (at most `limit` times) and returns that answer. */
async function until429(limit: number, attempt: (index: number) => Promise<Answer>): Promise<Answer> {
  for (let index = 0; index < limit; index += 1) {
    const answer = await attempt(index)
    if (answer.status === 429) return answer
    expect(answer.status, answer.text).toBeLessThan(500)
  }
  throw new Error(`no 429 within ${limit} attempts`)
}

function expectRetryAfter(answer: Answer, code: string, maxSeconds: number) {
  expect(answer.status).toBe(429)
  expect(JSON.parse(answer.text)).toMatchObject({ code })
  expect(answer.retryAfter, `Retry-After of ${code}`).toMatch(/^\d+$/)
  const seconds = Number(answer.retryAfter)
  expect(seconds).toBeGreaterThan(0)
  expect(seconds).toBeLessThanOrEqual(maxSeconds)
}

/** The files that answer 429 today; a new one must join the table below (and this list). */
const FILES_THAT_ANSWER_429 = [
  'gateway/src/plugins/rate-limit.ts',
  'services/advice/src/errors.ts',
  'services/auth/src/errors.ts',
]

/**
 * Files that mention 429 only to declare answers, to add Retry-After to any 429 (the kit's error handler) or
 * to pass a called service's 429 on (the service client: the invitation case below goes through it).
 */
const NAMING_429_ONLY = [
  'packages/kit/src/api-route.ts',
  'packages/kit/src/errors.ts',
  'packages/kit/src/service-client.ts',
  'services/auth/src/routes/internal/guest-account-routes.ts',
]

const serviceSources = () =>
  readdirSync(join(root, 'services'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `services/${entry.name}/src`)

describe('every 429 carries Retry-After', () => {
  it('knows every place that answers 429', () => {
    const sources = ['gateway/src', 'packages/kit/src', ...serviceSources()]
    const answering = sources
      .flatMap((folder) =>
        readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
          .filter((file) => file.endsWith('.ts'))
          .map((file) => `${folder}/${file}`),
      )
      .filter((file) => /\b429\b/.test(readFileSync(join(root, file), 'utf8')))
      // These only name the status in declared answers and the error handler; they answer no 429 themselves.
      .filter((file) => !NAMING_429_ONLY.includes(file))
    expect(answering.sort()).toEqual(FILES_THAT_ANSWER_429)
  })

  it('gateway: every API call of one address', async () => {
    const answer = await until429(200, () => call('GET', '/api/health', { from: '192.0.2.1' }))
    expectRetryAfter(answer, 'GATEWAY_RATE_LIMITED', 60)
  })

  it('gateway: credential calls of one address', async () => {
    const answer = await until429(40, () =>
      call('POST', '/api/auth/reset-password', {
        from: '192.0.2.2',
        body: { token: 'not-a-token', newPassword: 'whatever 1' },
      }),
    )
    expectRetryAfter(answer, 'GATEWAY_RATE_LIMITED', 15 * 60)
  })

  it('auth: logins of one address on one account, while another address still signs in', async () => {
    const owner = await fixture.createAccount('standard', { firstName: 'Limit', lastName: 'Pair' })
    const answer = await until429(12, (index) =>
      call('POST', '/api/auth/login', {
        from: '192.0.2.3',
        body: { username: owner.username, password: `guess ${index}` },
      }),
    )
    expectRetryAfter(answer, 'AUTH_TOO_MANY_ATTEMPTS', 15 * 60)
    const fromOwner = await call('POST', '/api/auth/login', {
      from: '192.0.2.4',
      body: { username: owner.username, password: owner.password },
    })
    expect(fromOwner.status, fromOwner.text).toBe(200)
  })

  it('auth: logins on one account from many addresses it does not know', async () => {
    const owner = await fixture.createAccount('standard', { firstName: 'Limit', lastName: 'Account' })
    await call('POST', '/api/auth/login', {
      from: '198.51.100.9',
      body: { username: owner.username, password: owner.password },
    })
    const answer = await until429(30, (index) =>
      call('POST', '/api/auth/login', {
        from: `203.0.113.${index + 1}`,
        body: { username: owner.username, password: `guess ${index}` },
      }),
    )
    expectRetryAfter(answer, 'AUTH_TOO_MANY_ATTEMPTS', 60)
    const fromOwner = await call('POST', '/api/auth/login', {
      from: '198.51.100.9',
      body: { username: owner.username, password: owner.password },
    })
    expect(fromOwner.status, fromOwner.text).toBe(200)
  })

  it('auth: reset e-mails asked for from one address', async () => {
    const answer = await until429(8, () =>
      call('POST', '/api/auth/forgot-password', { from: '192.0.2.5', body: { email: 'a@example.test' } }),
    )
    expectRetryAfter(answer, 'AUTH_TOO_MANY_ATTEMPTS', 60 * 60)
  })

  it('auth: guesses of the current password', async () => {
    const user = await fixture.createAccount('standard', { firstName: 'Limit', lastName: 'Change' })
    const answer = await until429(12, (index) =>
      call('POST', '/api/auth/change-password', {
        from: '192.0.2.6',
        session: user,
        body: { currentPassword: `guess ${index}`, newPassword: 'brand new pass 1' },
      }),
    )
    expectRetryAfter(answer, 'AUTH_TOO_MANY_ATTEMPTS', 15 * 60)
  })

  it('sharing → auth: password guesses through an invitation, counted by the invitee’s address', async () => {
    const owner = await fixture.createAccount('standard', { firstName: 'Limit', lastName: 'Inviter' })
    const victim = await fixture.createAccount('standard', { firstName: 'Limit', lastName: 'Invitee' })
    await owner.session.expect(201, 'POST', '/api/assessments', {
      name: 'Limit Inviter',
      dScore: 60,
      iScore: 40,
      sScore: 30,
      cScore: 20,
    })
    await owner.session.expect(201, 'POST', '/api/invitations', {
      inviteeName: 'Limit Invitee',
      inviteeEmail: victim.username,
      inviteeRole: 'guest_standard',
    })
    const token = (await linkSentTo(fixture.product.dataDirectory, victim.username)).split('/invite/')[1]!
    const accept = (from: string, password: string) =>
      call('POST', `/api/invitations/accept/${token}`, { from, body: { password } })
    const answer = await until429(12, (index) => accept('192.0.2.7', `guess ${index}`))
    expectRetryAfter(answer, 'AUTH_TOO_MANY_ATTEMPTS', 15 * 60)
    // Another address is not stopped by that one's guesses: sharing passed each address on.
    expect((await accept('192.0.2.8', 'another guess')).status).toBe(401)
  })

  it('advice: questions of one user', async () => {
    const user = await fixture.createAccount('standard', { firstName: 'Limit', lastName: 'Asker' })
    const profile = (await user.session.expect(201, 'POST', '/api/assessments', {
      name: 'Limit Asker',
      dScore: 60,
      iScore: 40,
      sScore: 30,
      cScore: 20,
    })) as { id: number }
    const answer = await until429(4, () =>
      call('POST', '/api/ai/disc-analysis', {
        from: '192.0.2.9',
        session: user,
        body: { profileId: profile.id, question: 'How do I give them feedback?' },
      }),
    )
    expectRetryAfter(answer, 'ADVICE_RATE_LIMITED', 300)
  })
})
