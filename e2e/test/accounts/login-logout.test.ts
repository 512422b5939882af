import type { PublicUser } from '@app/contracts/auth'
import { beforeAll, describe, expect, test } from 'vitest'
import { ApiSession, type Account } from '../../src/api.ts'
import { expectNoAxeViolations } from '../../src/browser.ts'
import { notifications, pathnameOf, submitLogin, waitForPath, waitForSettledPage } from '../../src/pages.ts'
import { useProduct } from '../../src/fixture.ts'

const fixture = useProduct()
let member: Account
let administratorName: string

const REFUSED_LOGIN = /status of 401 .*\/api\/auth\/login\)$/

beforeAll(async () => {
  const administratorUser = (await fixture.administrator.expect(200, 'GET', '/api/auth/me')) as PublicUser
  // The spec's display name: first plus last name, else name, username or e-mail.
  administratorName =
    `${administratorUser.firstName} ${administratorUser.lastName}`.trim() ||
    administratorUser.name ||
    administratorUser.username
  member = await fixture.createAccount('standard', { firstName: 'Maria', lastName: 'Lopez' })
})

describe('signing in', () => {
  test('greets the user by name, then goes on to the page first asked for after about a second', async () => {
    const session = await fixture.newBrowserSession()
    const page = await session.newPage()
    await page.goto(`${fixture.product.url}/request-assessment`)
    await waitForPath(page, '/login')

    await submitLogin(page, member.username, member.password)
    const greeting = notifications(page).getByRole('status')
    await greeting.getByText('Login Successful!').waitFor()
    const greetedAt = Date.now()
    await expect(greeting.innerText()).resolves.toContain('Welcome back, Maria Lopez')
    await expect(page.getByRole('button', { name: 'Signing In...' }).isDisabled()).resolves.toBe(true)
    expect(pathnameOf(page)).toBe('/login')

    await waitForPath(page, '/request-assessment', 3000)
    const waited = Date.now() - greetedAt
    expect(waited).toBeGreaterThanOrEqual(700)
    expect(waited).toBeLessThan(2500)
    await page.getByRole('heading', { name: 'Request New Assessment' }).waitFor()

    const banner = page.getByRole('banner')
    const logout = banner.getByRole('button', { name: 'Logout' })
    const name = banner.getByText('Maria Lopez', { exact: true })
    const [logoutBox, nameBox] = await Promise.all([logout.boundingBox(), name.boundingBox()])
    expect(nameBox!.y).toBeGreaterThan(logoutBox!.y + logoutBox!.height - 1)
    const stored = JSON.parse((await page.evaluate('localStorage.getItem("user")')) as string)
    expect(stored).toMatchObject({ id: member.user.id, username: member.username })
    expect(JSON.stringify(stored)).not.toContain(member.password)
    await expectNoAxeViolations(page)
    session.expectNoPageErrors()
    await session.close()
  })

  test('without a page asked for first, login goes to /history', async () => {
    const session = await fixture.newBrowserSession()
    const page = await session.newPage()
    await page.goto(`${fixture.product.url}/login`)
    await submitLogin(page, member.username, member.password)
    await notifications(page).getByText('Welcome back, Maria Lopez').waitFor()
    await waitForPath(page, '/history', 3000)
    await session.close()
  })

  test('a wrong password shows a Login Error toast with the server message', async () => {
    const session = await fixture.newBrowserSession()
    const page = await session.newPage()
    await page.goto(`${fixture.product.url}/login`)
    await submitLogin(page, member.username, `${member.password}-wrong`)
    const toast = notifications(page).getByRole('alert')
    await toast.getByText('Login Error').waitFor()
    await expect(toast.innerText()).resolves.toContain('Invalid username or password')
    await expect(page.getByRole('button', { name: 'Sign In' }).isEnabled()).resolves.toBe(true)
    await page.waitForTimeout(1200)
    expect(pathnameOf(page)).toBe('/login')
    await expect(page.evaluate('localStorage.getItem("user")')).resolves.toBeNull()
    await expectNoAxeViolations(page)
    session.expectNoPageErrors([REFUSED_LOGIN])
    await session.close()
  })
})

describe('logging out', () => {
  test('ends the session at once, clears what the browser kept, and the old cookie is refused', async () => {
    const api = new ApiSession(fixture.product.url)
    await api.login(member.username, member.password)
    const session = await fixture.newBrowserSession(api)
    const page = await session.newPage()
    await page.goto(`${fixture.product.url}/request-assessment`)
    await page.getByRole('heading', { name: 'Request New Assessment' }).waitFor()
    await page.evaluate(
      `localStorage.setItem('user', JSON.stringify({ id: ${member.user.id}, username: 'x' }))`,
    )
    const cookiesBefore = await session.context.cookies()

    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click()
    await notifications(page).getByText('You have been logged out successfully').waitFor()
    await waitForPath(page, '/login')
    const banner = page.getByRole('banner')
    await banner.getByRole('link', { name: 'Login', exact: true }).waitFor()
    await expect(banner.getByText('Maria Lopez').count()).resolves.toBe(0)
    await expect(page.evaluate('localStorage.getItem("user")')).resolves.toBeNull()
    await expectNoAxeViolations(page)

    // The cookie the browser held before logging out no longer opens a guarded page.
    await session.context.addCookies(cookiesBefore)
    await page.goto(`${fixture.product.url}/request-assessment`)
    await waitForPath(page, '/login')
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor()
    expect((await api.call('GET', '/api/auth/me')).status).toBe(401)

    // Signing in as someone else in the same tab shows their name, not the last user's.
    await submitLogin(page, fixture.product.administrator.email, fixture.product.administrator.password)
    await waitForPath(page, '/request-assessment', 3000)
    await waitForSettledPage(page)
    await banner.getByText(administratorName, { exact: true }).waitFor()
    await expect(banner.getByText('Maria Lopez').count()).resolves.toBe(0)
    session.expectNoPageErrors()
    await session.close()
  })

  test('still clears and redirects when the logout call fails', async () => {
    const api = new ApiSession(fixture.product.url)
    await api.login(member.username, member.password)
    const session = await fixture.newBrowserSession(api)
    const page = await session.newPage()
    await page.goto(`${fixture.product.url}/request-assessment`)
    await page.getByRole('heading', { name: 'Request New Assessment' }).waitFor()
    await page.evaluate(
      `localStorage.setItem('user', JSON.stringify({ id: ${member.user.id}, username: 'x' }))`,
    )
    await page.route('**/api/auth/logout', (route) => route.abort('connectionfailed'))

    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click()
    await waitForPath(page, '/login')
    await page.getByRole('banner').getByRole('link', { name: 'Login', exact: true }).waitFor()
    await expect(page.evaluate('localStorage.getItem("user")')).resolves.toBeNull()
    session.expectNoPageErrors([/ERR_CONNECTION_FAILED/, /ERR_FAILED/])
    await session.close()
  })
})
