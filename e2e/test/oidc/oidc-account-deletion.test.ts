import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { AdminUser } from '@app/contracts/auth'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { expectNoAxeViolations } from '../../src/browser.ts'
import { useProduct } from '../../src/fixture.ts'
import { startRealProvider, type RealProvider } from '../../src/oidc-providers.ts'
import { openPage, waitForPath } from '../../src/pages.ts'

let real: RealProvider

beforeAll(async () => {
  real = await startRealProvider()
})
afterAll(async () => {
  await real?.close()
})

const fixture = useProduct(() => ({
  OIDC_PROVIDERS: JSON.stringify([
    {
      id: 'acme',
      name: 'Acme Workplace',
      issuer: real.issuer,
      clientId: real.client.clientId,
      emailDomains: ['example.com'],
    },
  ]),
  OIDC_CLIENT_SECRETS: JSON.stringify({ acme: real.client.clientSecret }),
}))

beforeAll(() => real.serveFor(fixture.product.url, 'acme'))

/** The provider's development pages load a web font and a favicon that are not there offline. */
const providerPageNoise = [/fonts\.googleapis\.com/, /\/favicon\.ico\)$/]
const ADDRESS = 'noel.nopassword@example.com'

/** The deletion link auth mailed to `email`, read from its outbox (no SMTP_URL in the all-in-one tests). */
async function deletionLinkSentTo(email: string): Promise<string> {
  const outbox = join(fixture.product.dataDirectory, 'auth', 'outbox.txt')
  const link = () =>
    (existsSync(outbox) ? readFileSync(outbox, 'utf8') : '')
      .split('\n---\n')
      .filter((entry) => entry.includes(`To: ${email}\n`))
      .map((entry) => /http:\/\/\S+\/delete-account\?token=[\w-]{43}/.exec(entry)?.[0])
      .find(Boolean)
  await expect.poll(link, { timeout: 10_000 }).toBeTruthy()
  return link()!
}

/** Through the login page's button; `login` is typed at the provider, which then remembers its session. */
async function signInWithAcme(page: Page, login?: string) {
  await page.goto(`${fixture.product.url}/login`)
  await page.getByRole('link', { name: 'Sign in with Acme Workplace' }).click()
  if (login !== undefined) {
    await page.locator('input[name="login"]').fill(login)
    await page.locator('input[name="password"]').fill('any password')
    await page.getByRole('button', { name: 'Sign-in' }).click()
  }
  await waitForPath(page, '/history', 8000)
}

const meStatus = (page: Page) =>
  page.evaluate(async () => (await fetch('/api/auth/me', { credentials: 'include' })).status)

describe("deleting an account made by a provider's sign-in, which has no password", () => {
  test('asks for a mailed link, opens it, deletes, and the product forgets the account', async () => {
    real.people.set('noel', {
      email: ADDRESS,
      email_verified: true,
      given_name: 'Noel',
      family_name: 'Nopass',
    })
    const session = await fixture.newBrowserSession()
    const page = await session.newPage()
    await signInWithAcme(page, 'noel')
    const listed = async () =>
      ((await fixture.administrator.expect(200, 'GET', '/api/admin/users')) as AdminUser[]).filter(
        (user) => user.email === ADDRESS,
      )
    const [account] = await listed()
    expect(account).toBeDefined()

    await openPage(page, `${fixture.product.url}/change-password`, 'Change your password')
    const section = page.getByRole('region', { name: 'Delete my account' })
    const send = section.getByRole('button', { name: 'Send me a confirmation link' })
    await send.waitFor()
    expect(await section.getByLabel('Your password').count()).toBe(0)
    await expectNoAxeViolations(page)
    // By keyboard, as by mouse.
    await send.focus()
    await page.keyboard.press('Enter')
    await section
      .getByRole('status')
      .getByText(`A link to confirm the deletion has been sent to ${ADDRESS}. It works for one hour.`)
      .waitFor()
    await expectNoAxeViolations(page)

    const link = await deletionLinkSentTo(ADDRESS)
    expect(new URL(link).origin).toBe(fixture.product.url)
    // A link that is not a live one says so, and offers a new one.
    await page.goto(`${fixture.product.url}/delete-account?token=${'x'.repeat(43)}`)
    await page.getByRole('heading', { name: 'Invalid Deletion Link' }).waitFor()
    await page.getByText('This deletion link is invalid or has expired.', { exact: false }).waitFor()
    await expectNoAxeViolations(page)

    await page.goto(link)
    await page.getByRole('heading', { name: 'Delete your account' }).waitFor()
    await page
      .getByRole('listitem')
      .filter({ hasText: 'Your account: you are signed out everywhere and can no longer sign in.' })
      .waitFor()
    await expectNoAxeViolations(page)
    const remove = page.getByRole('button', { name: 'Delete My Account' })
    await remove.focus()
    await page.keyboard.press('Enter')
    await waitForPath(page, '/login', 8000)
    await page.getByRole('status').getByText('Your account has been deleted.').waitFor()
    await expectNoAxeViolations(page)

    expect(await meStatus(page)).toBe(401)
    expect(await listed()).toEqual([])
    expect((await fixture.administrator.call('GET', `/api/admin/user/${account!.id}`)).status).toBe(404)
    // Signing in with the provider again makes a new account: nothing of the old one is left to link to,
    // and the used link deletes nothing.
    await signInWithAcme(page)
    const [again] = await listed()
    expect(again!.id).not.toBe(account!.id)
    await page.goto(link)
    await page.getByRole('heading', { name: 'Invalid Deletion Link' }).waitFor()
    expect(await listed()).toHaveLength(1)
    session.expectNoPageErrors(providerPageNoise)
    await session.close()
  })
})
