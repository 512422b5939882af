import type { AuditPage } from '@app/contracts/audit'
import type { PublicUser } from '@app/contracts/auth'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ApiSession } from '../../src/api.ts'
import { expectNoAxeViolations, type BrowserSession } from '../../src/browser.ts'
import { useProduct } from '../../src/fixture.ts'
import {
  startForgingProvider,
  startRealProvider,
  type ForgingProvider,
  type RealProvider,
} from '../../src/oidc-providers.ts'
import { pathnameOf, waitForPath } from '../../src/pages.ts'

let real: RealProvider
let forging: ForgingProvider

// The providers listen before the product starts, so its configuration can name them.
beforeAll(async () => {
  real = await startRealProvider()
  forging = await startForgingProvider()
})
afterAll(async () => {
  await real?.close()
  await forging?.close()
})

const fixture = useProduct(() => ({
  OIDC_PROVIDERS: JSON.stringify([
    {
      id: 'acme',
      name: 'Acme Workplace',
      issuer: real.issuer,
      clientId: real.client.clientId,
      emailDomains: ['example.com'],
      adminClaim: 'groups',
      adminValue: 'product-admins',
    },
    {
      id: 'forge',
      name: 'Forge',
      issuer: forging.issuer,
      clientId: forging.client.clientId,
      emailDomains: ['forge.test'],
      passwordLogin: false,
    },
  ]),
  OIDC_CLIENT_SECRETS: JSON.stringify({ acme: real.client.clientSecret, forge: forging.client.clientSecret }),
}))

beforeAll(() => real.serveFor(fixture.product.url, 'acme'))

/** The provider's development pages load a web font and a favicon that are not there offline. */
const providerPageNoise = () => [/fonts\.googleapis\.com/, /\/favicon\.ico\)$/]

/** Who the page's cookies sign in, asked the way the app asks; null when nobody. */
async function signedInUser(page: Page): Promise<PublicUser | null> {
  return page.evaluate(async () => {
    const answer = await fetch('/api/auth/me', { credentials: 'include' })
    return answer.status === 200 ? ((await answer.json()) as PublicUser) : null
  })
}

async function sessionCookie(session: BrowserSession) {
  return (await session.context.cookies()).find((cookie) => cookie.name === 'session')
}

/** Types a login into the real provider's sign-in form; it then sends the browser back to the product. */
async function signInAtProvider(page: Page, login: string) {
  await page.locator('input[name="login"]').fill(login)
  await page.locator('input[name="password"]').fill('any password')
  await page.getByRole('button', { name: 'Sign-in' }).click()
}

/** A whole sign-in through the login page's button, ending on the product's `landing` page. */
async function signInWithAcme(page: Page, login: string, landing = '/history') {
  await page.goto(`${fixture.product.url}/login`)
  await page.getByRole('link', { name: 'Sign in with Acme Workplace' }).click()
  await signInAtProvider(page, login)
  await waitForPath(page, landing, 8000)
}

async function users(): Promise<PublicUser[]> {
  return (await fixture.administrator.expect(200, 'GET', '/api/admin/users')) as PublicUser[]
}

/** The login page says why, and no session was left behind. */
async function expectRefused(session: BrowserSession, page: Page, reason: string) {
  await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('signInError') === reason)
  await page.getByRole('alert').waitFor()
  expect(await sessionCookie(session)).toBeUndefined()
  expect(await signedInUser(page)).toBeNull()
}

describe('signing in with a provider', () => {
  test('the login page offers each provider; the first sign-in creates the account from the verified e-mail and names', async () => {
    real.people.set('ada', {
      email: 'Ada.Lovelace@example.com',
      email_verified: true,
      given_name: 'Ada',
      family_name: 'Lovelace',
    })
    const session = await fixture.newBrowserSession()
    const page = await session.newPage()
    await page.goto(`${fixture.product.url}/login`)
    await page.getByRole('link', { name: 'Sign in with Forge' }).waitFor()
    // Only Forge turned the password form off, so it still shows for everyone else.
    await page.getByLabel('Password').first().waitFor()
    await expectNoAxeViolations(page)

    const callback = page.waitForResponse((response) =>
      response.url().includes('/api/auth/oidc/acme/callback'),
    )
    await signInWithAcme(page, 'ada')
    const me = await signedInUser(page)
    // Recorded as a sign-in, in the request of the provider's callback (docs/decisions/059-audit-log.md).
    const callbackRequestId = (await callback).headers()['x-request-id']
    await expect
      .poll(async () => {
        const log = (await fixture.administrator.expect(
          200,
          'GET',
          `/api/admin/audit?person=${me!.id}`,
        )) as AuditPage
        return log.entries.map(({ kind, address, requestId }) => ({ kind, address, requestId }))
      })
      .toEqual([{ kind: 'sign-in.succeeded', address: '127.0.0.1', requestId: callbackRequestId }])
    expect(me).toMatchObject({
      username: 'ada.lovelace@example.com',
      email: 'ada.lovelace@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      role: 'standard',
    })
    const cookie = (await sessionCookie(session))!
    expect(cookie.httpOnly).toBe(true)
    // The provider's tokens never reach the browser: the product sets only its session and a random name
    // of the provider's session, kept in the gateway's store.
    const productCookies = await session.context.cookies(fixture.product.url)
    const ours = productCookies.filter((c) => c.name === 'session' || c.name === 'oidc_session')
    expect(ours.map((c) => c.name).sort()).toEqual(['oidc_session', 'session'])
    expect(ours.find((c) => c.name === 'oidc_session')!.value).toMatch(/^[\w-]{43}$/)
    expect((await users()).filter((user) => user.email === 'ada.lovelace@example.com')).toHaveLength(1)
    session.expectNoPageErrors(providerPageNoise())
    await session.close()
  })

  test('the second sign-in links to the same account, and so does an existing account with that e-mail', async () => {
    const existing = await fixture.createAccount('standard', {
      firstName: 'Grace',
      lastName: 'Hopper',
      username: 'grace@example.com',
    })
    real.people.set('grace', {
      email: 'grace@example.com',
      email_verified: true,
      given_name: 'G',
      family_name: 'H',
    })
    const before = (await users()).length

    const first = await fixture.newBrowserSession()
    const page = await first.newPage()
    await signInWithAcme(page, 'grace')
    expect((await signedInUser(page))?.id).toBe(existing.user.id)
    await first.close()

    const second = await fixture.newBrowserSession()
    const again = await second.newPage()
    await signInWithAcme(again, 'grace')
    expect(await signedInUser(again)).toMatchObject({
      id: existing.user.id,
      firstName: 'Grace',
      role: 'standard',
    })
    expect((await users()).length).toBe(before)
    // The password still opens the account too: linking took nothing away.
    await new ApiSession(fixture.product.url).login('grace@example.com', existing.password)
    await second.close()
  })

  test("the provider's administrator group gives the administrator role, and the settings page shows the providers without secrets", async () => {
    real.people.set('boss', {
      email: 'boss@example.com',
      email_verified: true,
      given_name: 'Bo',
      family_name: 'Boss',
      groups: ['staff', 'product-admins'],
    })
    real.people.set('staff', {
      email: 'staff@example.com',
      email_verified: true,
      given_name: 'Sam',
      family_name: 'Staff',
      groups: ['staff'],
    })
    const session = await fixture.newBrowserSession()
    const page = await session.newPage()
    await signInWithAcme(page, 'boss')
    expect((await signedInUser(page))?.role).toBe('administrator')

    await page.goto(`${fixture.product.url}/admin/users`)
    await page.getByRole('heading', { name: 'Sign-in Providers' }).waitFor()
    const acme = page.getByRole('region', { name: 'Acme Workplace (acme)' })
    await acme.getByText(real.issuer, { exact: true }).waitFor()
    await acme.getByText("The claim 'groups' holds 'product-admins'").waitFor()
    await page.getByRole('region', { name: 'Forge (forge)' }).getByText('Turned off').waitFor()
    const text = await page.locator('main').innerText()
    expect(text).not.toContain(real.client.clientSecret)
    expect(text).not.toContain(forging.client.clientSecret)
    await expectNoAxeViolations(page)
    await session.close()

    const member = await fixture.newBrowserSession()
    const memberPage = await member.newPage()
    await signInWithAcme(memberPage, 'staff')
    expect((await signedInUser(memberPage))?.role).toBe('standard')
    await member.close()
  })

  test("signing out ends our session and the provider's", async () => {
    real.people.set('leo', {
      email: 'leo@example.com',
      email_verified: true,
      given_name: 'Leo',
      family_name: 'Out',
    })
    const session = await fixture.newBrowserSession()
    const page = await session.newPage()
    await signInWithAcme(page, 'leo')
    const token = (await sessionCookie(session))!.value

    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click()
    // The provider asks to confirm its own sign-out (RP-initiated logout), then sends the browser back.
    await page.getByRole('button', { name: 'Yes, sign me out' }).click()
    await waitForPath(page, '/login', 8000)
    expect(await sessionCookie(session)).toBeUndefined()
    expect(await signedInUser(page)).toBeNull()
    const replay = new ApiSession(fixture.product.url)
    replay.useSessionToken(token)
    expect((await replay.call('GET', '/api/auth/me')).status).toBe(401)

    // The provider's session ended too: signing in again asks for the login once more.
    await page.getByRole('link', { name: 'Sign in with Acme Workplace' }).click()
    await page.locator('input[name="login"]').waitFor()
    await session.close()
  })

  test('the return path is kept when it is a page of this site, and never leads elsewhere', async () => {
    real.people.set('rita', {
      email: 'rita@example.com',
      email_verified: true,
      given_name: 'Rita',
      family_name: 'R',
    })
    const session = await fixture.newBrowserSession()
    const page = await session.newPage()
    await page.goto(
      `${fixture.product.url}/api/auth/oidc/acme/start?returnTo=${encodeURIComponent('/collaborate')}`,
    )
    await signInAtProvider(page, 'rita')
    await waitForPath(page, '/collaborate', 8000)
    await session.close()

    for (const returnTo of [
      'https://evil.example/',
      '//evil.example/',
      '/\\evil.example',
      'javascript:alert(1)',
    ]) {
      const attacked = await fixture.newBrowserSession()
      const attackedPage = await attacked.newPage()
      await attackedPage.goto(
        `${fixture.product.url}/api/auth/oidc/acme/start?returnTo=${encodeURIComponent(returnTo)}`,
      )
      await signInAtProvider(attackedPage, 'rita')
      await waitForPath(attackedPage, '/history', 8000)
      expect(new URL(attackedPage.url()).origin).toBe(fixture.product.url)
      await attacked.close()
    }
  })
})

describe('attacks on the sign-in, each refused without a session', () => {
  test('an e-mail outside the allowed domains, and an unverified e-mail, create no account', async () => {
    real.people.set('eve', {
      email: 'eve@evil.test',
      email_verified: true,
      given_name: 'Eve',
      family_name: 'E',
    })
    real.people.set('uma', {
      email: 'uma@example.com',
      email_verified: false,
      given_name: 'Uma',
      family_name: 'U',
    })
    for (const [login, reason] of [
      ['eve', 'domain'],
      ['uma', 'unverified'],
    ] as const) {
      const session = await fixture.newBrowserSession()
      const page = await session.newPage()
      await page.goto(`${fixture.product.url}/api/auth/oidc/acme/start`)
      await signInAtProvider(page, login)
      await expectRefused(session, page, reason)
      await session.close()
    }
    const emails = (await users()).map((user) => user.email)
    expect(emails).not.toContain('eve@evil.test')
    expect(emails).not.toContain('uma@example.com')
  })

  test('a replayed callback is refused, in the same browser and in another that never started a sign-in (login CSRF)', async () => {
    real.people.set('rex', {
      email: 'rex@example.com',
      email_verified: true,
      given_name: 'Rex',
      family_name: 'R',
    })
    const session = await fixture.newBrowserSession()
    const page = await session.newPage()
    let callback: string | null = null
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/oidc/acme/callback')) callback = request.url()
    })
    await signInWithAcme(page, 'rex')
    expect(callback).not.toBeNull()
    await session.context.clearCookies()
    await page.goto(callback!)
    await expectRefused(session, page, 'failed')
    await session.close()

    const stranger = await fixture.newBrowserSession()
    const strangerPage = await stranger.newPage()
    await strangerPage.goto(callback!)
    await expectRefused(stranger, strangerPage, 'failed')
    await stranger.close()
  })

  test.each([
    ['mismatched-state', 'a mismatched state'],
    ['replayed-nonce', 'a replayed nonce'],
    ['wrong-audience', 'an ID token for another audience'],
    ['wrong-issuer', 'an ID token from another issuer'],
    ['expired', 'an expired ID token'],
    ['alg-none', "an ID token with 'alg: none'"],
    ['other-key', 'an ID token signed with another key'],
  ] as const)('%s: %s', async (forgery, _description) => {
    // A genuine sign-in first: it works, and its nonce is the one a replay sends again.
    forging.forgery = 'valid'
    const genuine = await fixture.newBrowserSession()
    const genuinePage = await genuine.newPage()
    await genuinePage.goto(`${fixture.product.url}/api/auth/oidc/forge/start`)
    await waitForPath(genuinePage, '/history', 8000)
    expect((await signedInUser(genuinePage))?.email).toBe('forged@forge.test')
    await genuine.close()

    forging.forgery = forgery
    const session = await fixture.newBrowserSession()
    const page = await session.newPage()
    await page.goto(`${fixture.product.url}/api/auth/oidc/forge/start`)
    await expectRefused(session, page, 'failed')
    expect(pathnameOf(page)).toBe('/login')
    await session.close()
  })
})

describe('the sign-in routes', () => {
  test('list the providers for the login page, and refuse an unknown provider', async () => {
    const anonymous = new ApiSession(fixture.product.url)
    expect(await anonymous.expect(200, 'GET', '/api/auth/oidc/providers')).toEqual({
      providers: [
        { id: 'acme', name: 'Acme Workplace' },
        { id: 'forge', name: 'Forge' },
      ],
      passwordOffDomains: ['forge.test'],
      passwordFormHidden: false,
      providerSignOut: false,
    })
    expect((await anonymous.call('GET', '/api/auth/oidc/nobody/start')).status).toBe(404)
    // Forge turned password sign-in off for its domain: auth refuses it, and no session is issued.
    const password = await anonymous.call('POST', '/api/auth/login', {
      username: 'forged@forge.test',
      password: 'any password 1',
    })
    expect(password.status).toBe(403)
    expect((password.body as { code: string }).code).toBe('AUTH_PASSWORD_SIGN_IN_OFF')
    expect(anonymous.sessionToken).toBeNull()
    expect((await anonymous.call('GET', '/api/admin/sign-in-providers')).status).toBe(401)
    const settings = JSON.stringify(
      await fixture.administrator.expect(200, 'GET', '/api/admin/sign-in-providers'),
    )
    expect(settings).toContain(real.issuer)
    expect(settings).not.toContain(real.client.clientSecret)
  })
})
