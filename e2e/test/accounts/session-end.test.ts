import { DISC_QUESTIONS } from '@app/domain/content/disc-questions'
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { ApiSession, type Account } from '../../src/api.ts'
import { expectNoAxeViolations } from '../../src/browser.ts'
import { notifications, submitLogin, waitForPath, waitForSettledPage } from '../../src/pages.ts'
import { useProduct } from '../../src/fixture.ts'

const fixture = useProduct()

// A call refused because the session ended answers 401, which Chromium logs as a failed resource.
const UNAUTHORISED = /status of 401 /

async function answerDisc(page: Page, upTo = DISC_QUESTIONS.length): Promise<void> {
  for (let index = 0; index < upTo; index += 1) {
    await page.getByText(`Question ${index + 1} of ${DISC_QUESTIONS.length}`).waitFor()
    await page.getByRole('radio', { name: DISC_QUESTIONS[index]!.options[1]!.label, exact: true }).check()
    const last = index === DISC_QUESTIONS.length - 1
    await page.getByRole('button', { name: last ? 'View Results' : 'Next' }).click()
  }
}

async function savedAssessments(account: Account): Promise<unknown[]> {
  const api = new ApiSession(fixture.product.url)
  await api.login(account.username, account.password)
  return (await api.expect(200, 'GET', '/api/assessments')) as unknown[]
}

describe('a session that ends', () => {
  test.each([
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ])(
    'mid-assessment at $width px: the page says so, and after signing in the results are saved',
    async (viewport) => {
      const account = await fixture.createAccount('standard', {
        firstName: 'Sana',
        lastName: `Ends${viewport.width}`,
      })
      const session = await fixture.newBrowserSession(account)
      const page = await session.newPage()
      await page.setViewportSize(viewport)
      await page.goto(`${fixture.product.url}/assessment`)
      await page.getByRole('button', { name: 'Start DISC Assessment' }).click()
      await answerDisc(page)
      await page.getByRole('heading', { level: 1, name: 'Your DISC Results' }).waitFor()

      // The session ends elsewhere; the next call (the save) is refused with 401.
      await account.session.expect(200, 'POST', '/api/auth/logout')
      await page.getByRole('button', { name: 'Save My Results' }).click()
      await waitForPath(page, '/login')
      await page.getByRole('status').getByText('Your session has ended').waitFor()
      await expect(
        page.getByRole('banner').getByRole('link', { name: 'Login', exact: true }).isVisible(),
      ).resolves.toBe(true)
      await expectNoAxeViolations(page)
      expect(await savedAssessments(account)).toHaveLength(0)

      await submitLogin(page, account.username, account.password)
      await page.waitForURL((url) => url.pathname === '/assessment' && url.search === '?step=results')
      await page.getByRole('heading', { level: 1, name: 'Your DISC Results' }).waitFor()
      await page.getByRole('button', { name: 'Save My Results' }).click()
      await notifications(page).getByText('Results Saved!').waitFor()
      expect(await savedAssessments(account)).toHaveLength(1)
      session.expectNoPageErrors([UNAUTHORISED])
      await session.close()
    },
  )

  test('on a page without calls, the next call signs the user out and returns there after sign-in', async () => {
    const account = await fixture.createAccount('standard', { firstName: 'Omar', lastName: 'Quiet' })
    const session = await fixture.newBrowserSession(account)
    const page = await session.newPage()
    await page.goto(`${fixture.product.url}/assessment`)
    await page.getByRole('button', { name: 'Start DISC Assessment' }).click()
    await answerDisc(page, 2)
    await page.getByText(`Question 3 of ${DISC_QUESTIONS.length}`).waitFor()
    await account.session.expect(200, 'POST', '/api/auth/logout')
    // Any call: the header's Profile page loads the profile, is refused, and the user is signed out.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click()
    await waitForPath(page, '/login')
    await page.getByText('Your session has ended').waitFor()
    await submitLogin(page, account.username, account.password)
    await waitForPath(page, '/history')
    // The answers given before the session ended are still there.
    await page.goto(`${fixture.product.url}/assessment?step=3`)
    await page.getByText(`Question 3 of ${DISC_QUESTIONS.length}`).waitFor()
    await page.getByRole('button', { name: 'Previous' }).click()
    await page.getByText(`Question 2 of ${DISC_QUESTIONS.length}`).waitFor()
    await expect(
      page.getByRole('radio', { name: DISC_QUESTIONS[1]!.options[1]!.label, exact: true }).isChecked(),
    ).resolves.toBe(true)
    session.expectNoPageErrors([UNAUTHORISED])
    await session.close()
  })
})

describe('the login pages and logout', () => {
  test('a signed-in user who opens /login is told who is signed in, with Continue and Log out', async () => {
    const account = await fixture.createAccount('standard', { firstName: 'Ines', lastName: 'Again' })
    const session = await fixture.newBrowserSession(account)
    const page = await session.newPage()
    await page.goto(`${fixture.product.url}/login`)
    await page.getByRole('heading', { name: 'You are already signed in' }).waitFor()
    await page.getByText('You are signed in as Ines Again.').waitFor()
    await expect(page.getByLabel('Username').count()).resolves.toBe(0)
    await expectNoAxeViolations(page)
    await page.getByRole('link', { name: 'Continue' }).click()
    await waitForPath(page, '/history')

    // The welcome card is for the signed in.
    await page.goto(`${fixture.product.url}/login-success`)
    await page.getByRole('heading', { name: 'Login Successful' }).waitFor()
    const main = page.getByRole('main')
    await expect(main.getByRole('link', { name: 'View my profile' }).getAttribute('href')).resolves.toBe(
      '/history',
    )
    await expect(main.getByRole('link', { name: 'Ask a question' }).getAttribute('href')).resolves.toBe('/')
    await expectNoAxeViolations(page)

    await page.goto(`${fixture.product.url}/login`)
    await page.getByRole('button', { name: 'Log out' }).click()
    await notifications(page).getByText('You have been logged out successfully').waitFor()
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor()
    await expect(account.session.call('GET', '/api/auth/me')).resolves.toMatchObject({ status: 401 })
    session.expectNoPageErrors()
    await session.close()
  })

  test('/login-success does not tell an anonymous visitor they are signed in', async () => {
    const session = await fixture.newBrowserSession()
    const page = await session.newPage()
    await page.goto(`${fixture.product.url}/login-success`)
    await page.getByRole('heading', { name: 'You are not signed in' }).waitFor()
    await expect(page.getByText('Login Successful').count()).resolves.toBe(0)
    await expectNoAxeViolations(page)
    await page.getByRole('main').getByRole('link', { name: 'Go to Login' }).click()
    await waitForPath(page, '/login')
    session.expectNoPageErrors()
    await session.close()
  })

  test("a refused logout reads the server's message, never its raw answer", async () => {
    const account = await fixture.createAccount('standard', { firstName: 'Rafa', lastName: 'Refused' })
    const session = await fixture.newBrowserSession(account)
    const page = await session.newPage()
    await page.route('**/api/auth/logout', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Logout is unavailable right now', code: 'UNAVAILABLE' }),
      }),
    )
    await page.goto(`${fixture.product.url}/history`)
    await waitForSettledPage(page)
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click()
    const alert = notifications(page).getByRole('alert')
    await alert.getByText('Logout Error').waitFor()
    await expect(alert.innerText()).resolves.toContain('Logout is unavailable right now')
    await expect(alert.innerText()).resolves.not.toMatch(/503|\{|message/)
    session.expectNoPageErrors([/status of 503 /])
    await session.close()
  })

  test('a logout that did not reach the server is sent again before anyone shows as signed in', async () => {
    const account = await fixture.createAccount('standard', { firstName: 'Nia', lastName: 'Offline' })
    const session = await fixture.newBrowserSession(account)
    const page = await session.newPage()
    await page.route('**/api/auth/logout', (route) => route.abort('internetdisconnected'))
    await page.goto(`${fixture.product.url}/history`)
    await waitForSettledPage(page)
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click()
    await notifications(page).getByText('Logout Error').waitFor()
    await waitForPath(page, '/login')
    // The cookie is still valid on the server.
    await expect(account.session.call('GET', '/api/auth/me')).resolves.toMatchObject({ status: 200 })

    await page.unroute('**/api/auth/logout')
    await page.goto(`${fixture.product.url}/history`)
    await waitForPath(page, '/login')
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor()
    await expect(account.session.call('GET', '/api/auth/me')).resolves.toMatchObject({ status: 401 })
    session.expectNoPageErrors([/ERR_INTERNET_DISCONNECTED/, UNAUTHORISED])
    await session.close()
  })
})
