import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { promisify } from 'node:util'
import type { Locator, Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import type { ApiSession } from '../../src/api.ts'
import { expectNoAxeViolations } from '../../src/browser.ts'
import { useProduct } from '../../src/fixture.ts'
import { waitForSettledPage } from '../../src/pages.ts'

/**
 * "Download report" on every page that shows a profile (issue 28): the button downloads the server's PDF of
 * that profile, from the keyboard as well as the mouse, shows that it is busy, and says why when it fails.
 */
const fixture = useProduct()
const run = promisify(execFile)

async function saveDisc(session: ApiSession, name: string, scores: [number, number, number, number]) {
  const [dScore, iScore, sScore, cScore] = scores
  await session.expect(201, 'POST', '/api/assessments', { name, dScore, iScore, sScore, cScore })
}

async function open(page: Page, path: string) {
  await page.goto(`${fixture.product.url}${path}`)
  await waitForSettledPage(page)
}

/** Presses the button as asked and answers the text of the PDF it downloaded, and the name it was saved as. */
async function downloadWith(page: Page, button: Locator, how: 'mouse' | 'keyboard') {
  const download = page.waitForEvent('download')
  if (how === 'keyboard') {
    await button.focus()
    await page.keyboard.press('Enter')
  } else await button.click()
  const file = await download
  const path = await file.path()
  const bytes = await readFile(path)
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
  const text = (await run('pdftotext', ['-enc', 'UTF-8', path, '-'])).stdout
  return { text, fileName: file.suggestedFilename() }
}

describe('Download report', () => {
  test('on My Profile: busy while the PDF is made, then the PDF of that profile, by keyboard', async () => {
    const account = await fixture.createAccount('standard', { firstName: 'Nora', lastName: 'Report' })
    await saveDisc(account.session, 'Nora Report', [30, 80, 40, 20])
    const browserSession = await fixture.newBrowserSession(account.session)
    const page = await browserSession.newPage()
    await open(page, '/history')
    const card = page.getByRole('article', { name: 'Nora Report' })
    const button = card.getByRole('button', { name: 'Download report for Nora Report' })
    await button.waitFor()
    await expectNoAxeViolations(page)

    // The answer is held back until the busy state has been seen.
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/profiles/*/report', async (route) => {
      await held
      await route.continue()
    })
    const downloaded = downloadWith(page, button, 'keyboard')
    await card.getByText('Preparing report…').waitFor()
    await expect(button.getAttribute('aria-busy')).resolves.toBe('true')
    release()
    const { text, fileName } = await downloaded
    expect(fileName).toBe('Nora-Report-disc-report.pdf')
    expect(text).toContain('Nora Report')
    expect(text).toContain('Primary style: Influence (The Motivator)')
    await card.getByText('Download report', { exact: true }).waitFor()
    await expect(button.getAttribute('aria-busy')).resolves.toBe('false')
    await page.unroute('**/api/profiles/*/report')

    // A refusal is said in the server's words, beside the button, and no file is saved.
    await page.route('**/api/profiles/*/report', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          code: 'GATEWAY_UPSTREAM_UNAVAILABLE',
          message: 'The service is busy; try again',
        }),
      }),
    )
    let downloads = 0
    page.on('download', () => (downloads += 1))
    await button.click()
    await card.getByRole('alert').getByText('The service is busy; try again').waitFor()
    await expectNoAxeViolations(page)
    expect(downloads).toBe(0)
    // The browser logs the refused answer itself; nothing else went wrong.
    browserSession.expectNoPageErrors([/status of 503 .*\/api\/profiles\/\d+\/report/])
    await browserSession.close()
  })

  test("on the Ask page's card: an administrator downloads another user's report", async () => {
    const owner = await fixture.createAccount('standard', { firstName: 'Omar', lastName: 'Shared' })
    await saveDisc(owner.session, 'Omar Shared', [85, 30, 20, 40])
    const browserSession = await fixture.newBrowserSession(fixture.administrator)
    const page = await browserSession.newPage()
    await open(page, '/ask-ai')
    const finder = page.getByRole('region', { name: 'Find a Profile' })
    await finder.getByLabel('Profile name').fill('Omar Shared')
    await finder.getByRole('button', { name: 'Search' }).click()
    const card = finder.getByRole('article', { name: 'Omar Shared' })
    const { text } = await downloadWith(
      page,
      card.getByRole('button', { name: 'Download report for Omar Shared' }),
      'mouse',
    )
    expect(text).toContain('Omar Shared')
    expect(text).toContain('Primary style: Dominance (The Driver)')
    browserSession.expectNoPageErrors()
    await browserSession.close()
  })

  test("on Collaborate's profile card: the picked profile's report", async () => {
    const account = await fixture.createAccount('standard', { firstName: 'Cleo', lastName: 'Picker' })
    await saveDisc(account.session, 'Cleo Picker', [20, 30, 40, 90])
    const browserSession = await fixture.newBrowserSession(account.session)
    const page = await browserSession.newPage()
    await open(page, '/collaborate')
    const picker = page.getByRole('combobox', { name: 'Profile A' })
    await picker.click()
    await picker.fill('Cleo')
    await page.getByRole('option', { name: /Cleo Picker/ }).click()
    const card = page.getByRole('region', { name: 'Profile A' }).getByRole('article')
    const { text } = await downloadWith(
      page,
      card.getByRole('button', { name: 'Download report for Cleo Picker' }),
      'keyboard',
    )
    expect(text).toContain('Cleo Picker')
    expect(text).toContain('Primary style: Conscientiousness (The Analyst)')
    await expectNoAxeViolations(page)
    browserSession.expectNoPageErrors()
    await browserSession.close()
  })

  test("on Collaborate's team map: the blind spots of the people shown, and their team report", async () => {
    const account = await fixture.createAccount('standard', { firstName: 'Tomas', lastName: 'Team' })
    await saveDisc(account.session, 'Tomas Team', [85, 20, 10, 30])
    const browserSession = await fixture.newBrowserSession(account.session)
    const page = await browserSession.newPage()
    await open(page, '/collaborate')
    const spots = page.getByRole('region', { name: 'Blind spots of the people shown' })
    // They load as their place below the map comes into view (or at the first interaction).
    await spots.scrollIntoViewIfNeeded()
    await spots
      .getByText('No one leads with Steadiness: plans may change faster than people can absorb.')
      .waitFor()
    const { text, fileName } = await downloadWith(
      page,
      spots.getByRole('button', { name: 'Download team report' }),
      'keyboard',
    )
    expect(fileName).toBe('team-report.pdf')
    expect(text).toContain('Everyone on the team map')
    expect(text).toContain('Tomas Team: Dominance')
    expect(text.replace(/\s+/g, ' ')).toContain('No one leads with Steadiness')
    await expectNoAxeViolations(page)
    browserSession.expectNoPageErrors()
    await browserSession.close()
  })
})
