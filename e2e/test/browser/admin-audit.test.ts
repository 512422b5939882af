import { readFile } from 'node:fs/promises'
import type { AuditPage } from '@app/contracts/audit'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Account } from '../../src/api.ts'
import { expectNoAxeViolations, type BrowserSession } from '../../src/browser.ts'
import { useProduct } from '../../src/fixture.ts'
import { expectAdministratorsOnly, openPage, waitForSettledPage } from '../../src/pages.ts'

const fixture = useProduct()

let member: Account
let browser: BrowserSession
let page: Page

const rows = () => page.getByRole('region', { name: 'Audit records' }).locator('tbody tr')

async function openAuditLog(): Promise<void> {
  await openPage(page, `${fixture.product.url}/admin/audit`, 'Audit Log')
  await waitForSettledPage(page)
}

beforeAll(async () => {
  member = await fixture.createAccount('standard', { firstName: 'Mina', lastName: 'Member' })
  await fixture.administrator.expect(200, 'PUT', `/api/admin/user/${member.user.id}`, {
    firstName: 'Mina',
    email: 'mina.renamed@example.test',
  })
  // The consumer stores records just after their requests end.
  const edits = async () =>
    ((await fixture.administrator.expect(200, 'GET', '/api/admin/audit?kind=user.edited')) as AuditPage).total
  for (let wait = 0; (await edits()) < 1; wait += 1) {
    if (wait > 100) throw new Error('the edit was never recorded')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  browser = await fixture.newBrowserSession(fixture.administrator)
  page = await browser.newPage()
}, 60_000)

afterAll(async () => {
  await browser?.close()
})

describe('Audit Log (/admin/audit)', () => {
  test('shows who did what, filters by kind and person, says when nothing matches, and passes axe', async () => {
    await openAuditLog()
    await expect.poll(() => rows().count()).toBeGreaterThan(2)
    await expectNoAxeViolations(page)

    await page.getByLabel('Kind').selectOption({ label: 'User edited' })
    await expect.poll(() => rows().count()).toBe(1)
    const edited = await rows().first().innerText()
    expect(edited).toContain('User edited')
    expect(edited).toContain('Administrator')
    expect(edited).toContain('Changed: email, username')
    expect(edited).not.toContain('mina.renamed@example.test (')
    await expect(page.getByText('1 record', { exact: true }).count()).resolves.toBe(1)

    await page.getByLabel('Kind').selectOption({ label: 'Every kind' })
    await page.getByLabel('Person').selectOption({ value: String(member.user.id) })
    await expect.poll(async () => (await rows().allInnerTexts()).join('\n')).toContain('Password changed')
    for (const text of await rows().allInnerTexts()) expect(text).toContain('mina.renamed@example.test')

    await page.getByLabel('Kind').selectOption({ label: 'Account deleted' })
    await page.getByText('No audit records match these filters.', { exact: true }).waitFor()
    await expectNoAxeViolations(page)
    browser.expectNoPageErrors()
  })

  test('is reached from User Management by keyboard', async () => {
    await openPage(page, `${fixture.product.url}/admin/user-management`, 'User Management')
    await page.getByRole('link', { name: 'Audit Log' }).focus()
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { level: 1, name: 'Audit Log' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/admin/audit')
  })

  test('downloads the filtered records as CSV by keyboard', async () => {
    await openAuditLog()
    await page.getByLabel('Kind').selectOption({ label: 'User edited' })
    await expect.poll(() => rows().count()).toBe(1)
    const link = page.getByRole('link', { name: 'Download CSV' })
    const download = page.waitForEvent('download')
    await link.focus()
    await page.keyboard.press('Enter')
    const file = await download
    expect(file.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/)
    const lines = (await readFile(await file.path(), 'utf8')).trimEnd().split('\r\n')
    expect(lines[0]).toBe(
      'at,kind,actorId,actorRole,userId,profileOwnerId,invitationId,details,address,requestId',
    )
    expect(lines.slice(1)).toEqual([
      expect.stringContaining(`,user.edited,1,administrator,${member.user.id},`),
    ])
    browser.expectNoPageErrors()
  })

  test('says so when the log cannot be loaded, and loads it on Try again', async () => {
    let refuse = true
    await page.route('**/api/admin/audit?*', (route) => (refuse ? route.abort() : route.fallback()))
    await page.goto(`${fixture.product.url}/admin/audit`)
    await page.getByText('The audit log could not be loaded. Please try again.').waitFor()
    refuse = false
    await page.getByRole('button', { name: 'Try again' }).click()
    await expect.poll(() => rows().count()).toBeGreaterThan(0)
    await page.unroute('**/api/admin/audit?*')
  })

  test('is for administrators only: a standard user is sent away with Access Denied', async () => {
    // The administrator's edit ended Mina's sessions: she signs in again, with her new address.
    await member.session.login('mina.renamed@example.test', member.password)
    const memberBrowser = await fixture.newBrowserSession(member)
    try {
      const memberPage = await memberBrowser.newPage()
      await expectAdministratorsOnly(memberPage, `${fixture.product.url}/admin/audit`, '/login')
      expect((await member.session.call('GET', '/api/admin/audit')).status).toBe(403)
    } finally {
      await memberBrowser.close()
    }
  })
})
