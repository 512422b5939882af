import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Account } from '../../src/api.ts'
import { expectNoAxeViolations, type BrowserSession } from '../../src/browser.ts'
import { notifications, waitForPath } from '../../src/pages.ts'
import { useProduct } from '../../src/fixture.ts'

const SUPPORT_EMAIL = 'assessments@support.example.test'

const fixture = useProduct({ SUPPORT_EMAIL })
let member: Account
let session: BrowserSession
let page: Page

beforeAll(async () => {
  member = await fixture.createAccount('standard', { firstName: 'Lena', lastName: 'Berg' })
  session = await fixture.newBrowserSession(member)
  page = await session.newPage()
})

afterAll(async () => {
  await session?.close()
})

/** Mail-client launches the page asks for: Chromium reports each external-protocol navigation as a request. */
function mailtoLaunches(target: Page): Array<{ url: string; at: number }> {
  const launches: Array<{ url: string; at: number }> = []
  target.on('request', (request) => {
    if (request.url().startsWith('mailto:')) launches.push({ url: request.url(), at: Date.now() })
  })
  return launches
}

describe('Request New Assessment', () => {
  test('asks for the required fields before opening the mail client', async () => {
    await page.goto(`${fixture.product.url}/request-assessment`)
    await page.getByRole('heading', { name: 'Request New Assessment' }).waitFor()
    const launches = mailtoLaunches(page)
    const name = page.getByLabel('Your Name')
    const email = page.getByLabel('Email')
    const message = page.getByLabel('Message')
    await expect(name.inputValue()).resolves.toBe('Lena Berg')
    await expect(email.inputValue()).resolves.toBe(member.user.email)
    await expect(page.getByLabel('Company (optional)').inputValue()).resolves.toBe('')
    await expect(message.inputValue()).resolves.toMatch(/new DISC assessment for my team/)
    expect(await page.getByRole('main').innerText()).not.toContain(SUPPORT_EMAIL)
    await expect(page.content()).resolves.not.toContain(SUPPORT_EMAIL)
    await expect(
      page.getByRole('main').getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href'),
    ).resolves.toBe('/')
    await expectNoAxeViolations(page)

    await name.fill('  ')
    await message.fill('')
    await page.getByRole('button', { name: 'Send Request' }).click()
    const alert = page.getByRole('main').getByRole('alert')
    await expect(alert.innerText()).resolves.toBe('Please fill in all required fields')
    for (const field of [name, message]) {
      await expect(field.getAttribute('aria-invalid')).resolves.toBe('true')
      await expect(field.getAttribute('aria-describedby')).resolves.toBe(await alert.getAttribute('id'))
    }
    await expect(email.getAttribute('aria-invalid')).resolves.toBe('false')
    await expectNoAxeViolations(page)
    await page.waitForTimeout(1200)
    expect(launches).toHaveLength(0)
    session.expectNoPageErrors()
  })

  test('opens the mail client to the support address a second after submitting, from the keyboard', async () => {
    await page.goto(`${fixture.product.url}/request-assessment`)
    await page.getByRole('heading', { name: 'Request New Assessment' }).waitFor()
    const launches = mailtoLaunches(page)
    await page.getByLabel('Company (optional)').fill('Acme & Sons')
    await page.getByLabel('Message').fill('Please assess our team of 12 = soon?')
    await page.getByLabel('Message').focus()
    await page.keyboard.press('Tab')
    await expect(page.evaluate('document.activeElement?.textContent')).resolves.toBe('Send Request')
    const submittedAt = Date.now()
    await page.keyboard.press('Enter')

    // 'Email Client Opened' is said when the mail client is asked to open, a second after the submit.
    const toast = notifications(page).getByRole('status')
    await page.getByRole('button', { name: 'Opening Email Client...' }).waitFor()
    await expect(toast.getByText('Email Client Opened').count()).resolves.toBe(0)
    await expect.poll(() => launches.length, { timeout: 3000 }).toBe(1)
    await toast.getByText('Email Client Opened').waitFor({ timeout: 1000 })
    const waited = launches[0]!.at - submittedAt
    expect(waited).toBeGreaterThanOrEqual(900)
    expect(waited).toBeLessThan(2500)

    const mailto = new URL(launches[0]!.url)
    expect(mailto.protocol).toBe('mailto:')
    expect(decodeURIComponent(mailto.pathname)).toBe(SUPPORT_EMAIL)
    const subject = mailto.searchParams.get('subject')
    const body = mailto.searchParams.get('body')
    expect(subject).toContain('New DISC Assessment')
    expect(subject).toContain('Acme & Sons')
    expect(body).toContain('Name: Lena Berg')
    expect(body).toContain(`Email: ${member.user.email}`)
    expect(body).toContain('Company: Acme & Sons')
    expect(body).toContain('Please assess our team of 12 = soon?')
    expect(new URL(page.url()).pathname).toBe('/request-assessment')
    session.expectNoPageErrors()
  })

  test('Back to Dashboard goes to the Ask page', async () => {
    await page.goto(`${fixture.product.url}/request-assessment`)
    await page.getByRole('link', { name: 'Back to Dashboard' }).click()
    await waitForPath(page, '/')
    session.expectNoPageErrors()
  })
})
