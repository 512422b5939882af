import type { AccessibleProfile, Profile, SaveAssessmentRequest } from '@app/contracts/profiles'
import { PREVUE_DIMENSIONS, type PrevueScores } from '@app/domain/prevue'
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { ApiSession, registerUser, type Account } from '../../src/api.ts'
import { expectNoAxeViolations, type BrowserSession } from '../../src/browser.ts'
import { notifications, waitForPath, waitForSettledPage } from '../../src/pages.ts'
import { useProduct } from '../../src/fixture.ts'

const fixture = useProduct()

const EMPTY_TEXT = 'No assessment history found. Take an assessment to see your results here.'

async function browseAs(session: ApiSession): Promise<{ browserSession: BrowserSession; page: Page }> {
  const browserSession = await fixture.newBrowserSession(session)
  return { browserSession, page: await browserSession.newPage() }
}

async function openHistory(page: Page): Promise<void> {
  await page.goto(`${fixture.product.url}/history`)
  await waitForSettledPage(page)
}

async function saveDisc(session: ApiSession, scores: [number, number, number, number], name?: string) {
  const [dScore, iScore, sScore, cScore] = scores
  const body: SaveAssessmentRequest = { assessmentType: 'disc', dScore, iScore, sScore, cScore, name }
  return (await session.expect(201, 'POST', '/api/assessments', body)) as Profile
}

async function savePrevue(session: ApiSession, value: number) {
  const scoresData = Object.fromEntries(
    PREVUE_DIMENSIONS.map((dimension) => [dimension, value]),
  ) as PrevueScores
  const body: SaveAssessmentRequest = { assessmentType: 'prevue', scoresData }
  return (await session.expect(201, 'POST', '/api/assessments', body)) as Profile
}

describe('My Profile', () => {
  test('shows the loading text, then the empty text for a new user, with its two links', async () => {
    const account = await fixture.createAccount('standard', { firstName: 'Elif', lastName: 'Demir' })
    const { browserSession, page } = await browseAs(account.session)
    // The real answer is held back until the loading state has been seen.
    let release: () => void = () => undefined
    const answerHeld = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/accessible-profiles', async (route) => {
      await answerHeld
      await route.continue()
    })
    await page.goto(`${fixture.product.url}/history`)
    await page.getByRole('heading', { level: 1, name: 'My Profile' }).waitFor()
    await page.getByText('Loading profiles...', { exact: true }).waitFor()
    await expectNoAxeViolations(page)
    release()

    await page.getByText(EMPTY_TEXT, { exact: true }).waitFor()
    await expect(page.getByLabel('Select a profile').count()).resolves.toBe(0)
    await expect(page.getByRole('article').count()).resolves.toBe(0)
    const main = page.getByRole('main')
    await expect(main.getByRole('link', { name: 'Take New Assessment' }).getAttribute('href')).resolves.toBe(
      '/assessment',
    )
    await expect(main.getByRole('link', { name: 'Invite Others' }).getAttribute('href')).resolves.toBe(
      '/share-profile',
    )
    await expectNoAxeViolations(page)

    await main.getByRole('link', { name: 'Take New Assessment' }).click()
    await waitForPath(page, '/assessment')
    await page.getByRole('button', { name: 'Start DISC Assessment' }).waitFor()
    browserSession.expectNoPageErrors()
    await browserSession.close()
  })

  test('one profile shows its card alone; several add a selector, newest first, that switches the card', async () => {
    const account = await fixture.createAccount('standard', { firstName: 'Jonas', lastName: 'Weber' })
    const first = await saveDisc(account.session, [80, 40, 20, 10], 'Jonas at onboarding')
    const { browserSession, page } = await browseAs(account.session)
    await openHistory(page)
    await page.getByRole('article', { name: 'Jonas at onboarding' }).waitFor()
    await expect(page.getByLabel('Select a profile').count()).resolves.toBe(0)

    await savePrevue(account.session, 6.5)
    const newest = await saveDisc(account.session, [20, 30, 70, 40])
    await openHistory(page)
    const selector = page.getByLabel('Select a profile')
    const options = await selector.getByRole('option').allInnerTexts()
    expect(options).toHaveLength(3)
    expect(options[0]).toMatch(/^Jonas Weber · DISC · /)
    expect(options[1]).toMatch(/^Jonas Weber · PREVUE · /)
    expect(options[2]).toMatch(/^Jonas at onboarding · DISC · /)
    expect(options.some((option) => option.includes('(Shared with you)'))).toBe(false)
    // The newest profile is shown first.
    await expect(selector.inputValue()).resolves.toBe(String(newest.id))
    const newestCard = page.getByRole('article', { name: 'Jonas Weber' })
    await newestCard.getByText('S · Steadiness').waitFor()
    expect(await newestCard.innerText()).toMatch(/Steadiness \(S\)\s*70%/)
    await expectNoAxeViolations(page)

    await selector.selectOption(String(first.id))
    const firstCard = page.getByRole('article', { name: 'Jonas at onboarding' })
    await firstCard.getByText('D · Dominance').waitFor()
    expect(await firstCard.innerText()).toMatch(/Dominance \(D\)\s*80%/)
    await expect(
      firstCard.getByRole('link', { name: 'Log In as Jonas at onboarding' }).getAttribute('href'),
    ).resolves.toBe('/login')

    await selector.selectOption({ index: 1 })
    const prevueCard = page.getByRole('article', { name: 'Jonas Weber' })
    await prevueCard.getByText('PREVUE', { exact: true }).waitFor()
    expect(await prevueCard.innerText()).toMatch(/General Ability\s*6\.5\/10/)
    await expectNoAxeViolations(page)
    browserSession.expectNoPageErrors()
    await browserSession.close()
  })

  test("the owner's card shows the username, and the derived password only until the owner changes it", async () => {
    // The owner chose the spec's derived password ('#' + first + last name + the last name's length).
    const registered = await registerUser(fixture.administrator, 'standard', {
      firstName: 'Noor',
      lastName: 'Haddad',
    })
    const session = new ApiSession(fixture.product.url)
    await session.login(registered.username, registered.password)
    await session.expect(200, 'POST', '/api/auth/change-password', {
      currentPassword: registered.password,
      newPassword: '#noorhaddad6',
    })
    await saveDisc(session, [30, 70, 50, 20])
    const { browserSession, page } = await browseAs(session)
    await openHistory(page)

    const card = page.getByRole('article', { name: 'Noor Haddad' })
    const login = card.getByRole('region', { name: 'Your login details' })
    await login.getByText(registered.username, { exact: true }).waitFor()
    await login.getByText('#noorhaddad6', { exact: true }).waitFor()
    await login.getByText('This password is derived from your name').waitFor()
    await expect(
      card.getByRole('link', { name: 'Log In as Noor Haddad' }).getAttribute('href'),
    ).resolves.toBe('/login')
    await expectNoAxeViolations(page)

    await login.getByRole('link', { name: 'Change your password' }).click()
    await waitForPath(page, '/change-password')
    await page.getByLabel('Current Password', { exact: true }).fill('#noorhaddad6')
    await page.getByLabel('New Password', { exact: true }).fill('Noor-chooses-7')
    await page.getByLabel('Confirm New Password', { exact: true }).fill('Noor-chooses-7')
    await page.getByRole('button', { name: 'Change Password' }).click()
    await notifications(page).getByText('Password Changed', { exact: true }).waitFor()
    await waitForPath(page, '/history')
    await waitForSettledPage(page)

    await login.getByText(registered.username, { exact: true }).waitFor()
    await expect(login.getByText('Initial password').count()).resolves.toBe(0)
    await expect(page.getByText('#noorhaddad6').count()).resolves.toBe(0)
    await expectNoAxeViolations(page)
    browserSession.expectNoPageErrors()
    await browserSession.close()
  })

  test('another user never sees your profiles, in the page or through the API', async () => {
    const owner = await fixture.createAccount('standard', { firstName: 'Ada', lastName: 'Quinn' })
    const mine = await saveDisc(owner.session, [10, 20, 30, 90], 'Ada private profile')
    const other: Account = await fixture.createAccount('standard', {
      firstName: 'Ben',
      lastName: 'Stone',
    })

    const { browserSession, page } = await browseAs(other.session)
    await openHistory(page)
    await page.getByText(EMPTY_TEXT, { exact: true }).waitFor()
    await expect(page.getByText('Ada private profile').count()).resolves.toBe(0)

    const accessible = (await other.session.expect(
      200,
      'GET',
      '/api/accessible-profiles',
    )) as AccessibleProfile[]
    const listed = (await other.session.expect(200, 'GET', '/api/assessments')) as Profile[]
    expect([...accessible, ...listed].map((profile) => profile.id)).not.toContain(mine.id)
    const search = (await other.session.expect(
      200,
      'GET',
      `/api/profiles/search?name=${encodeURIComponent('Ada private')}`,
    )) as { match: AccessibleProfile | null; others: string[] }
    expect(search).toEqual({ match: null, others: [] })

    // The owner, in their own browser, does see it.
    const ownerBrowser = await browseAs(owner.session)
    await openHistory(ownerBrowser.page)
    await ownerBrowser.page.getByRole('article', { name: 'Ada private profile' }).waitFor()
    ownerBrowser.browserSession.expectNoPageErrors()
    await ownerBrowser.browserSession.close()
    browserSession.expectNoPageErrors()
    await browserSession.close()
  })
})
