import type { Profile, SaveAssessmentRequest } from '@app/contracts/profiles'
import type { Page, Request } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import type { ApiSession } from '../../src/api.ts'
import { expectNoAxeViolations } from '../../src/browser.ts'
import { useProduct } from '../../src/fixture.ts'
import { notifications, waitForPath } from '../../src/pages.ts'
import { askCard, findCard, openPage, quickQuestionsOf, questionsOf } from './ask-page.ts'

// Paced faster than the default (40 ms, decision 029) to keep these long flows short;
// answers.test.ts runs the default.
const fixture = useProduct({ AI_STREAM_PACE_MS: '10' })

async function saveDisc(session: ApiSession, scores: [number, number, number, number], name?: string) {
  const [dScore, iScore, sScore, cScore] = scores
  const body: SaveAssessmentRequest = { assessmentType: 'disc', dScore, iScore, sScore, cScore, name }
  return (await session.expect(201, 'POST', '/api/assessments', body)) as Profile
}

/** The bodies the page sends to the streaming advice route, in order. */
function adviceRequests(page: Page): Array<Record<string, unknown>> {
  const bodies: Array<Record<string, unknown>> = []
  page.on('request', (request: Request) => {
    if (request.url().endsWith('/api/ai/disc-analysis/stream'))
      bodies.push(JSON.parse(request.postData() ?? '{}') as Record<string, unknown>)
  })
  return bodies
}

const answerOf = (page: Page) => askCard(page).getByTestId('assistant-answer')

function watchDialogs(page: Page): string[] {
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  return dialogs
}

/** Nothing in the answer or the page became an element that runs or loads anything. */
async function expectInert(page: Page): Promise<void> {
  await expect(answerOf(page).locator('img, script, a, iframe').count()).resolves.toBe(0)
  await expect(page.locator('main img, main script, main iframe').count()).resolves.toBe(0)
  await expect(page.locator('a[href^="javascript:" i]').count()).resolves.toBe(0)
}

describe('The Ask page', () => {
  test('finds the signed-in user on arrival, searches by Enter or button, with the empty and no-match messages', async () => {
    const account = await fixture.createAccount('standard', { firstName: 'Rosa', lastName: 'Tanaka' })
    await saveDisc(account.session, [20, 75, 40, 30])
    const browserSession = await fixture.newBrowserSession(account.session)
    const page = await browserSession.newPage()
    await openPage(page, fixture.product.url, '/')
    await page.getByRole('heading', { level: 1, name: 'Profile Advice' }).waitFor()
    const navigation = page.getByRole('navigation', { name: 'Main' })
    await expect(navigation.getByRole('link', { name: 'Ask' }).getAttribute('aria-current')).resolves.toBe(
      'page',
    )
    await expect(navigation.getByRole('link', { name: 'Collaborate' }).getAttribute('href')).resolves.toBe(
      '/collaborate',
    )

    const result = findCard(page).getByRole('article', { name: 'Rosa Tanaka' })
    await result.waitFor()
    await expect(findCard(page).getByLabel('Profile name').inputValue()).resolves.toBe('Rosa Tanaka')
    await result.getByText('DISC', { exact: true }).waitFor()
    await result.getByText('I · Influence').waitFor()
    expect(await result.innerText()).toMatch(/Influence \(I\)\s*75%/)
    expect(await result.innerText()).toMatch(/Dominance \(D\)\s*20%/)
    await expect(result.getByRole('link', { name: 'View full profile' }).getAttribute('href')).resolves.toBe(
      '/history',
    )
    await askCard(page)
      .getByText('Select a question above or type your own question to get started')
      .waitFor()
    await expectNoAxeViolations(page)

    const nameBox = findCard(page).getByLabel('Profile name')
    await nameBox.fill('   ')
    await nameBox.press('Enter')
    await notifications(page).getByText('Please enter a name', { exact: true }).waitFor()
    await notifications(page).getByText('Enter a name to search for a profile', { exact: true }).waitFor()

    await nameBox.fill('Nobody Here')
    await findCard(page).getByRole('button', { name: 'Search' }).click()
    await notifications(page).getByText('No profile found', { exact: true }).waitFor()
    await notifications(page).getByText('No profile found with name "Nobody Here"', { exact: true }).waitFor()
    await expect(result.count()).resolves.toBe(0)
    await askCard(page).getByText('Search for a profile to start a conversation').waitFor()

    await nameBox.fill('rosa')
    await nameBox.press('Enter')
    await result.waitFor()

    await page.route('**/api/profiles/search?*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down","code":"X"}' }),
    )
    await findCard(page).getByRole('button', { name: 'Search' }).click()
    await notifications(page).getByText('Search error', { exact: true }).waitFor()
    await notifications(page)
      .getByText('An error occurred while searching for the profile', { exact: true })
      .waitFor()

    await result.getByRole('link', { name: 'View full profile' }).click()
    await waitForPath(page, '/history')
    browserSession.expectNoPageErrors([/status of 500/])
    await browserSession.close()
  })

  test('asks with Enter, streams the answer word by word, offers follow-ups, and keeps one exchange', async () => {
    const account = await fixture.createAccount('standard', { firstName: 'Theo', lastName: 'Marsh' })
    const profile = await saveDisc(account.session, [80, 30, 20, 45])
    const browserSession = await fixture.newBrowserSession(account.session)
    await browserSession.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: fixture.product.url,
    })
    const page = await browserSession.newPage()
    const sent = adviceRequests(page)
    await openPage(page, fixture.product.url, '/ask-ai')
    await expect(
      page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Ask' })
        .getAttribute('aria-current'),
    ).resolves.toBe('page')
    await findCard(page).getByRole('article', { name: 'Theo Marsh' }).waitFor()
    const card = askCard(page)
    await expect(card.getByRole('button', { name: 'Long Form' }).getAttribute('aria-pressed')).resolves.toBe(
      'true',
    )
    await expect(card.getByRole('button', { name: 'Self' }).getAttribute('aria-pressed')).resolves.toBe(
      'true',
    )

    // Shift+Enter adds a line; Enter sends.
    const box = card.getByLabel('Your question')
    await box.fill('How does Theo like to receive feedback?')
    await box.press('Shift+Enter')
    await box.pressSequentially('Keep it short.')
    await expect(box.inputValue()).resolves.toBe('How does Theo like to receive feedback?\nKeep it short.')
    expect(sent).toHaveLength(0)

    // The answer is held back a moment, so the waiting text can be seen.
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/ai/disc-analysis/stream', async (route) => {
      await held
      await route.continue()
    })
    const streamed = page.waitForResponse((response) =>
      response.url().endsWith('/api/ai/disc-analysis/stream'),
    )
    await box.press('Enter')
    await card.getByText('Generating response...').waitFor()
    await expect(box.inputValue()).resolves.toBe('')
    release()
    expect((await streamed).headers()['content-type']).toContain('text/event-stream')
    const question = {
      profileId: profile.id,
      question: 'How does Theo like to receive feedback?\nKeep it short.',
      category: 'self',
      responseLength: 'long',
      assessmentType: 'disc',
    }
    expect(sent[0]).toEqual(question)
    // The same question on the wire: many token events, then the final answer (the advisor is deterministic).
    const wire = (await account.session.expect(
      200,
      'POST',
      '/api/ai/disc-analysis/stream',
      question,
    )) as string
    const events = wire
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => JSON.parse(line.slice(5)) as { type: string; response?: string; followUps?: string[] })
    expect(events.filter((event) => event.type === 'token').length).toBeGreaterThan(10)
    const last = events.at(-1)!
    expect(last.type).toBe('done')
    const done = { response: last.response!, followUps: last.followUps! }

    await card.getByRole('button', { name: 'Copy answer' }).waitFor()
    const answer = answerOf(page)
    // Bold markers became <strong>, newlines <br>; the text is the service's answer without markers.
    expect(await answer.locator('strong').count()).toBeGreaterThan(0)
    expect(await answer.locator('br').count()).toBeGreaterThan(0)
    expect((await answer.innerText()).replace(/\s+/g, ' ')).toContain(
      done
        .response!.split('\n')
        .find((line) => line.trim() && !line.includes('**'))!
        .trim()
        .replace(/\s+/g, ' '),
    )
    const followUps = card.getByRole('region', { name: 'Follow-up questions' }).getByRole('button')
    expect(await followUps.count()).toBeGreaterThan(0)
    expect(await followUps.count()).toBeLessThanOrEqual(3)
    expect(await followUps.allInnerTexts()).toEqual(done.followUps)
    await expectNoAxeViolations(page)

    await card.getByRole('button', { name: 'Copy answer' }).click()
    await notifications(page).getByText('Answer copied', { exact: true }).waitFor()
    const copied = await page.evaluate(() =>
      (
        globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
      ).navigator.clipboard.readText(),
    )
    expect(copied).toBe(done.response)

    // A follow-up, Short Form and Family (sent as parents): one exchange is kept, the new one.
    await card.getByRole('button', { name: 'Short Form' }).click()
    await card.getByRole('button', { name: 'Family' }).click()
    const followUp = done.followUps[0]!
    await followUps.first().click()
    await card.getByRole('button', { name: 'Copy answer' }).waitFor()
    expect(sent[1]).toMatchObject({ question: followUp, category: 'parents', responseLength: 'short' })
    const conversation = card.getByRole('region', { name: 'Conversation' })
    await expect(conversation.getByText('You asked:').count()).resolves.toBe(1)
    expect(await conversation.innerText()).toContain(followUp)
    expect(await conversation.innerText()).not.toContain('Keep it short.')

    // A quick question sends its detailed question and is highlighted until the category changes.
    const family = await questionsOf(account.session, 'parents')
    const quick = quickQuestionsOf(page).getByRole('button', { name: family[0]!.shortForm })
    await quick.click()
    await expect(quick.getAttribute('aria-current')).resolves.toBe('true')
    await card.getByRole('button', { name: 'Copy answer' }).waitFor()
    expect(sent[2]).toMatchObject({ question: family[0]!.detailedQuestion, category: 'parents' })
    await card.getByRole('button', { name: 'Educators' }).click()
    await card.getByRole('button', { name: 'Family' }).click()
    await expect(quick.getAttribute('aria-current')).resolves.toBe(null)
    browserSession.expectNoPageErrors()
    await browserSession.close()
  })

  test('a profile named with HTML payloads stays inert through the real advisor', async () => {
    const account = await fixture.createAccount('standard', { firstName: 'Ivy', lastName: 'Cole' })
    const payload = '<img src=x onerror=alert(1)><script>alert(2)</script><a href="javascript:alert(3)">x</a>'
    await saveDisc(account.session, [30, 30, 70, 40], payload)
    const browserSession = await fixture.newBrowserSession(account.session)
    const page = await browserSession.newPage()
    const dialogs = watchDialogs(page)
    await openPage(page, fixture.product.url, '/')
    const nameBox = findCard(page).getByLabel('Profile name')
    await nameBox.fill('<img src=x')
    await nameBox.press('Enter')
    await findCard(page).getByRole('article', { name: payload }).waitFor()

    // For another audience than Self the advisor writes the person's name into the answer.
    await askCard(page).getByRole('button', { name: 'Employers' }).click()
    const box = askCard(page).getByLabel('Your question')
    await box.fill('What motivates <img src=y onerror=alert(4)>?')
    await box.press('Enter')
    await askCard(page).getByRole('button', { name: 'Copy answer' }).waitFor()
    expect(await answerOf(page).innerText()).toContain('onerror=alert(1)')
    await expectInert(page)
    expect(await askCard(page).getByRole('region', { name: 'Conversation' }).innerText()).toContain(
      'What motivates <img src=y onerror=alert(4)>?',
    )
    expect(dialogs).toEqual([])
    await expectNoAxeViolations(page)
    browserSession.expectNoPageErrors()
    await browserSession.close()
  })

  test('an answer streamed in pieces shows as it arrives, and its script, image and javascript: payloads stay text', async () => {
    const account = await fixture.createAccount('standard', { firstName: 'Juno', lastName: 'Park' })
    await saveDisc(account.session, [60, 50, 30, 20])
    const browserSession = await fixture.newBrowserSession(account.session)
    const page = await browserSession.newPage()
    const dialogs = watchDialogs(page)
    const pieces = [
      '**Heads up** ',
      '<script>alert("s")</script> ',
      '<img src=x onerror=alert("i")>\n',
      '[click](javascript:alert("j")) <a href="javascript:alert(\'a\')">link</a> ',
      '<iframe src="javascript:alert(\'f\')"></iframe> end.',
    ]
    // A model could answer anything; this one answers hostile text, one piece every 300 ms.
    await page.addInitScript((parts: string[]) => {
      // The e2e project has no DOM types; the page's fetch has the same shape as Node's.
      const original = globalThis.fetch.bind(globalThis)
      globalThis.fetch = async (input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
        if (!url.endsWith('/api/ai/disc-analysis/stream')) return original(input, init)
        const encoder = new TextEncoder()
        const send = (event: unknown) => encoder.encode(`data: ${JSON.stringify(event)}\n\n`)
        const body = new ReadableStream<Uint8Array>({
          async start(controller) {
            for (const text of parts) {
              controller.enqueue(send({ type: 'token', text }))
              await new Promise((resolve) => setTimeout(resolve, 300))
            }
            controller.enqueue(send({ type: 'done', response: parts.join(''), followUps: ['<b>More?</b>'] }))
            controller.close()
          },
        })
        return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } })
      }
    }, pieces)
    await openPage(page, fixture.product.url, '/')
    await findCard(page).getByRole('article', { name: 'Juno Park' }).waitFor()
    const box = askCard(page).getByLabel('Your question')
    await box.fill('Anything?')
    await box.press('Enter')

    // The first words show while the rest is still coming.
    await answerOf(page).getByText('Heads up', { exact: true }).waitFor()
    await expect(answerOf(page).innerText()).resolves.not.toContain('end.')
    await expect(askCard(page).getByRole('button', { name: 'Copy answer' }).count()).resolves.toBe(0)
    await expectInert(page)

    await askCard(page).getByRole('button', { name: 'Copy answer' }).waitFor()
    const text = await answerOf(page).innerText()
    for (const literal of [
      '<script>alert("s")</script>',
      '<img src=x onerror=alert("i")>',
      '[click](javascript:alert("j"))',
      '<a href="javascript:alert(\'a\')">link</a>',
      '<iframe src="javascript:alert(\'f\')"></iframe> end.',
    ])
      expect(text).toContain(literal)
    await expect(answerOf(page).locator('strong').innerText()).resolves.toBe('Heads up')
    await expect(answerOf(page).locator('br').count()).resolves.toBe(1)
    await askCard(page).getByRole('button', { name: '<b>More?</b>' }).waitFor()
    await expectInert(page)
    await page.waitForTimeout(300)
    expect(dialogs).toEqual([])
    browserSession.expectNoPageErrors()
    await browserSession.close()
  })

  test('a failed answer shows the spec’s toast', async () => {
    const account = await fixture.createAccount('standard', { firstName: 'Omar', lastName: 'Reyes' })
    await saveDisc(account.session, [40, 40, 60, 20])
    const browserSession = await fixture.newBrowserSession(account.session)
    const page = await browserSession.newPage()
    await openPage(page, fixture.product.url, '/')
    await findCard(page).getByRole('article', { name: 'Omar Reyes' }).waitFor()
    await page.route('**/api/ai/disc-analysis/stream', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"message":"The AI provider is unavailable","code":"ADVICE_PROVIDER_UNAVAILABLE"}',
      }),
    )
    const box = askCard(page).getByLabel('Your question')
    await box.fill('How do they handle stress?')
    await box.press('Enter')
    await notifications(page)
      .getByText('Failed to generate AI response. Please try again.', { exact: true })
      .waitFor()
    await expect(askCard(page).getByRole('button', { name: 'Copy answer' }).count()).resolves.toBe(0)
    browserSession.expectNoPageErrors([/status of 503/])
    await browserSession.close()
  })
})
