import { beforeAll, describe, expect, test } from 'vitest'
import { ApiSession, registerUser, type Registered } from '../../src/api.ts'
import { expectNoAxeViolations } from '../../src/browser.ts'
import { notifications, submitLogin, waitForPath, waitForSettledPage } from '../../src/pages.ts'
import { useProduct } from '../../src/fixture.ts'

const fixture = useProduct()
let newcomer: Registered

// The refused change-password attempts answer 400, which Chromium logs as a failed resource.
const REFUSED_CHANGE = /status of 400 .*\/api\/auth\/change-password\)$/

beforeAll(async () => {
  newcomer = await registerUser(fixture.administrator, 'standard', { firstName: 'Kenji', lastName: 'Sato' })
})

describe('a password set by an administrator', () => {
  test('must be changed at the first login before any other page, then the user reaches /history', async () => {
    expect(newcomer.user.mustChangePassword).toBe(true)
    const session = await fixture.newBrowserSession()
    const page = await session.newPage()
    await page.goto(`${fixture.product.url}/login`)
    await submitLogin(page, newcomer.username, newcomer.password)
    await notifications(page).getByText('Welcome back, Kenji Sato').waitFor()
    await waitForPath(page, '/change-password', 3000)
    await page.getByRole('heading', { name: 'Change your password' }).waitFor()
    expect(await page.getByRole('main').innerText()).toContain('Your password was set by an administrator')
    const banner = page.getByRole('banner')
    await expect(banner.getByRole('navigation', { name: 'Main' }).count()).resolves.toBe(0)
    await expect(banner.getByRole('button', { name: 'Logout' }).isVisible()).resolves.toBe(true)
    await expectNoAxeViolations(page)

    for (const elsewhere of ['/request-assessment', '/share-profile', '/', '/history']) {
      await page.goto(`${fixture.product.url}${elsewhere}`)
      await waitForPath(page, '/change-password')
      await waitForSettledPage(page)
    }

    const current = page.getByLabel('Current Password', { exact: true })
    const fresh = page.getByLabel('New Password', { exact: true })
    const confirm = page.getByLabel('Confirm New Password', { exact: true })
    const submit = page.getByRole('button', { name: 'Change Password' })

    await submit.click()
    // The form's rules load at the first interaction (docs/decisions/065-first-pages-without-zod.md).
    await expect.poll(async () => current.getAttribute('aria-invalid')).toBe('true')
    await page.getByText('Password must be at least 6 characters').waitFor()

    await current.fill(newcomer.password)
    await fresh.fill('My-own-choice-7')
    await confirm.fill('My-own-choice-8')
    await submit.click()
    await page.getByText("Passwords don't match").waitFor()

    await current.fill('not-the-current-one')
    await confirm.fill('My-own-choice-7')
    await submit.click()
    await page.getByRole('main').getByText('Current password is incorrect').waitFor()
    await expectNoAxeViolations(page)

    await current.fill(newcomer.password)
    await fresh.fill(newcomer.password)
    await confirm.fill(newcomer.password)
    await submit.click()
    await page.getByRole('main').getByText('The new password must differ from the current one').waitFor()

    await fresh.fill('My-own-choice-7')
    await confirm.fill('My-own-choice-7')
    await submit.click()
    const toast = notifications(page).getByRole('status')
    await toast.getByText('Password Changed', { exact: true }).waitFor()
    await expect(toast.innerText()).resolves.toContain('Password changed successfully')
    await waitForPath(page, '/history')
    await waitForSettledPage(page)
    await banner.getByRole('navigation', { name: 'Main' }).waitFor()

    await page.goto(`${fixture.product.url}/request-assessment`)
    await page.getByRole('heading', { name: 'Request New Assessment' }).waitFor()
    session.expectNoPageErrors([REFUSED_CHANGE])
    await session.close()

    const api = new ApiSession(fixture.product.url)
    expect(
      (
        await api.call('POST', '/api/auth/login', {
          username: newcomer.username,
          password: newcomer.password,
        })
      ).status,
    ).toBe(401)
    await expect(api.login(newcomer.username, 'My-own-choice-7')).resolves.toMatchObject({
      mustChangePassword: false,
    })
  })

  test('after a forced change the user goes on to the page first asked for', async () => {
    const registered = await registerUser(fixture.administrator, 'standard', {
      firstName: 'Ada',
      lastName: 'Okafor',
    })
    const session = await fixture.newBrowserSession()
    const page = await session.newPage()
    await page.goto(`${fixture.product.url}/request-assessment`)
    await waitForPath(page, '/login')
    await submitLogin(page, registered.username, registered.password)
    await waitForPath(page, '/change-password', 3000)
    await page.getByLabel('Current Password', { exact: true }).fill(registered.password)
    await page.getByLabel('New Password', { exact: true }).fill('Ada-chooses-1')
    await page.getByLabel('Confirm New Password', { exact: true }).fill('Ada-chooses-1')
    await page.getByRole('button', { name: 'Change Password' }).click()
    await waitForPath(page, '/request-assessment')
    await page.getByRole('heading', { name: 'Request New Assessment' }).waitFor()
    session.expectNoPageErrors()
    await session.close()
  })
})
