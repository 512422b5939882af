import type { Profile } from '@app/contracts/profiles'
import { DISC_SLIDERS } from '@app/domain/content/disc-styles'
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { type Account } from '../../src/api.ts'
import { expectNoAxeViolations, type BrowserSession } from '../../src/browser.ts'
import { notifications, pathnameOf, waitForPath, waitForSettledPage } from '../../src/pages.ts'
import { useProduct } from '../../src/fixture.ts'

const fixture = useProduct()

async function openScores(account: Account): Promise<{ session: BrowserSession; page: Page }> {
  const session = await fixture.newBrowserSession(account)
  const page = await session.newPage()
  await page.goto(`${fixture.product.url}/scores`)
  await waitForSettledPage(page)
  return { session, page }
}

const slider = (page: Page, label: string) => page.getByRole('slider', { name: label, exact: true })

/** Focuses a slider and presses keys on it, as a keyboard user would. */
async function pressOn(page: Page, label: string, ...keys: string[]): Promise<void> {
  await slider(page, label).focus()
  for (const key of keys) await page.keyboard.press(key)
}

async function shownValue(page: Page, label: string): Promise<string> {
  const id = await slider(page, label).getAttribute('id')
  return page.locator(`output[for="${id}"]`).innerText()
}

async function savedProfiles(account: Account): Promise<Profile[]> {
  return (await account.session.expect(200, 'GET', '/api/assessments')) as Profile[]
}

describe('score entry', () => {
  test('sliders start at 50 with their descriptions, move by keyboard, and a tie goes to the earlier type', async () => {
    const account = await fixture.createAccount('standard', { firstName: 'Priya', lastName: 'Nair' })
    const { session, page } = await openScores(account)
    await page.getByRole('heading', { level: 1, name: 'Enter Your DISC Scores' }).waitFor()
    await expect(page.getByLabel('Your Name (Optional)').inputValue()).resolves.toBe('')
    for (const { label, description } of DISC_SLIDERS) {
      const range = slider(page, label)
      await expect(range.getAttribute('type')).resolves.toBe('range')
      await expect(range.getAttribute('min')).resolves.toBe('0')
      await expect(range.getAttribute('max')).resolves.toBe('100')
      await expect(range.getAttribute('step')).resolves.toBe('1')
      await expect(range.inputValue()).resolves.toBe('50')
      await expect(shownValue(page, label)).resolves.toBe('50')
      await page.getByText(description).waitFor()
    }
    // Four equal scores: D comes first in D, I, S, C.
    await page.getByText('Primary style with these scores: Dominance (D)').waitFor()
    await expectNoAxeViolations(page)

    await pressOn(page, 'Dominance (D)', 'Home')
    await pressOn(page, 'Influence (I)', 'PageUp')
    await pressOn(page, 'Steadiness (S)', 'PageUp')
    await pressOn(page, 'Conscientiousness (C)', 'ArrowRight', 'ArrowRight')
    expect(await shownValue(page, 'Dominance (D)')).toBe('0')
    expect(await shownValue(page, 'Influence (I)')).toBe('60')
    expect(await shownValue(page, 'Steadiness (S)')).toBe('60')
    expect(await shownValue(page, 'Conscientiousness (C)')).toBe('52')
    await page.getByText('Primary style with these scores: Influence (I)').waitFor()

    await page.getByLabel('Your Name (Optional)').fill('  Priya (team lead)  ')
    await page.getByRole('button', { name: 'Get Your Personalized Advice' }).click()
    const toast = notifications(page).getByRole('status')
    await toast.getByText('Scores Saved!', { exact: true }).waitFor()
    await toast.getByText('Your DISC scores have been interpreted and saved.').waitFor()
    await waitForPath(page, '/history')
    await waitForSettledPage(page)

    // I and S tie at 60, so I is primary; round(score / 100 × 4) per type gives I, I, S, S, C, C, cut to 4.
    const card = page.getByRole('article', { name: 'Priya (team lead)' })
    await card.getByText('I · Influence').waitFor()
    const cardText = await card.innerText()
    expect(cardText).toMatch(/Dominance \(D\)\s*0%/)
    expect(cardText).toMatch(/Influence \(I\)\s*60%/)
    expect(cardText).toMatch(/Steadiness \(S\)\s*60%/)
    expect(cardText).toMatch(/Conscientiousness \(C\)\s*52%/)
    const [saved] = await savedProfiles(account)
    expect(saved).toMatchObject({
      name: 'Priya (team lead)',
      assessmentType: 'disc',
      dScore: 0,
      iScore: 60,
      sScore: 60,
      cScore: 52,
      primaryType: 'I',
      answers: ['I', 'I', 'S', 'S'],
    })
    session.expectNoPageErrors()
    await session.close()
  })

  test("End moves a slider to 100, and without a name the account's name is saved", async () => {
    const account = await fixture.createAccount('standard', { firstName: 'Omar', lastName: 'Haddad' })
    const { session, page } = await openScores(account)
    await pressOn(page, 'Conscientiousness (C)', 'End')
    await pressOn(page, 'Steadiness (S)', 'ArrowLeft', 'ArrowLeft', 'ArrowLeft')
    expect(await shownValue(page, 'Conscientiousness (C)')).toBe('100')
    expect(await shownValue(page, 'Steadiness (S)')).toBe('47')
    await page.getByRole('button', { name: 'Get Your Personalized Advice' }).click()
    await waitForPath(page, '/history')
    await waitForSettledPage(page)
    const card = page.getByRole('article', { name: 'Omar Haddad' })
    await card.getByText('C · Conscientiousness').waitFor()
    expect(await card.innerText()).toMatch(/Conscientiousness \(C\)\s*100%/)
    const [saved] = await savedProfiles(account)
    // D 50, I 50, S 47, C 100: two answers each for D and I, two for S, four for C, cut to the first four.
    expect(saved).toMatchObject({ name: 'Omar Haddad', primaryType: 'C', answers: ['D', 'D', 'I', 'I'] })
    await expectNoAxeViolations(page)
    session.expectNoPageErrors()
    await session.close()
  })

  test('a failed save shows the error toast and stays on the page with the scores kept', async () => {
    const account = await fixture.createAccount('standard', { firstName: 'Sofia', lastName: 'Rossi' })
    const { session, page } = await openScores(account)
    await pressOn(page, 'Influence (I)', 'End')
    // The server fails the save (a session that ends signs the user out: accounts/session-end.test.ts).
    await page.route('**/api/assessments', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal error"}' }),
    )
    await page.getByRole('button', { name: 'Get Your Personalized Advice' }).click()
    const alert = notifications(page).getByRole('alert')
    await alert.getByText('Error', { exact: true }).waitFor()
    await alert.getByText('Failed to save your scores. Please try again.').waitFor()
    expect(pathnameOf(page)).toBe('/scores')
    expect(await shownValue(page, 'Influence (I)')).toBe('100')
    await expect(
      page.getByRole('button', { name: 'Get Your Personalized Advice' }).isEnabled(),
    ).resolves.toBe(true)
    session.expectNoPageErrors([/status of 500 .*\/api\/assessments\)$/])
    await session.close()
  })
})
