import { AUDIENCES } from '@app/advice/audiences'
import { TOPICS } from '@app/advice/knowledge'
import type { Profile, SaveAssessmentRequest } from '@app/contracts/profiles'
import type { QuestionCategory } from '@app/contracts/questions'
import type { Locator, Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import type { ApiSession } from '../../src/api.ts'
import { expectNoAxeViolations } from '../../src/browser.ts'
import { useProduct } from '../../src/fixture.ts'
import { notifications } from '../../src/pages.ts'
import { askCard, findCard, openPage } from './ask-page.ts'

// Issue 25, items 4, 5 and 9: answers that grow as they stream, stay in their audience, and a 429 that
// says when to ask again. The product runs with its default pace (docs/decisions/029-paced-advice-streams.md).
const QUESTIONS_PER_WINDOW = 5
/** A paced long answer takes a few seconds; on a loaded machine, several times that. */
const ANSWER_TEST_TIMEOUT_MS = 45_000
const fixture = useProduct({ AI_RATE_LIMIT: String(QUESTIONS_PER_WINDOW), AI_RATE_WINDOW_SECONDS: '300' })

async function saveDisc(session: ApiSession, scores: [number, number, number, number], name?: string) {
  const [dScore, iScore, sScore, cScore] = scores
  const body: SaveAssessmentRequest = { assessmentType: 'disc', dScore, iScore, sScore, cScore, name }
  return (await session.expect(201, 'POST', '/api/assessments', body)) as Profile
}

type Sample = { at: number; text: string; done: boolean }

/**
 * Records every change of the page's answer from now on: its text, when, and whether the answer was
 * complete ('Copy answer' shown). The e2e project has no DOM types, so the recorder is page source.
 */
async function recordAnswer(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    const samples = []
    window.__answerSamples = samples
    const started = performance.now()
    new MutationObserver(() => {
      const answer = document.querySelector('[data-testid="assistant-answer"]')
      if (!answer) return
      const text = answer.textContent
      const done = [...document.querySelectorAll('button')].some((button) => button.textContent === 'Copy answer')
      const last = samples[samples.length - 1]
      if (!last || last.text !== text || last.done !== done) samples.push({ at: performance.now() - started, text, done })
    }).observe(document.body, { subtree: true, childList: true, characterData: true })
  })()`)
}

/** The answer's text while it streamed, one entry per visible change, and the finished text. */
async function growthOf(page: Page): Promise<{ steps: Sample[]; final: Sample }> {
  const samples = (await page.evaluate('window.__answerSamples')) as Sample[]
  const final = samples.findLast((sample) => sample.done)!
  const steps = samples.filter((sample) => !sample.done && !sample.text.includes('Generating response...'))
  return { steps, final }
}

function expectGrowth({ steps, final }: { steps: Sample[]; final: Sample }) {
  expect(final).toBeDefined()
  // At least five visible steps, each longer than the one before and each a beginning of the answer.
  expect(steps.length).toBeGreaterThanOrEqual(5)
  for (const [index, step] of steps.entries()) {
    if (index > 0) expect(step.text.length).toBeGreaterThan(steps[index - 1]!.text.length)
    expect(final.text.replace(/\s+/g, '')).toContain(step.text.replace(/\s+/g, '').slice(0, 40))
  }
  expect(steps[0]!.text.length).toBeLessThan(final.text.length / 4)
  expect(final.at - steps[0]!.at).toBeGreaterThan(1000)
}

describe('Answers stream, growing as a reader watches', () => {
  test(
    'on the Ask page: the first words within a second, then the answer grows before it completes',
    async () => {
      const account = await fixture.createAccount('standard', { firstName: 'Wren', lastName: 'Hale' })
      await saveDisc(account.session, [35, 80, 60, 20])
      const browserSession = await fixture.newBrowserSession(account.session)
      const page = await browserSession.newPage()
      await openPage(page, fixture.product.url, '/')
      await findCard(page).getByRole('article', { name: 'Wren Hale' }).waitFor()
      const box = askCard(page).getByLabel('Your question')
      await box.fill('How do I handle stress before deadlines?')
      await recordAnswer(page)
      await box.press('Enter')
      await askCard(page).getByRole('button', { name: 'Copy answer' }).waitFor({ timeout: 20_000 })
      const growth = await growthOf(page)
      expect(growth.steps[0]!.at).toBeLessThan(1000)
      expectGrowth(growth)
      await expectNoAxeViolations(page)
      browserSession.expectNoPageErrors()
      await browserSession.close()
    },
    ANSWER_TEST_TIMEOUT_MS,
  )

  test(
    'on the Collaborate page, for a pair',
    async () => {
      const account = await fixture.createAccount('standard', { firstName: 'Ines', lastName: 'Vale' })
      await saveDisc(account.session, [20, 30, 40, 85], 'Ines Vale')
      await saveDisc(account.session, [85, 40, 20, 30], 'Ines Partner')
      const browserSession = await fixture.newBrowserSession(account.session)
      const page = await browserSession.newPage()
      await openPage(page, fixture.product.url, '/collaborate')
      await expect
        .poll(() => page.getByRole('combobox', { name: 'Profile A' }).inputValue())
        .toBe('Ines Vale')
      const pickerB = page.getByRole('combobox', { name: 'Profile B' })
      await pickerB.click()
      await pickerB.fill('Ines P')
      await page.getByRole('option', { name: /Ines Partner/ }).click()
      await expect.poll(() => pickerB.inputValue()).toBe('Ines Partner')
      const insights = page.getByRole('region', { name: 'Relationship Insights' })
      await recordAnswer(page)
      await insights.getByRole('button', { name: 'Managing conflicts?' }).click()
      await insights.getByRole('button', { name: 'Copy answer' }).waitFor({ timeout: 20_000 })
      expectGrowth(await growthOf(page))
      // The pair's follow-ups are the pair's own questions, naming both people.
      const followUps = await insights
        .getByRole('region', { name: 'Follow-up questions' })
        .getByRole('button')
        .allInnerTexts()
      expect(followUps).toHaveLength(3)
      const pairQuestions = TOPICS.flatMap((topic) =>
        topic.followUps.pair ? [topic.followUps.pair] : [],
      ).map((text) => text.replace('{a}', 'Ines Vale').replace('{b}', 'Ines Partner'))
      for (const followUp of followUps) expect(pairQuestions).toContain(followUp)
      browserSession.expectNoPageErrors()
      await browserSession.close()
    },
    ANSWER_TEST_TIMEOUT_MS,
  )
})

/** Questions worded in another audience's terms on purpose: the answer must still be the audience's own. */
const CROSS_QUESTIONS: Array<[button: string, category: QuestionCategory, question: string]> = [
  ['Self', 'self', 'How can I keep my team engaged at work?'],
  ['Family', 'parents', 'Which team roles and responsibilities suit them at work with colleagues?'],
  ['Educators', 'educators', 'How do they handle family life at home with their parents?'],
  ['Employers', 'employers', 'How do they balance work and family at home?'],
]

async function sectionsAndFollowUps(card: Locator) {
  const answer = card.getByTestId('assistant-answer')
  const headings = await answer.locator('strong').allInnerTexts()
  const followUps = await card
    .getByRole('region', { name: 'Follow-up questions' })
    .getByRole('button')
    .allInnerTexts()
  return { headings, followUps }
}

describe('Every answer stays in the audience chosen', () => {
  test.each(CROSS_QUESTIONS)(
    '%s gets only its own sections and follow-ups',
    async (button, category, question) => {
      const account = await fixture.createAccount('standard', { firstName: 'Dan', lastName: 'Careful' })
      await saveDisc(account.session, [20, 30, 55, 85])
      const browserSession = await fixture.newBrowserSession(account.session)
      const page = await browserSession.newPage()
      await openPage(page, fixture.product.url, '/')
      await findCard(page).getByRole('article', { name: 'Dan Careful' }).waitFor()
      const card = askCard(page)
      await card.getByRole('button', { name: button, exact: true }).click()
      const box = card.getByLabel('Your question')
      await box.fill(question)
      await box.press('Enter')
      await card.getByRole('button', { name: 'Copy answer' }).waitFor({ timeout: 15_000 })
      const { headings, followUps } = await sectionsAndFollowUps(card)

      // Sections: the one topic of the answer is tagged for this audience; the others are its structure.
      const topics = TOPICS.filter((topic) => headings.includes(topic.label))
      expect(topics, headings.join(' | ')).toHaveLength(1)
      expect(topics[0]!.audiences).toContain(category)
      if (category !== 'self') expect(headings).toContain(`What tends to work ${AUDIENCES[category].role}`)
      // Follow-ups: each is this audience's own question on another topic.
      expect(followUps).toHaveLength(3)
      const own = TOPICS.filter((topic) => topic.id !== topics[0]!.id).flatMap((topic) => {
        const text = topic.followUps[category]
        return text ? [text.replaceAll('{name}', 'Dan Careful')] : []
      })
      for (const followUp of followUps) expect(own).toContain(followUp)
      await expectNoAxeViolations(page)
      browserSession.expectNoPageErrors()
      await browserSession.close()
    },
    ANSWER_TEST_TIMEOUT_MS,
  )
})

describe('Asking too often', () => {
  test('the toast says when the user can ask again, from Retry-After', async () => {
    const account = await fixture.createAccount('standard', { firstName: 'Quinn', lastName: 'Asker' })
    const profile = await saveDisc(account.session, [60, 50, 40, 30])
    for (let index = 0; index < QUESTIONS_PER_WINDOW; index += 1)
      await account.session.expect(200, 'POST', '/api/ai/disc-analysis', {
        profileId: profile.id,
        question: `Question ${index}?`,
        responseLength: 'short',
      })
    const browserSession = await fixture.newBrowserSession(account.session)
    const page = await browserSession.newPage()
    await openPage(page, fixture.product.url, '/')
    await findCard(page).getByRole('article', { name: 'Quinn Asker' }).waitFor()
    const refused = page.waitForResponse((response) =>
      response.url().endsWith('/api/ai/disc-analysis/stream'),
    )
    const box = askCard(page).getByLabel('Your question')
    await box.fill('One more?')
    await box.press('Enter')
    const response = await refused
    expect(response.status()).toBe(429)
    const seconds = Number(response.headers()['retry-after'])
    expect(seconds).toBeGreaterThan(60)
    const minutes = Math.ceil(seconds / 60)
    await notifications(page).getByText('Too many questions', { exact: true }).waitFor()
    const toast = await notifications(page).innerText()
    expect(toast).toContain(
      `You have asked a lot of questions in a short time. You can ask again in ${minutes} minutes, at `,
    )
    expect(toast).toMatch(/ask again in \d+ minutes, at \d{1,2}:\d{2}/)
    expect(toast).not.toContain('Failed to generate AI response')
    await expect(askCard(page).getByRole('button', { name: 'Copy answer' }).count()).resolves.toBe(0)
    await expectNoAxeViolations(page)
    browserSession.expectNoPageErrors([/status of 429/])
    await browserSession.close()
  })
})
