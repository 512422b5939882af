import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Account } from '../../src/api.ts'
import { expectNoAxeViolations, type BrowserSession } from '../../src/browser.ts'
import { notifications } from '../../src/pages.ts'
import { useProduct } from '../../src/fixture.ts'

// Started like `npm start` with only the first administrator named: no SUPPORT_EMAIL anywhere.
const fixture = useProduct()
let member: Account
let session: BrowserSession

beforeAll(async () => {
  member = await fixture.createAccount('standard', { firstName: 'Ada', lastName: 'Quist' })
  session = await fixture.newBrowserSession(member)
})

afterAll(async () => {
  await session?.close()
})

describe('Request New Assessment on a default install', () => {
  test('the server gives a support address the page accepts: the first administrator', async () => {
    const response = await member.session.expect(200, 'GET', '/api/config')
    expect(response).toMatchObject({ supportEmail: fixture.product.administrator.email })
  })

  test.each([
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ])('sends a request at $width px, to the default support address', async (viewport) => {
    const page = await session.newPage()
    await page.setViewportSize(viewport)
    const launches: string[] = []
    page.on('request', (request) => {
      if (request.url().startsWith('mailto:')) launches.push(request.url())
    })
    await page.goto(`${fixture.product.url}/request-assessment`)
    await page.getByRole('heading', { name: 'Request New Assessment' }).waitFor()
    const send = page.getByRole('button', { name: 'Send Request' })
    await expect.poll(() => send.isEnabled()).toBe(true)
    await expect(page.getByRole('main').getByRole('alert').count()).resolves.toBe(0)
    await expectNoAxeViolations(page)

    await send.click()
    await expect.poll(() => launches.length, { timeout: 3000 }).toBe(1)
    await notifications(page).getByText('Email Client Opened').waitFor()
    expect(decodeURIComponent(new URL(launches[0]!).pathname)).toBe(fixture.product.administrator.email)
    expect(await page.getByRole('main').innerText()).not.toContain('could not be loaded')
    await expectNoAxeViolations(page)
    await page.close()
    session.expectNoPageErrors()
  })
})
