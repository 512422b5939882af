import type { Page, Request } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { expectNoAxeViolations, type BrowserSession } from '../src/browser.ts'
import { useProduct } from '../src/fixture.ts'

const fixture = useProduct()
let session: BrowserSession
let page: Page
let loginRequests: Request[]

beforeAll(async () => {
  session = await fixture.newBrowserSession()
})

afterAll(async () => {
  await session?.close()
})

beforeEach(async () => {
  page = await session.newPage()
  loginRequests = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/auth/login') loginRequests.push(request)
  })
  await page.goto(`${fixture.product.url}/login`)
  await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor()
})

afterEach(async () => {
  await page.close()
  session.expectNoPageErrors()
})

const signInButton = () => page.getByRole('button', { name: /^Sign(ing)? In/ })
const passwordField = () => page.getByLabel('Password', { exact: true })

describe('the login page', () => {
  test('explains what to enter and offers the forgotten-password link', async () => {
    const main = page.getByRole('main')
    expect(await main.innerText()).toContain('Enter your e-mail address and password')
    await expect(
      main.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href'),
    ).resolves.toBe('/forgot-password')
    await expect(signInButton().innerText()).resolves.toBe('Sign In')
    await expectNoAxeViolations(page)
  })

  test('asks for both fields before calling the server', async () => {
    await signInButton().click()
    const alert = page.getByRole('main').getByRole('alert')
    await expect(alert.innerText()).resolves.toBe('Username and password are required')

    await page.getByLabel('Username').fill('someone@example.com')
    await signInButton().click()
    await expect(alert.innerText()).resolves.toBe('Username and password are required')
    await expect(passwordField().getAttribute('aria-invalid')).resolves.toBe('true')
    await expectNoAxeViolations(page)
    expect(loginRequests).toHaveLength(0)
  })

  test('shows and hides the password on request', async () => {
    await passwordField().fill('not-a-real-secret')
    await expect(passwordField().getAttribute('type')).resolves.toBe('password')
    await page.getByRole('button', { name: 'Show password' }).click()
    await expect(passwordField().getAttribute('type')).resolves.toBe('text')
    await expect(passwordField().inputValue()).resolves.toBe('not-a-real-secret')
    await page.getByRole('button', { name: 'Hide password' }).click()
    await expect(passwordField().getAttribute('type')).resolves.toBe('password')
  })

  test('a refused sign-in shows a Login Error toast and lets the user try again', async () => {
    await page.getByLabel('Username').fill('nobody@example.com')
    await passwordField().fill('wrong-password')
    await signInButton().click()

    const toast = page.getByRole('region', { name: 'Notifications' }).getByRole('alert')
    await toast.getByText('Login Error').waitFor()
    expect((await toast.innerText()).replace('Login Error', '').trim()).not.toBe('')
    await expect(signInButton().innerText()).resolves.toBe('Sign In')
    await expect(signInButton().isEnabled()).resolves.toBe(true)
    expect(new URL(page.url()).pathname).toBe('/login')
    await expect(page.evaluate('localStorage.getItem("user")')).resolves.toBeNull()
    expect(loginRequests).toHaveLength(1)
    await expectNoAxeViolations(page)
    session.expectNoPageErrors([/status of 4\d\d .*\/api\/auth\/login\)$/])
  })

  test('a network failure reads as an unexpected error', async () => {
    await page.getByLabel('Username').fill('someone@example.com')
    await passwordField().fill('any-password')
    await page.context().setOffline(true)
    try {
      await signInButton().click()
      const toast = page.getByRole('region', { name: 'Notifications' }).getByRole('alert')
      await toast.getByText('An unexpected error occurred').waitFor()
      await expect(toast.innerText()).resolves.toContain('Login Error')
    } finally {
      await page.context().setOffline(false)
    }
    await page.getByRole('button', { name: 'Close notification' }).click()
    await expect(
      page.getByRole('region', { name: 'Notifications' }).getByRole('alert').count(),
    ).resolves.toBe(0)
    session.expectNoPageErrors([/ERR_INTERNET_DISCONNECTED/])
  })

  test('shows one toast at a time, each closing by itself after five seconds', async () => {
    const notifications = page.getByRole('region', { name: 'Notifications' })
    await page.getByLabel('Username').fill('nobody@example.com')
    await passwordField().fill('wrong-password')
    await signInButton().click()
    await notifications.getByText('Login Error').waitFor()

    await page.context().setOffline(true)
    try {
      await signInButton().click()
      await notifications.getByText('An unexpected error occurred').waitFor()
    } finally {
      await page.context().setOffline(false)
    }
    const shownAt = Date.now()
    await expect(notifications.getByRole('alert').count()).resolves.toBe(1)

    await page.waitForTimeout(4000 - (Date.now() - shownAt))
    await expect(notifications.getByRole('alert').count()).resolves.toBe(1)
    await notifications.getByRole('alert').waitFor({ state: 'detached', timeout: 2500 })
    session.expectNoPageErrors([/status of 4\d\d .*\/api\/auth\/login\)$/, /ERR_INTERNET_DISCONNECTED/])
  })
})
