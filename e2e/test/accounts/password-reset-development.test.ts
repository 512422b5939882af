import { beforeAll, describe, expect, test } from 'vitest'
import { type Account } from '../../src/api.ts'
import { expectNoAxeViolations } from '../../src/browser.ts'
import { useProduct } from '../../src/fixture.ts'

const fixture = useProduct({ NODE_ENV: 'development' })
let member: Account

beforeAll(async () => {
  member = await fixture.createAccount('standard', { firstName: 'Dev', lastName: 'Tester' })
})

describe('forgot password in development mode', () => {
  test('shows the reset link under Development Mode, and the link opens the reset form', async () => {
    const session = await fixture.newBrowserSession()
    const page = await session.newPage()
    await page.goto(`${fixture.product.url}/forgot-password`)
    await page.getByLabel('Email address').fill(member.user.email)
    await page.getByRole('button', { name: 'Send Reset Link' }).click()
    await page.getByRole('heading', { name: 'Check Your Email' }).waitFor()

    const development = page.getByRole('region', { name: 'Development Mode' })
    const link = development.getByRole('link')
    const href = await link.getAttribute('href')
    const prefix = `${fixture.product.url}/reset-password?token=`
    expect(href?.startsWith(prefix)).toBe(true)
    expect(href!.slice(prefix.length)).toMatch(/^[\w-]{20,}$/)
    await expect(link.innerText()).resolves.toBe(href)
    await expectNoAxeViolations(page)

    await link.click()
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor()
    await expect(page.getByLabel('New Password', { exact: true }).isVisible()).resolves.toBe(true)
    session.expectNoPageErrors()
    await session.close()
  })

  test('an unknown address gets the same answer and no link', async () => {
    const session = await fixture.newBrowserSession()
    const page = await session.newPage()
    await page.goto(`${fixture.product.url}/forgot-password`)
    await page.getByLabel('Email address').fill('nobody-here@example.test')
    await page.getByRole('button', { name: 'Send Reset Link' }).click()
    await page.getByRole('heading', { name: 'Check Your Email' }).waitFor()
    await expect(page.getByText('Development Mode').count()).resolves.toBe(0)
    session.expectNoPageErrors()
    await session.close()
  })
})
