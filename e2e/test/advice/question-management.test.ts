import { describe, expect, test } from 'vitest'
import { expectNoAxeViolations } from '../../src/browser.ts'
import { useProduct } from '../../src/fixture.ts'
import { notifications } from '../../src/pages.ts'
import { askCard, openPage, questionsOf, quickQuestionsOf, quickQuestionTexts } from './ask-page.ts'

const fixture = useProduct()

describe('Quick questions on the Ask page', () => {
  test('a standard user sees each category’s questions as buttons, without the administrator’s tools', async () => {
    const account = await fixture.createAccount('standard', { firstName: 'Mina', lastName: 'Sato' })
    const browserSession = await fixture.newBrowserSession(account.session)
    const page = await browserSession.newPage()
    await openPage(page, fixture.product.url, '/')

    const self = await questionsOf(account.session, 'self')
    await expect.poll(() => quickQuestionTexts(page)).toEqual(self.map((question) => question.shortForm))
    await askCard(page).getByRole('button', { name: 'Family', exact: true }).click()
    const family = await questionsOf(account.session, 'parents')
    await expect.poll(() => quickQuestionTexts(page)).toEqual(family.map((question) => question.shortForm))
    await expect(page.getByRole('button', { name: 'Add Question' }).count()).resolves.toBe(0)
    await expect(page.getByRole('button', { name: 'Bulk Import' }).count()).resolves.toBe(0)
    await expect(page.getByRole('button', { name: /^Move / }).count()).resolves.toBe(0)
    // Without a profile the questions cannot be asked yet.
    await expect(
      quickQuestionsOf(page).getByRole('button', { name: family[0]!.shortForm }).isDisabled(),
    ).resolves.toBe(true)
    await expectNoAxeViolations(page)
    browserSession.expectNoPageErrors()
    await browserSession.close()
  })

  test('the administrator adds and edits a question, with the missing-information and 10-per-category messages', async () => {
    const browserSession = await fixture.newBrowserSession(fixture.administrator)
    const page = await browserSession.newPage()
    await openPage(page, fixture.product.url, '/')
    const card = askCard(page)
    await card.getByRole('button', { name: 'Educators', exact: true }).click()
    await quickQuestionsOf(page).getByRole('listitem').first().waitFor()

    await card.getByRole('button', { name: 'Add Question' }).click()
    const form = page.getByRole('form', { name: 'Add Question' })
    await expect(form.getByLabel('Category').inputValue()).resolves.toBe('educators')
    await expectNoAxeViolations(page)
    await form.getByLabel('Short Form').fill('Only a short form')
    await form.getByRole('button', { name: 'Save Question' }).click()
    await notifications(page).getByText('Missing information', { exact: true }).waitFor()
    await notifications(page).getByText('Please provide both a short form and detailed question').waitFor()

    await form.getByLabel('Short Form').fill('Group projects')
    await form.getByLabel('Detailed Question').fill('How does this student work best in group projects?')
    await form.getByRole('button', { name: 'Save Question' }).click()
    await notifications(page).getByText('Question added', { exact: true }).waitFor()
    await expect.poll(async () => (await quickQuestionTexts(page)).at(-1)).toBe('Group projects')
    const educators = await questionsOf(fixture.administrator, 'educators')
    expect(educators.at(-1)).toMatchObject({
      shortForm: 'Group projects',
      detailedQuestion: 'How does this student work best in group projects?',
    })

    await card.getByRole('button', { name: 'Edit Group projects' }).click()
    const editForm = page.getByRole('form', { name: 'Edit Question' })
    await expect(editForm.getByLabel('Detailed Question').inputValue()).resolves.toBe(
      'How does this student work best in group projects?',
    )
    await editForm.getByLabel('Short Form').fill('Team projects')
    await editForm.getByRole('button', { name: 'Save Changes' }).click()
    await notifications(page).getByText('Question updated', { exact: true }).waitFor()
    await expect.poll(async () => (await quickQuestionTexts(page)).at(-1)).toBe('Team projects')

    // Fill the category to 10 through the API, then the form refuses an eleventh.
    const room = 10 - (await questionsOf(fixture.administrator, 'educators')).length
    for (let index = 0; index < room; index += 1) {
      await fixture.administrator.expect(201, 'POST', '/api/questions', {
        shortForm: `Extra ${index}`,
        detailedQuestion: `Extra question ${index}?`,
        category: 'educators',
      })
    }
    await openPage(page, fixture.product.url, '/')
    await card.getByRole('button', { name: 'Educators', exact: true }).click()
    await expect.poll(async () => (await quickQuestionTexts(page)).length).toBe(10)
    await card.getByRole('button', { name: 'Add Question' }).click()
    await form.getByLabel('Short Form').fill('One too many')
    await form.getByLabel('Detailed Question').fill('Is this the eleventh?')
    await form.getByRole('button', { name: 'Save Question' }).click()
    await notifications(page).getByText('Maximum questions reached', { exact: true }).waitFor()
    await notifications(page)
      .getByText('You cannot add more than 10 questions to the Educators category.', { exact: true })
      .waitFor()
    expect(await questionsOf(fixture.administrator, 'educators')).toHaveLength(10)

    // A refused save shows the spec's failure toast.
    await page.route('**/api/questions', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: '{"message":"down","code":"X"}',
          })
        : route.continue(),
    )
    // The form stays open after the refusal; the question goes to another category.
    await form.getByLabel('Category').selectOption('self')
    await form.getByLabel('Short Form').fill('Refused')
    await form.getByLabel('Detailed Question').fill('Will this be refused?')
    await form.getByRole('button', { name: 'Save Question' }).click()
    await notifications(page)
      .getByText('Failed to save question. Please try again.', { exact: true })
      .waitFor()
    browserSession.expectNoPageErrors([/status of 500/])
    await browserSession.close()
  })

  test('the administrator bulk-imports questions, with every message of the import panel', async () => {
    const browserSession = await fixture.newBrowserSession(fixture.administrator)
    const page = await browserSession.newPage()
    await openPage(page, fixture.product.url, '/')
    const card = askCard(page)
    await card.getByRole('button', { name: 'Employers', exact: true }).click()
    await quickQuestionsOf(page).getByRole('listitem').first().waitFor()
    const before = await questionsOf(fixture.administrator, 'employers')

    await card.getByRole('button', { name: 'Bulk Import' }).click()
    const panel = page.getByRole('form', { name: 'Bulk Import to Employers' })
    await expectNoAxeViolations(page)
    const importButton = panel.getByRole('button', { name: 'Import Questions' })
    await importButton.click()
    await notifications(page).getByText('No data provided', { exact: true }).waitFor()
    await notifications(page)
      .getByText('Please paste questions in the format: Short Form | Detailed Question', { exact: true })
      .waitFor()

    await panel.getByLabel('Questions').fill('no pipe\na | b | c\n | empty')
    await importButton.click()
    await notifications(page).getByText('Invalid format', { exact: true }).waitFor()

    const room = 10 - before.length
    const lines = Array.from({ length: room + 1 }, (_, index) => `Topic ${index} | Question ${index}?`)
    await panel.getByLabel('Questions').fill(lines.join('\n'))
    await importButton.click()
    await notifications(page).getByText('Too many questions', { exact: true }).waitFor()
    await notifications(page)
      .getByText(
        `You can only add ${room} more questions to the Employers category. ${before.length}/10 slots used.`,
        { exact: true },
      )
      .waitFor()

    await panel
      .getByLabel('Questions')
      .fill(
        [
          'Hiring fit | What roles suit this person best?',
          'ignored line',
          'Onboarding | How should we onboard them?',
        ].join('\n'),
      )
    await importButton.click()
    await notifications(page).getByText('Import successful', { exact: true }).waitFor()
    await notifications(page)
      .getByText('Added 2 question(s) to Employers category', { exact: true })
      .waitFor()
    await expect
      .poll(async () => (await quickQuestionTexts(page)).slice(-2))
      .toEqual(['Hiring fit', 'Onboarding'])
    expect(await questionsOf(fixture.administrator, 'employers')).toHaveLength(before.length + 2)

    await page.route('**/api/questions/import', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down","code":"X"}' }),
    )
    await card.getByRole('button', { name: 'Bulk Import' }).click()
    await panel.getByLabel('Questions').fill('Retention | What keeps them engaged?')
    await importButton.click()
    await notifications(page).getByText('Import failed', { exact: true }).waitFor()
    await notifications(page)
      .getByText('Failed to import questions. Please try again.', { exact: true })
      .waitFor()
    browserSession.expectNoPageErrors([/status of 500/])
    await browserSession.close()
  })

  test('the administrator reorders questions from the keyboard alone, and a refused reorder puts the order back', async () => {
    const browserSession = await fixture.newBrowserSession(fixture.administrator)
    const page = await browserSession.newPage()
    await openPage(page, fixture.product.url, '/')
    const before = (await questionsOf(fixture.administrator, 'self')).map((question) => question.shortForm)
    await expect.poll(() => quickQuestionTexts(page)).toEqual(before)

    // Tab to the first handle, pick it up with Space, move it down twice, drop it with Space.
    const focusedName = () => page.locator(':focus').getAttribute('aria-label')
    for (let presses = 0; presses < 60; presses += 1) {
      if ((await page.locator(':focus').count()) === 1 && (await focusedName()) === `Move ${before[0]}`) break
      await page.keyboard.press('Tab')
    }
    await expect(focusedName()).resolves.toBe(`Move ${before[0]}`)
    // Each step is announced to screen readers; waiting for it also lets the list measure itself.
    const count = before.length
    await page.keyboard.press('Space')
    await page.locator('[aria-pressed="true"][aria-roledescription="sortable"]').waitFor()
    await page.getByText(`${before[0]} is over position 1 of ${count}.`).waitFor({ state: 'attached' })
    await page.keyboard.press('ArrowDown')
    await page.getByText(`${before[0]} is over position 2 of ${count}.`).waitFor({ state: 'attached' })
    await page.keyboard.press('ArrowDown')
    await page.getByText(`${before[0]} is over position 3 of ${count}.`).waitFor({ state: 'attached' })
    await page.keyboard.press('Space')
    await notifications(page).getByText('Questions reordered', { exact: true }).waitFor()

    const expected = [before[1], before[2], before[0], ...before.slice(3)]
    await expect.poll(() => quickQuestionTexts(page)).toEqual(expected)
    await expect
      .poll(async () =>
        (await questionsOf(fixture.administrator, 'self')).map((question) => question.shortForm),
      )
      .toEqual(expected)
    await openPage(page, fixture.product.url, '/')
    await expect.poll(() => quickQuestionTexts(page)).toEqual(expected)
    await expectNoAxeViolations(page)

    await page.route('**/api/questions/reorder', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down","code":"X"}' }),
    )
    await page.getByRole('button', { name: `Move ${expected[0]}` }).focus()
    await page.keyboard.press('Space')
    await page.getByText(`${expected[0]} is over position 1 of ${count}.`).waitFor({ state: 'attached' })
    await page.keyboard.press('ArrowDown')
    await page.getByText(`${expected[0]} is over position 2 of ${count}.`).waitFor({ state: 'attached' })
    await page.keyboard.press('Space')
    await notifications(page).getByText('Reorder failed', { exact: true }).waitFor()
    await notifications(page)
      .getByText('Failed to reorder questions. Please try again.', { exact: true })
      .waitFor()
    await expect.poll(() => quickQuestionTexts(page)).toEqual(expected)
    browserSession.expectNoPageErrors([/status of 500/])
    await browserSession.close()
  })
})
