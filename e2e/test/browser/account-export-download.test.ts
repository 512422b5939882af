import { readFile } from 'node:fs/promises'
import { strFromU8, unzipSync } from 'fflate'
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { saveDiscProfile } from '../../src/api.ts'
import { expectNoAxeViolations } from '../../src/browser.ts'
import { useProduct } from '../../src/fixture.ts'
import { waitForSettledPage } from '../../src/pages.ts'

/**
 * "Download my data" on the account's own page (issue 29, decision 060): the button downloads the zip of the
 * signed-in user's data, shows that it is busy meanwhile, and says why when the server refuses.
 */
const fixture = useProduct()

async function open(page: Page, path: string) {
  await page.goto(`${fixture.product.url}${path}`)
  await waitForSettledPage(page)
}

describe('Download my data', () => {
  test('busy while the archive is made, then the zip of that account; a refusal said in words', async () => {
    const account = await fixture.createAccount('standard', { firstName: 'Dina', lastName: 'Download' })
    await saveDiscProfile(account.session, 'Dina Download Profile')
    const browserSession = await fixture.newBrowserSession(account.session)
    const page = await browserSession.newPage()
    await open(page, '/change-password')
    const section = page.getByRole('region', { name: 'Your data' })
    const button = section.getByRole('button', { name: 'Download my data' })
    await button.waitFor()
    await expectNoAxeViolations(page)

    // The answer is held back until the busy state has been seen.
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/account/export', async (route) => {
      await held
      await route.continue()
    })
    const download = page.waitForEvent('download')
    await button.click()
    await section.getByText('Preparing your data…').waitFor()
    await expect(button.getAttribute('aria-busy')).resolves.toBe('true')
    release()
    const file = await download
    expect(file.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.zip$/)
    const files = unzipSync(new Uint8Array(await readFile(await file.path())))
    const data = JSON.parse(strFromU8(files['data.json']!)) as {
      account: { id: number }
      profiles: Array<{ name: string }>
    }
    expect(data.account.id).toBe(account.user.id)
    expect(data.profiles.map((profile) => profile.name)).toEqual(['Dina Download Profile'])
    expect(strFromU8(files['profiles.csv']!)).toContain('Dina Download Profile')
    await section.getByText('Download my data', { exact: true }).waitFor()
    await expect(button.getAttribute('aria-busy')).resolves.toBe('false')
    await page.unroute('**/api/account/export')

    // A refusal (here, an account being deleted) is said in the server's words, and no file is saved.
    await page.route('**/api/account/export', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({
          code: 'AUTH_ACCOUNT_BEING_DELETED',
          message: 'This account is being deleted, so its data can no longer be downloaded',
        }),
      }),
    )
    let downloads = 0
    page.on('download', () => (downloads += 1))
    await button.click()
    await section
      .getByRole('alert')
      .getByText('This account is being deleted, so its data can no longer be downloaded')
      .waitFor()
    await expectNoAxeViolations(page)
    expect(downloads).toBe(0)
    // The refusal itself is the one resource that failed to load.
    browserSession.expectNoPageErrors([/status of 409 \(Conflict\).*\/api\/account\/export/])
  }, 60_000)
})
