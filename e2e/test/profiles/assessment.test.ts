import type { Profile } from '@app/contracts/profiles'
import { DISC_QUESTIONS } from '@app/domain/content/disc-questions'
import { DISC_ADVICE_GROUPS, DISC_STYLES } from '@app/domain/content/disc-styles'
import { PREVUE_DIMENSION_LABELS } from '@app/domain/content/prevue-dimensions'
import { PREVUE_QUESTIONS } from '@app/domain/content/prevue-questions'
import type { DiscType } from '@app/domain/disc'
import type { PrevueScores } from '@app/domain/prevue'
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { type Account } from '../../src/api.ts'
import { expectNoAxeViolations, type BrowserSession } from '../../src/browser.ts'
import { notifications, waitForPath, waitForSettledPage } from '../../src/pages.ts'
import { useProduct } from '../../src/fixture.ts'

const fixture = useProduct()

async function openAssessment(account: Account): Promise<{ session: BrowserSession; page: Page }> {
  const session = await fixture.newBrowserSession(account)
  const page = await session.newPage()
  await page.goto(`${fixture.product.url}/assessment`)
  await waitForSettledPage(page)
  return { session, page }
}

function discLabel(questionIndex: number, type: DiscType): string {
  const option = DISC_QUESTIONS[questionIndex]!.options.find((candidate) => candidate.value === type)
  return option!.label
}

async function focusedText(page: Page): Promise<string> {
  return page.locator(':focus').innerText()
}

async function progress(page: Page): Promise<string | null> {
  return page.getByRole('progressbar', { name: 'Assessment progress' }).getAttribute('aria-valuenow')
}

describe('the DISC assessment', () => {
  test('taken by keyboard and mouse keeps answers going back, scores by the rules, saves into My Profile', async () => {
    const account = await fixture.createAccount('standard', { firstName: 'Ines', lastName: 'Moreau' })
    const { session, page } = await openAssessment(account)
    await page.getByRole('heading', { level: 1, name: 'Discover how you work best' }).waitFor()
    await page.getByText('Takes about 5 minutes · 4 questions').waitFor()
    await page.getByRole('heading', { name: 'What you will learn' }).waitFor()
    await expectNoAxeViolations(page)

    await page.getByRole('button', { name: 'Start DISC Assessment' }).focus()
    await page.keyboard.press('Enter')
    await page.getByText('Question 1 of 4').waitFor()
    expect(await focusedText(page)).toBe(DISC_QUESTIONS[0]!.question)
    expect(await progress(page)).toBe('25')
    await expect(page.getByRole('img', { name: DISC_QUESTIONS[0]!.imageAlt }).isVisible()).resolves.toBe(true)
    await expect(page.getByRole('button', { name: 'Previous' }).count()).resolves.toBe(0)
    const next = page.getByRole('button', { name: 'Next' })
    await expect(next.isDisabled()).resolves.toBe(true)
    await expectNoAxeViolations(page)

    // Question 1 by keyboard: Tab into the radio group, Space picks the focused option, Enter moves on.
    await page.keyboard.press('Tab')
    await page.keyboard.press('Space')
    await expect(page.getByRole('radio', { name: discLabel(0, 'D'), exact: true }).isChecked()).resolves.toBe(
      true,
    )
    await expect(next.isEnabled()).resolves.toBe(true)
    await page.keyboard.press('Enter')
    await page.getByText('Question 2 of 4').waitFor()
    expect(await progress(page)).toBe('50')

    // Question 2 by mouse, anywhere on the option's card; this answer is changed later.
    const cOption = DISC_QUESTIONS[1]!.options.find((option) => option.value === 'C')!
    await page.getByText(cOption.description).click()
    await expect(page.getByRole('radio', { name: cOption.label, exact: true }).isChecked()).resolves.toBe(
      true,
    )
    await next.click()

    // Question 3 by arrow keys: ArrowDown from the first option moves to and picks the second (D).
    await page.getByText('Question 3 of 4').waitFor()
    expect(DISC_QUESTIONS[2]!.options[1]!.value).toBe('D')
    await page.keyboard.press('Tab')
    await page.keyboard.press('ArrowDown')
    await expect(page.getByRole('radio', { name: discLabel(2, 'D'), exact: true }).isChecked()).resolves.toBe(
      true,
    )

    // Back to the start: every earlier answer is still there.
    await page.getByRole('button', { name: 'Previous' }).click()
    await page.getByText('Question 2 of 4').waitFor()
    await expect(page.getByRole('radio', { name: cOption.label, exact: true }).isChecked()).resolves.toBe(
      true,
    )
    await page.getByRole('button', { name: 'Previous' }).click()
    await page.getByText('Question 1 of 4').waitFor()
    await expect(page.getByRole('radio', { name: discLabel(0, 'D'), exact: true }).isChecked()).resolves.toBe(
      true,
    )
    await expect(next.isEnabled()).resolves.toBe(true)

    // Forward again, changing question 2 to D; question 3 kept its D.
    await next.click()
    await page.getByRole('radio', { name: discLabel(1, 'D'), exact: true }).check()
    await expect(page.getByRole('radio', { name: cOption.label, exact: true }).isChecked()).resolves.toBe(
      false,
    )
    await next.click()
    await page.getByText('Question 3 of 4').waitFor()
    await expect(page.getByRole('radio', { name: discLabel(2, 'D'), exact: true }).isChecked()).resolves.toBe(
      true,
    )
    await next.click()

    await page.getByText('Question 4 of 4').waitFor()
    expect(await progress(page)).toBe('100')
    await expect(next.count()).resolves.toBe(0)
    const viewResults = page.getByRole('button', { name: 'View Results' })
    await expect(viewResults.isDisabled()).resolves.toBe(true)
    await page.getByRole('radio', { name: discLabel(3, 'S'), exact: true }).check()
    await viewResults.click()

    // Answers D, D, D, S: round(count / 4 × 100) gives D 75, I 0, S 25, C 0; D is primary and reaches 60.
    await page.getByRole('heading', { level: 1, name: 'Your DISC Results' }).waitFor()
    expect(await focusedText(page)).toBe('Your DISC Results')
    for (const line of [
      'Dominance (D): 75%, your primary style',
      'Influence (I): 0%',
      'Steadiness (S): 25%',
      'Conscientiousness (C): 0%',
    ]) {
      await page.getByText(line, { exact: true }).waitFor()
    }
    const chart = await page.getByRole('figure').innerText()
    expect(chart).toContain('75%')
    expect(chart).toContain('25%')
    const style = DISC_STYLES.D
    await page.getByRole('heading', { level: 2, name: 'Dominance (D)' }).waitFor()
    await page.getByText(style.description).waitFor()
    await page.getByText(style.flexFactor).waitFor()
    for (const item of [...style.strengths, ...style.blindSpots]) await page.getByText(item).waitFor()
    for (const group of DISC_ADVICE_GROUPS) {
      await page.getByRole('heading', { level: 3, name: group.title }).waitFor()
      await page.getByText(style.advice[group.key][0]!).waitFor()
    }
    await expectNoAxeViolations(page)

    await page.getByRole('button', { name: 'Save My Results' }).click()
    const toast = notifications(page).getByRole('status')
    await toast.getByText('Results Saved!', { exact: true }).waitFor()
    await toast.getByText('Your assessment results have been saved successfully.').waitFor()
    await expect(page.getByRole('button', { name: 'Saved' }).isDisabled()).resolves.toBe(true)

    const saved = (await account.session.expect(200, 'GET', '/api/assessments')) as Profile[]
    expect(saved).toHaveLength(1)
    expect(saved[0]).toMatchObject({
      name: 'Ines Moreau',
      assessmentType: 'disc',
      dScore: 75,
      iScore: 0,
      sScore: 25,
      cScore: 0,
      primaryType: 'D',
      answers: ['D', 'D', 'D', 'S'],
      scoresData: null,
    })

    // A retake starts from the welcome screen with nothing chosen.
    await page.getByRole('button', { name: 'Retake Assessment' }).click()
    await page.getByRole('heading', { level: 1, name: 'Discover how you work best' }).waitFor()
    expect(await focusedText(page)).toBe('Discover how you work best')
    await page.getByRole('button', { name: 'Start DISC Assessment' }).click()
    await page.getByText('Question 1 of 4').waitFor()
    for (const radio of await page.getByRole('radio').all()) {
      await expect(radio.isChecked()).resolves.toBe(false)
    }

    await page.goto(`${fixture.product.url}/history`)
    await waitForSettledPage(page)
    const card = page.getByRole('article', { name: 'Ines Moreau' })
    await card.getByText('DISC', { exact: true }).waitFor()
    await card.getByText('D · Dominance').waitFor()
    const cardText = await card.innerText()
    expect(cardText).toMatch(/Dominance \(D\)\s*75%/)
    expect(cardText).toMatch(/Steadiness \(S\)\s*25%/)
    session.expectNoPageErrors()
    await session.close()
  })

  test('a failed save shows the error toast and leaves the results ready to save again', async () => {
    const account = await fixture.createAccount('standard', { firstName: 'Tomas', lastName: 'Berg' })
    const { session, page } = await openAssessment(account)
    await page.getByRole('button', { name: 'Start DISC Assessment' }).click()
    for (let index = 0; index < DISC_QUESTIONS.length; index += 1) {
      await page.getByText(`Question ${index + 1} of 4`).waitFor()
      await page.getByRole('radio', { name: discLabel(index, 'I'), exact: true }).check()
      await page.getByRole('button', { name: index === 3 ? 'View Results' : 'Next' }).click()
    }
    await page.getByRole('heading', { level: 2, name: 'Influence (I)' }).waitFor()

    // The server fails the save (a session that ends is covered in accounts/session-end.test.ts).
    await page.route('**/api/assessments', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal error"}' }),
    )
    await page.getByRole('button', { name: 'Save My Results' }).click()
    const alert = notifications(page).getByRole('alert')
    await alert.getByText('Error', { exact: true }).waitFor()
    await alert.getByText('Failed to save your results. Please try again.').waitFor()
    await expect(page.getByRole('button', { name: 'Save My Results' }).isEnabled()).resolves.toBe(true)
    session.expectNoPageErrors([/status of 500 .*\/api\/assessments\)$/])
    await session.close()
  })
})

// Options picked per question, and the scores they give by hand: the mean of the chosen options' scores for
// each dimension, rounded to one decimal, and 5.5 for a dimension no chosen option scores.
const PREVUE_CHOICES = [0, 1, 3, 3, 2, 3, 1, 3]
const PREVUE_EXPECTED: PrevueScores = {
  generalAbility: 7,
  workingWithNumbers: 8,
  workingWithWords: 5.5,
  workingWithShapes: 5.5,
  workingWithPeople: 3,
  workingWithData: 7.7,
  workingWithThings: 5.5,
  diplomaticIndependent: 9,
  cooperativeCompetitive: 9,
  submissiveAssertive: 6.7,
  spontaneousConscientious: 7,
  innovativeConventional: 7,
  reactiveOrganized: 7,
  introvertExtrovert: 2,
  selfSufficientGroupOriented: 2,
  reservedOutgoing: 2,
  emotionalStable: 7,
  restlessPoised: 2,
  excitableRelaxed: 3,
  socialDesirability: 3,
}

describe('the Prevue assessment', () => {
  test('chosen by keyboard, answered by mouse, scored per dimension, saved and shown in My Profile', async () => {
    const account = await fixture.createAccount('standard', { firstName: 'Lena', lastName: 'Okoro' })
    const { session, page } = await openAssessment(account)
    await page.getByRole('radio', { name: 'DISC' }).focus()
    await page.keyboard.press('ArrowRight')
    await expect(page.getByRole('radio', { name: 'Prevue' }).isChecked()).resolves.toBe(true)
    await page.getByRole('heading', { level: 2, name: 'Prevue Assessment' }).waitFor()
    await page.getByText('Takes about 5 minutes · 8 questions').waitFor()
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: 'Start Prevue Assessment' }).click()

    for (const [index, choice] of PREVUE_CHOICES.entries()) {
      const question = PREVUE_QUESTIONS[index]!
      await page.getByText(`Question ${index + 1} of 8`).waitFor()
      await page.getByRole('heading', { level: 2, name: question.question }).waitFor()
      await expect(page.getByRole('img', { name: question.imageAlt }).isVisible()).resolves.toBe(true)
      if (index === 4) await expectNoAxeViolations(page)
      await page.getByText(question.options[choice]!.label, { exact: true }).click()
      await page.getByRole('button', { name: index === 7 ? 'View Results' : 'Next' }).click()
    }

    await page.getByRole('heading', { level: 1, name: 'Your Prevue Results' }).waitFor()
    for (const group of ['Abilities', 'Motivations', 'Key Personality Dimensions']) {
      await page.getByRole('heading', { level: 2, name: group }).waitFor()
    }
    for (const [dimension, score] of Object.entries(PREVUE_EXPECTED)) {
      const label = PREVUE_DIMENSION_LABELS[dimension as keyof PrevueScores]
      const row = page.getByRole('listitem').filter({ has: page.getByText(label, { exact: true }) })
      await expect(row.getByText(`${score}/10`, { exact: true }).isVisible()).resolves.toBe(true)
    }
    await expectNoAxeViolations(page)

    await page.getByRole('button', { name: 'Save Results' }).click()
    await notifications(page).getByRole('status').getByText('Results Saved!', { exact: true }).waitFor()
    const saved = (await account.session.expect(200, 'GET', '/api/assessments')) as Profile[]
    expect(saved).toHaveLength(1)
    expect(saved[0]).toMatchObject({ name: 'Lena Okoro', assessmentType: 'prevue' })
    expect(saved[0]!.scoresData).toEqual(PREVUE_EXPECTED)
    expect(saved[0]!.answers).toEqual(
      PREVUE_CHOICES.map((choice, index) => PREVUE_QUESTIONS[index]!.options[choice]!.value),
    )

    await page.getByRole('button', { name: 'Take Another Assessment' }).click()
    await page.getByRole('button', { name: 'Start Prevue Assessment' }).waitFor()

    await page.getByRole('link', { name: 'Profile', exact: true }).click()
    await waitForPath(page, '/history')
    await waitForSettledPage(page)
    const card = page.getByRole('article', { name: 'Lena Okoro' })
    await card.getByText('PREVUE', { exact: true }).waitFor()
    await expect(card.getByText('Primary type').count()).resolves.toBe(0)
    const cardText = await card.innerText()
    expect(cardText).toMatch(/Working with Data\s*7\.7\/10/)
    expect(cardText).toMatch(/Working with Words\s*5\.5\/10/)
    expect(cardText).toMatch(/Submissive – Assertive\s*6\.7\/10/)
    await expectNoAxeViolations(page)
    session.expectNoPageErrors()
    await session.close()
  })
})
