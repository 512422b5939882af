import type { AccessibleProfile, Profile } from '@app/contracts/profiles'
import { SHARING_MESSAGES } from '@app/contracts/sharing'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, test } from 'vitest'
import type { Account } from '../../src/api.ts'
import { expectNoAxeViolations, type BrowserSession } from '../../src/browser.ts'
import { useProduct } from '../../src/fixture.ts'
import { expectToast, notifications, waitForPath, waitForSettledPage } from '../../src/pages.ts'

// Every page that lists profiles reads one cached answer per endpoint, and a save or an import refreshes
// them all: the new profile shows on the next page opened, without a reload (issue 27).
const fixture = useProduct()

const EMPTY_HISTORY = 'No assessment history found. Take an assessment to see your results here.'

let administrator: Account

beforeAll(async () => {
  // An administrator sees every profile, lists them in User Management, and may invite to their own.
  administrator = await fixture.createAccount('administrator', { firstName: 'Mira', lastName: 'Okafor' })
})

/** Opens one page of the product by its address; every later page is reached through the header's links. */
async function openFirstPage(
  browserSession: BrowserSession,
  path: string,
): Promise<{ page: Page; documents: () => number }> {
  const page = await browserSession.newPage()
  let documents = 0
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents += 1
  })
  await page.goto(`${fixture.product.url}${path}`)
  await waitForSettledPage(page)
  return { page, documents: () => documents }
}

/** Follows a header link, as a user moves between pages: the app stays loaded, with its cache. */
async function follow(page: Page, link: string, path: string): Promise<void> {
  await page.getByRole('navigation').getByRole('link', { name: link, exact: true }).click()
  await waitForPath(page, path)
  await waitForSettledPage(page)
}

const teamMapSummary = (page: Page) =>
  page.getByRole('region', { name: 'Team Map' }).getByText(/^Team map of \d+ (people|person) you can see/)

const userOption = (page: Page, email: string) =>
  page
    .getByRole('listbox', { name: 'Users' })
    .getByRole('option')
    .filter({ has: page.getByText(email, { exact: true }) })

async function profileNamed(name: string): Promise<AccessibleProfile> {
  const profiles = (await administrator.session.expect(
    200,
    'GET',
    '/api/all-profiles',
  )) as AccessibleProfile[]
  const found = profiles.find((profile) => profile.name === name)
  if (!found) throw new Error(`No profile named ${name}`)
  return found
}

describe('lists of profiles after a change', () => {
  test('a saved score shows at once on My Profile, Share, Collaborate and User Management', async () => {
    const browserSession = await fixture.newBrowserSession(administrator)
    const { page, documents } = await openFirstPage(browserSession, '/history')

    // Every page that lists profiles is seen first, so each holds its answer from before the save.
    await page.getByText(EMPTY_HISTORY, { exact: true }).waitFor()
    await follow(page, 'Collaborate', '/collaborate')
    await expect(teamMapSummary(page).innerText()).resolves.toMatch(/^Team map of 0 people you can see/)
    await follow(page, 'Manage Users', '/admin/user-management')
    await expect(userOption(page, administrator.user.email).innerText()).resolves.not.toContain('Primary:')
    await follow(page, 'Share', '/share-profile')
    await page.getByText(SHARING_MESSAGES.noProfileToShare, { exact: true }).waitFor()

    await page.getByRole('main').getByRole('link', { name: 'Enter DISC scores' }).click()
    await waitForPath(page, '/scores')
    await page.getByLabel('Your Name (Optional)').fill('Mira at the offsite')
    await page.getByRole('button', { name: 'Get Your Personalized Advice' }).click()
    await notifications(page).getByText('Scores Saved!', { exact: true }).waitFor()
    await waitForPath(page, '/history')
    await page.getByRole('article', { name: 'Mira at the offsite' }).waitFor()
    const saved = (await administrator.session.expect(200, 'GET', '/api/assessments')) as Profile[]
    expect(saved.map((profile) => profile.name)).toEqual(['Mira at the offsite'])

    await follow(page, 'Share', '/share-profile')
    await page.getByRole('button', { name: 'Create Invitation' }).waitFor()
    await expect(page.getByText(SHARING_MESSAGES.noProfileToShare).count()).resolves.toBe(0)

    await follow(page, 'Collaborate', '/collaborate')
    await page.getByTestId('team-map').locator(`[data-profile-id="${saved[0]!.id}"]`).waitFor()
    await expect(teamMapSummary(page).innerText()).resolves.toMatch(/^Team map of 1 person you can see/)

    await follow(page, 'Manage Users', '/admin/user-management')
    await userOption(page, administrator.user.email)
      .getByText(/Primary: D/)
      .waitFor()
    await expectNoAxeViolations(page)

    expect(documents()).toBe(1)
    browserSession.expectNoPageErrors()
    await browserSession.close()
  })

  test('a person imported by hand shows at once on Collaborate and User Management', async () => {
    const browserSession = await fixture.newBrowserSession(administrator)
    const { page, documents } = await openFirstPage(browserSession, '/collaborate')
    await expect(teamMapSummary(page).innerText()).resolves.toMatch(/^Team map of 1 person you can see/)
    await follow(page, 'Manage Users', '/admin/user-management')
    await userOption(page, administrator.user.email)
      .getByText(/Primary: D/)
      .waitFor()
    await expect(userOption(page, 'ines.bauer@example.test').count()).resolves.toBe(0)

    await follow(page, 'Import', '/admin/simple-import')
    await page.getByLabel('First Name').fill('Ines')
    await page.getByLabel('Last Name').fill('Bauer')
    await page.getByLabel('Email').fill('ines.bauer@example.test')
    await page.getByLabel('S (Steadiness)').fill('85')
    await page.getByRole('button', { name: 'Add User' }).click()
    await expectToast(page, 'User successfully imported')
    const imported = await profileNamed('Ines Bauer')

    await follow(page, 'Collaborate', '/collaborate')
    await page.getByTestId('team-map').locator(`[data-profile-id="${imported.id}"]`).waitFor()
    await expect(teamMapSummary(page).innerText()).resolves.toMatch(/^Team map of 2 people you can see/)

    await follow(page, 'Manage Users', '/admin/user-management')
    await userOption(page, 'ines.bauer@example.test')
      .getByText(/Primary: S/)
      .waitFor()

    expect(documents()).toBe(1)
    browserSession.expectNoPageErrors()
    await browserSession.close()
  })
})
