import type { Page, Request } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ApiSession, type Account } from '../../src/api.ts'
import { expectNoAxeViolations } from '../../src/browser.ts'
import { startMailCatcher, type MailCatcher } from '../../src/mail.ts'
import { notifications, pathnameOf, submitLogin, waitForPath } from '../../src/pages.ts'
import { useProduct } from '../../src/fixture.ts'

let mail: MailCatcher
// The mail catcher starts before the product that sends to it, and stops after it (after-hooks run in reverse).
beforeAll(async () => {
  mail = await startMailCatcher()
})
afterAll(async () => {
  await mail?.close()
})

const fixture = useProduct(() => ({ SMTP_URL: mail.smtpUrl }))
let member: Account

beforeAll(async () => {
  member = await fixture.createAccount('standard', { firstName: 'Noor', lastName: 'Haddad' })
})

function resetRequests(page: Page): Request[] {
  const seen: Request[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (request.method() === 'POST' && url.pathname === '/api/auth/reset-password') seen.push(request)
  })
  return seen
}

async function expectInvalidLinkPage(page: Page, message: string): Promise<void> {
  await page.getByRole('heading', { name: 'Invalid Reset Link' }).waitFor()
  const main = page.getByRole('main')
  expect(await main.innerText()).toContain(message)
  await expect(main.getByRole('link', { name: 'Request New Link' }).getAttribute('href')).resolves.toBe(
    '/forgot-password',
  )
  await expect(main.getByRole('link', { name: 'Back to Login' }).getAttribute('href')).resolves.toBe('/login')
  await expectNoAxeViolations(page)
}

describe('forgot and reset password', () => {
  test('a forgotten password is reset through the e-mailed link, then the new one signs in', async () => {
    const session = await fixture.newBrowserSession()
    const page = await session.newPage()
    await page.goto(`${fixture.product.url}/login`)
    await page.getByRole('link', { name: 'Forgot your password?' }).click()
    await waitForPath(page, '/forgot-password')
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor()
    await expectNoAxeViolations(page)

    const email = page.getByLabel('Email address')
    await email.fill('not-an-address')
    await page.getByRole('button', { name: 'Send Reset Link' }).click()
    const emailError = page.getByRole('main').getByRole('alert')
    await expect(emailError.innerText()).resolves.toBe('Please enter a valid email address')
    await expect(email.getAttribute('aria-invalid')).resolves.toBe('true')
    await expect(email.getAttribute('aria-describedby')).resolves.toBe(await emailError.getAttribute('id'))
    await expectNoAxeViolations(page)

    await email.fill(member.user.email)
    await page.getByRole('button', { name: 'Send Reset Link' }).click()
    await page.getByRole('heading', { name: 'Check Your Email' }).waitFor()
    await expect(page.getByText('Development Mode').count()).resolves.toBe(0)
    await expect(
      page.getByRole('main').getByRole('link', { name: 'Back to Login' }).getAttribute('href'),
    ).resolves.toBe('/login')
    await expectNoAxeViolations(page)

    const received = await mail.nextMailTo(member.user.email)
    expect(received.subject).toMatch(/reset/i)
    const link = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(received.text)?.[0]
    expect(link, received.text).toBeDefined()
    expect(link!.startsWith(`${fixture.product.url}/reset-password?token=`)).toBe(true)

    const posts = resetRequests(page)
    await page.goto(link!)
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor()
    await expectNoAxeViolations(page)
    const newPassword = page.getByLabel('New Password', { exact: true })
    const confirmPassword = page.getByLabel('Confirm Password', { exact: true })
    const submit = page.getByRole('button', { name: 'Reset Password' })

    await newPassword.fill('Fresh-start-42')
    await confirmPassword.fill('Fresh-start-24')
    await submit.click()
    const mismatch = page.getByText("Passwords don't match")
    await mismatch.waitFor()
    await expect(mismatch.getAttribute('role')).resolves.toBe('alert')
    await expect(confirmPassword.getAttribute('aria-describedby')).resolves.toBe(
      await mismatch.getAttribute('id'),
    )
    await expect(confirmPassword.getAttribute('aria-invalid')).resolves.toBe('true')
    await expectNoAxeViolations(page)

    await newPassword.fill('short')
    await confirmPassword.fill('short')
    await submit.click()
    await page.getByText('Password must be at least 6 characters').waitFor()
    await expect(mismatch.count()).resolves.toBe(0)
    expect(posts).toHaveLength(0)

    await newPassword.fill('Fresh-start-42')
    await confirmPassword.fill('Fresh-start-42')
    await submit.click()
    await page.getByRole('heading', { name: 'Password Reset Successful' }).waitFor()
    const succeededAt = Date.now()
    expect(posts).toHaveLength(1)
    await expectNoAxeViolations(page)
    await waitForPath(page, '/login', 5000)
    const waited = Date.now() - succeededAt
    expect(waited).toBeGreaterThanOrEqual(2500)
    expect(waited).toBeLessThan(4500)

    expect(
      (
        await new ApiSession(fixture.product.url).call('POST', '/api/auth/login', {
          username: member.username,
          password: member.password,
        })
      ).status,
    ).toBe(401)
    await submitLogin(page, member.username, 'Fresh-start-42')
    await notifications(page).getByText('Welcome back, Noor Haddad').waitFor()
    await waitForPath(page, '/history', 3000)

    // The link works once only.
    await page.goto(link!)
    await expectInvalidLinkPage(page, 'Invalid or expired reset link')
    session.expectNoPageErrors()
    await session.close()
  })

  test('a made-up token shows Invalid Reset Link, whose first button asks for a new link', async () => {
    const session = await fixture.newBrowserSession()
    const page = await session.newPage()
    await page.goto(`${fixture.product.url}/reset-password?token=${'a'.repeat(43)}`)
    await expectInvalidLinkPage(page, 'Invalid or expired reset link')
    await page.getByRole('link', { name: 'Request New Link' }).click()
    await waitForPath(page, '/forgot-password')
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor()
    session.expectNoPageErrors()
    await session.close()
  })

  test('a link without a token says so and offers the way back to login', async () => {
    const session = await fixture.newBrowserSession()
    const page = await session.newPage()
    await page.goto(`${fixture.product.url}/reset-password`)
    await expectInvalidLinkPage(page, 'Invalid reset link. No token provided.')
    await page.getByRole('link', { name: 'Back to Login' }).click()
    await waitForPath(page, '/login')
    expect(pathnameOf(page)).toBe('/login')
    session.expectNoPageErrors()
    await session.close()
  })
})
