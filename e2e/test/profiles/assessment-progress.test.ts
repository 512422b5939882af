import { DISC_QUESTIONS } from '@app/domain/content/disc-questions'
import { PREVUE_QUESTIONS } from '@app/domain/content/prevue-questions'
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { expectNoAxeViolations } from '../../src/browser.ts'
import { notifications, waitForSettledPage } from '../../src/pages.ts'
import { useProduct } from '../../src/fixture.ts'

const fixture = useProduct()

type Flow = {
  name: 'DISC' | 'Prevue'
  questions: ReadonlyArray<{ question: string; options: ReadonlyArray<{ label: string }> }>
  resultsHeading: string
  save: string
}

const FLOWS: Flow[] = [
  { name: 'DISC', questions: DISC_QUESTIONS, resultsHeading: 'Your DISC Results', save: 'Save My Results' },
  {
    name: 'Prevue',
    questions: PREVUE_QUESTIONS,
    resultsHeading: 'Your Prevue Results',
    save: 'Save Results',
  },
]

// Each question gets a different option, so a resumed question shows that it kept its own answer.
const choiceOf = (flow: Flow, index: number) => flow.questions[index]!.options[index % 2]!.label

async function onQuestion(page: Page, flow: Flow, index: number): Promise<void> {
  await page.getByText(`Question ${index + 1} of ${flow.questions.length}`).waitFor()
  await page.getByRole('heading', { level: 2, name: flow.questions[index]!.question }).waitFor()
}

async function isChosen(page: Page, flow: Flow, index: number): Promise<boolean> {
  return page.getByRole('radio', { name: choiceOf(flow, index), exact: true }).isChecked()
}

async function answer(page: Page, flow: Flow, index: number): Promise<void> {
  await onQuestion(page, flow, index)
  await page.getByRole('radio', { name: choiceOf(flow, index), exact: true }).check()
  const last = index === flow.questions.length - 1
  await page.getByRole('button', { name: last ? 'View Results' : 'Next' }).click()
}

describe.each(FLOWS)('the $name assessment in the browser history', (flow) => {
  test.each([
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ])('survives refresh, Back and Forward at $width px, and does not resume once saved', async (viewport) => {
    const account = await fixture.createAccount('standard', {
      firstName: 'Paz',
      lastName: `${flow.name}${viewport.width}`,
    })
    const session = await fixture.newBrowserSession(account)
    const page = await session.newPage()
    await page.setViewportSize(viewport)
    await page.goto(`${fixture.product.url}/assessment`)
    await waitForSettledPage(page)
    if (flow.name === 'Prevue') await page.getByRole('radio', { name: 'Prevue' }).check({ force: true })
    await page.getByRole('button', { name: `Start ${flow.name} Assessment` }).click()
    await answer(page, flow, 0)
    await answer(page, flow, 1)
    await onQuestion(page, flow, 2)

    // Back goes to the previous question with its answer, Forward returns.
    await page.goBack()
    await onQuestion(page, flow, 1)
    await expect(isChosen(page, flow, 1)).resolves.toBe(true)
    await page.goBack()
    await onQuestion(page, flow, 0)
    await expect(isChosen(page, flow, 0)).resolves.toBe(true)
    await page.goForward()
    await onQuestion(page, flow, 1)

    // A refresh resumes the same question with the earlier answers.
    await page.reload()
    await onQuestion(page, flow, 1)
    await expect(isChosen(page, flow, 1)).resolves.toBe(true)
    await page.getByRole('button', { name: 'Previous' }).click()
    await onQuestion(page, flow, 0)
    await expect(isChosen(page, flow, 0)).resolves.toBe(true)
    await page.getByRole('button', { name: 'Next' }).click()
    await page.getByRole('button', { name: 'Next' }).click()
    // A question past the answers cannot be reached by editing the address.
    await page.goto(`${fixture.product.url}/assessment?step=${flow.questions.length}`)
    await onQuestion(page, flow, 2)

    for (let index = 2; index < flow.questions.length; index += 1) await answer(page, flow, index)
    await page.getByRole('heading', { level: 1, name: flow.resultsHeading }).waitFor()
    await expectNoAxeViolations(page)

    // Results not yet saved survive a refresh; Back shows the last question, Forward the results again.
    await page.reload()
    await page.getByRole('heading', { level: 1, name: flow.resultsHeading }).waitFor()
    await page.goBack()
    await onQuestion(page, flow, flow.questions.length - 1)
    await expect(isChosen(page, flow, flow.questions.length - 1)).resolves.toBe(true)
    await page.goForward()
    await page.getByRole('heading', { level: 1, name: flow.resultsHeading }).waitFor()

    await page.getByRole('button', { name: flow.save }).click()
    await notifications(page).getByText('Results Saved!').waitFor()
    // A saved flow does not resume: not on refresh, and not by going Back.
    await page.reload()
    await page.getByRole('button', { name: /^Start (DISC|Prevue) Assessment$/ }).waitFor()
    await expect(page.getByRole('button', { name: flow.save }).count()).resolves.toBe(0)
    await page.goBack()
    await page.getByRole('button', { name: /^Start (DISC|Prevue) Assessment$/ }).waitFor()
    await expect(page.getByText(/^Question \d+ of/).count()).resolves.toBe(0)
    await expectNoAxeViolations(page)
    session.expectNoPageErrors()
    await session.close()
  })
})
