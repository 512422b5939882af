import type { Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { expectNoAxeViolations, type BrowserSession } from '../src/browser.ts'
import { useProduct } from '../src/fixture.ts'

const fixture = useProduct()
let session: BrowserSession
let page: Page

beforeAll(async () => {
  session = await fixture.newBrowserSession()
  page = await session.newPage()
})

afterAll(async () => {
  await session?.close()
})

afterEach(() => session.expectNoPageErrors())

async function expectSignedOutShell(): Promise<void> {
  const header = page.getByRole('banner')
  await header.getByRole('link', { name: 'Login', exact: true }).waitFor()
  await expect(header.getByRole('navigation', { name: 'Main' }).count()).resolves.toBe(0)
  const footer = await page.getByRole('contentinfo').innerText()
  expect(footer).toContain(`© ${new Date().getFullYear()}`)
}

describe('the web shell, signed out', () => {
  test('the home page sends a signed-out visitor to the login form', async () => {
    await page.goto(fixture.product.url)
    await page.waitForURL((url) => url.pathname === '/login')
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor()
    await expect(page.getByLabel('Username').isVisible()).resolves.toBe(true)
    await expect(page.getByLabel('Password', { exact: true }).isVisible()).resolves.toBe(true)
    await expect(page.getByRole('button', { name: 'Sign In' }).isEnabled()).resolves.toBe(true)
    await expectSignedOutShell()
    await expectNoAxeViolations(page)
  })

  test('an unknown address shows the not-found page with a way home', async () => {
    await page.goto(`${fixture.product.url}/no-such-page`)
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/no-such-page')
    await expect(page.getByRole('link', { name: 'Back to home' }).getAttribute('href')).resolves.toBe('/')
    await expectSignedOutShell()
    await expectNoAxeViolations(page)
  })

  test('a guarded page redirects to login, which then remembers where the visitor was going', async () => {
    await page.goto(`${fixture.product.url}/history`)
    await page.waitForURL((url) => url.pathname === '/login')
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor()
    const rememberedTarget = await page.evaluate('window.history.state?.usr?.from')
    expect(rememberedTarget).toBe('/history')
    await expectSignedOutShell()
    await expectNoAxeViolations(page)
  })

  test('a guarded page shows a centred spinner while the session is checked', async () => {
    // Hold the current-user answer back so the loading state is observable, then let the real one through.
    let releaseAnswer = () => {}
    const answerHeld = new Promise<void>((resolve) => (releaseAnswer = resolve))
    await page.route('**/api/auth/me', async (route) => {
      await answerHeld
      await route.continue()
    })
    try {
      await page.goto(`${fixture.product.url}/share-profile`)
      const spinner = page.getByRole('status', { name: 'Checking your session' })
      await spinner.waitFor()
      expect(await page.getByRole('main').innerText()).not.toContain('404')
      releaseAnswer()
      await page.waitForURL((url) => url.pathname === '/login')
      await expect(spinner.count()).resolves.toBe(0)
    } finally {
      releaseAnswer()
      await page.unrouteAll({ behavior: 'ignoreErrors' })
    }
  })

  test('the static welcome card is public, and tells a signed-out visitor they are not signed in', async () => {
    // The signed-in card (links to the profile and Ask pages) is tested in accounts/session-end.test.ts.
    await page.goto(`${fixture.product.url}/login-success`)
    await page.getByRole('heading', { name: 'You are not signed in' }).waitFor()
    const main = page.getByRole('main')
    await expect(main.getByRole('link', { name: 'Go to Login' }).getAttribute('href')).resolves.toBe('/login')
    await expect(main.getByText('Login Successful').count()).resolves.toBe(0)
    await expectNoAxeViolations(page)
  })
})
