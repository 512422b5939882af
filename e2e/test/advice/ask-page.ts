import type { Question } from '@app/contracts/questions'
import type { Locator, Page } from 'playwright-core'
import type { ApiSession } from '../../src/api.ts'
import { waitForSettledPage } from '../../src/pages.ts'

/** Opens a signed-in page of the product and waits until it has settled. */
export async function openPage(page: Page, baseUrl: string, path: string): Promise<void> {
  await page.goto(`${baseUrl}${path}`)
  await waitForSettledPage(page)
}

export function askCard(page: Page): Locator {
  return page.getByRole('region', { name: 'Ask AI Assistant' })
}

export function findCard(page: Page): Locator {
  return page.getByRole('region', { name: 'Find a Profile' })
}

export function quickQuestionsOf(page: Page): Locator {
  return page.getByRole('region', { name: 'Quick Questions' })
}

/** The button texts of the quick-question list, in the order shown. */
export async function quickQuestionTexts(page: Page): Promise<string[]> {
  const items = quickQuestionsOf(page).getByRole('listitem')
  const texts: string[] = []
  for (const item of await items.all()) {
    // The question's own button: not the drag handle ('Move …') nor 'Edit'.
    const buttons = item.getByRole('button')
    for (const button of await buttons.all()) {
      const name = (await button.getAttribute('aria-label')) ?? ''
      if (name === '') texts.push((await button.innerText()).trim())
    }
  }
  return texts
}

export async function questionsOf(session: ApiSession, category: Question['category']): Promise<Question[]> {
  const all = (await session.expect(200, 'GET', '/api/questions')) as Question[]
  return all
    .filter((question) => question.category === category)
    .sort((a, b) => a.displayOrder - b.displayOrder)
}
