import type { PublicUser } from '@app/contracts/auth'
import type { Profile, SaveAssessmentRequest } from '@app/contracts/profiles'
import type { Page, Request } from 'playwright-core'
import { beforeAll, describe, expect, test } from 'vitest'
import type { ApiSession } from '../../src/api.ts'
import { expectNoAxeViolations } from '../../src/browser.ts'
import { useProduct } from '../../src/fixture.ts'
import { notifications } from '../../src/pages.ts'
import { openPage } from './ask-page.ts'

// Paced faster than the default (40 ms, decision 029) to keep these long flows short;
// answers.test.ts runs the default.
const fixture = useProduct({ AI_STREAM_PACE_MS: '10' })

async function saveDisc(session: ApiSession, scores: [number, number, number, number], name?: string) {
  const [dScore, iScore, sScore, cScore] = scores
  const body: SaveAssessmentRequest = { assessmentType: 'disc', dScore, iScore, sScore, cScore, name }
  return (await session.expect(201, 'POST', '/api/assessments', body)) as Profile
}

function collaborationRequests(page: Page): Array<Record<string, unknown>> {
  const bodies: Array<Record<string, unknown>> = []
  page.on('request', (request: Request) => {
    if (request.url().endsWith('/api/ai/disc-collaboration/stream'))
      bodies.push(JSON.parse(request.postData() ?? '{}') as Record<string, unknown>)
  })
  return bodies
}

const picker = (page: Page, label: 'Profile A' | 'Profile B') => page.getByRole('combobox', { name: label })
const pickedCard = (page: Page, label: 'Profile A' | 'Profile B') =>
  page.getByRole('region', { name: label }).getByRole('article')
const insights = (page: Page) => page.getByRole('region', { name: 'Relationship Insights' })
const teamMap = (page: Page) => page.getByRole('region', { name: 'Team Map' })

let adminName = ''
let adminProfile: Profile
let priya: Profile
let tom: Profile
let ada: Profile

beforeAll(async () => {
  const me = (await fixture.administrator.expect(200, 'GET', '/api/auth/me')) as PublicUser & {
    firstName?: string
    lastName?: string
  }
  adminName = [me.firstName, me.lastName].filter(Boolean).join(' ') || me.username
  adminProfile = await saveDisc(fixture.administrator, [30, 30, 30, 80], adminName)
  const people: Array<[string, string, [number, number, number, number]]> = [
    ['Priya', 'Nair', [85, 40, 20, 30]],
    ['Tom', 'Berg', [20, 30, 85, 40]],
    ['Ada', 'Lund', [25, 20, 35, 90]],
  ]
  const saved: Profile[] = []
  for (const [firstName, lastName, scores] of people) {
    const account = await fixture.createAccount('standard', { firstName, lastName })
    saved.push(await saveDisc(account.session, scores))
  }
  ;[priya, tom, ada] = saved as [Profile, Profile, Profile]
})

describe('Collaborate', () => {
  test('preselects the user’s own profile, picks Profile B by searching, and streams insights for the pair', async () => {
    const browserSession = await fixture.newBrowserSession(fixture.administrator)
    const page = await browserSession.newPage()
    const sent = collaborationRequests(page)
    await openPage(page, fixture.product.url, '/collaborate')
    await page.getByRole('heading', { level: 1, name: 'Collaborate' }).waitFor()

    await expect.poll(() => picker(page, 'Profile A').inputValue()).toBe(adminName)
    const cardA = pickedCard(page, 'Profile A')
    await cardA.getByText('Type C', { exact: true }).waitFor()
    expect(await cardA.innerText()).toMatch(/Conscientiousness \(C\)\s*80%/)
    await insights(page).getByText('Select Both Profiles to Begin').waitFor()
    await expectNoAxeViolations(page)

    await insights(page).getByRole('button', { name: 'Managing conflicts?' }).click()
    await notifications(page).getByText('Missing profiles', { exact: true }).waitFor()
    await notifications(page).getByText('Please select both profiles to compare', { exact: true }).waitFor()
    expect(sent).toHaveLength(0)

    // Keyboard only: type, arrow down to the match, Enter.
    const pickerB = picker(page, 'Profile B')
    await pickerB.click()
    await pickerB.fill('pri')
    const option = page.getByRole('option', { name: /Priya Nair/ })
    await option.waitFor()
    await expect(option.getByText('DISC', { exact: true }).count()).resolves.toBe(1)
    await expect(pickerB.getAttribute('aria-expanded')).resolves.toBe('true')
    await expectNoAxeViolations(page)
    await pickerB.press('ArrowDown')
    await expect(pickerB.getAttribute('aria-activedescendant')).resolves.toBe(await option.getAttribute('id'))
    await pickerB.press('Enter')
    await expect.poll(() => pickerB.inputValue()).toBe('Priya Nair')
    await expect(pickerB.getAttribute('aria-expanded')).resolves.toBe('false')
    const cardB = pickedCard(page, 'Profile B')
    await cardB.getByText('Type D', { exact: true }).waitFor()
    expect(await cardB.innerText()).toMatch(/Dominance \(D\)\s*85%/)

    await insights(page).getByRole('button', { name: 'Short Form' }).click()
    await insights(page).getByRole('button', { name: 'How should we communicate?' }).click()
    await insights(page).getByRole('button', { name: 'Copy answer' }).waitFor()
    expect(sent[0]).toEqual({
      myProfile: { id: adminProfile.id },
      theirProfile: { id: priya.id },
      question: expect.stringMatching(/^How should we communicate with each other/),
      responseLength: 'short',
    })
    const answer = insights(page).getByTestId('assistant-answer')
    expect(await answer.innerText()).toContain('Priya Nair')
    const followUps = insights(page).getByRole('region', { name: 'Follow-up questions' }).getByRole('button')
    expect(await followUps.count()).toBeGreaterThan(0)
    expect(await followUps.count()).toBeLessThanOrEqual(3)
    await expectNoAxeViolations(page)
    browserSession.expectNoPageErrors()
    await browserSession.close()
  })

  test('a user whose profile has another name gets it preselected by user id', async () => {
    const account = await fixture.createAccount('standard', { firstName: 'Kim', lastName: 'Ode' })
    await saveDisc(account.session, [40, 80, 30, 20], 'Team offsite results')
    const browserSession = await fixture.newBrowserSession(account.session)
    const page = await browserSession.newPage()
    await openPage(page, fixture.product.url, '/collaborate')
    await expect.poll(() => picker(page, 'Profile A').inputValue()).toBe('Team offsite results')
    await pickedCard(page, 'Profile A').getByText('Type I', { exact: true }).waitFor()
    // A standard user's pickers offer only the profiles they may see.
    await picker(page, 'Profile B').click()
    await page.getByRole('option', { name: /Team offsite results/ }).waitFor()
    await expect(page.getByRole('option').count()).resolves.toBe(1)
    browserSession.expectNoPageErrors()
    await browserSession.close()
  })

  test('the team map places everyone, picks A or B by a click or from its list, and filters', async () => {
    const browserSession = await fixture.newBrowserSession(fixture.administrator)
    const page = await browserSession.newPage()
    await openPage(page, fixture.product.url, '/collaborate')
    await expect.poll(() => picker(page, 'Profile A').inputValue()).toBe(adminName)
    const map = teamMap(page)
    const svg = map.getByTestId('team-map')
    for (const profile of [adminProfile, priya, tom, ada])
      await svg.locator(`[data-profile-id="${profile.id}"]`).waitFor()
    await expect(map.getByText(/^Team map of \d+ people you can see/).innerText()).resolves.toMatch(
      /Dominance 1/,
    )
    // Placed by scores: Priya (D) top left, Tom (S) bottom right, Ada (C) bottom left of the circle.
    const centre = async (profile: Profile) => {
      const box = (await svg.locator(`[data-profile-id="${profile.id}"] circle`).boundingBox())!
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 }
    }
    const mapBox = (await svg.boundingBox())!
    const middle = { x: mapBox.x + mapBox.width / 2, y: mapBox.y + mapBox.height / 2 }
    const [p, t, a] = [await centre(priya), await centre(tom), await centre(ada)]
    expect(p.x < middle.x && p.y < middle.y).toBe(true)
    expect(t.x > middle.x && t.y > middle.y).toBe(true)
    expect(a.x < middle.x && a.y > middle.y).toBe(true)
    await expect(svg.locator(`[data-profile-id="${priya.id}"] circle`).getAttribute('fill')).resolves.toBe(
      '#dc2626',
    )
    await expect(svg.locator(`[data-profile-id="${tom.id}"] circle`).getAttribute('fill')).resolves.toBe(
      '#059669',
    )

    // With A chosen, a click picks B; switching the target makes a click pick A.
    await svg.locator(`[data-profile-id="${tom.id}"] circle`).click()
    await expect.poll(() => picker(page, 'Profile B').inputValue()).toBe('Tom Berg')
    await map.getByRole('button', { name: 'Profile A' }).click()
    await svg.locator(`[data-profile-id="${ada.id}"] circle`).click()
    await expect.poll(() => picker(page, 'Profile A').inputValue()).toBe('Ada Lund')
    await pickedCard(page, 'Profile A').getByText('Type C', { exact: true }).waitFor()

    // The list view: the same people, picked from the keyboard.
    await map.getByRole('button', { name: 'Show the list of people' }).click()
    const table = map.getByRole('table')
    await table.getByRole('rowheader', { name: 'Priya Nair' }).waitFor()
    expect(await table.getByRole('row', { name: /Priya Nair/ }).innerText()).toMatch(
      /Dominance\s+85%\s+40%\s+20%\s+30%/,
    )
    await table.getByRole('button', { name: 'Pick Priya Nair as Profile B' }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => picker(page, 'Profile B').inputValue()).toBe('Priya Nair')
    await expectNoAxeViolations(page)

    await map.getByLabel('Filter people by name').fill('lund')
    await expect.poll(() => svg.locator('[data-profile-id]').count()).toBe(1)
    await svg.locator(`[data-profile-id="${ada.id}"]`).waitFor()
    await map.getByText(/1 matching "lund"/).waitFor()
    await expect(table.getByRole('rowheader').allInnerTexts()).resolves.toEqual(['Ada Lund'])
    browserSession.expectNoPageErrors()
    await browserSession.close()
  })

  test('with many people the map draws density and the filtered people, and the pickers load page by page', async () => {
    // 170 more profiles: past the point where the map shades density instead of relying on dots.
    for (let index = 0; index < 170; index += 1) {
      const scores: [number, number, number, number] = [
        (index * 37) % 100,
        (index * 53) % 100,
        (index * 71) % 100,
        (index * 17) % 100,
      ]
      await saveDisc(fixture.administrator, scores, `Crowd ${String(index).padStart(3, '0')}`)
    }
    const browserSession = await fixture.newBrowserSession(fixture.administrator)
    const page = await browserSession.newPage()
    const lookups: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/profiles/lookup')) lookups.push(request.url())
    })
    await openPage(page, fixture.product.url, '/collaborate')
    const map = teamMap(page)
    await map.getByText('Shaded: where everyone you can see clusters').waitFor()
    await expect.poll(async () => map.getByTestId('team-map').locator('rect').count()).toBeGreaterThan(5)
    // Too many for names beside the dots.
    await expect(map.getByTestId('team-map').getByText('Crowd 001', { exact: true }).count()).resolves.toBe(0)

    await map.getByLabel('Filter people by name').fill('Crowd 00')
    await expect.poll(() => map.getByTestId('team-map').locator('[data-profile-id]').count()).toBe(10)
    await map.getByText('Shaded: where everyone you can see clusters').waitFor()
    await map.getByTestId('team-map').getByText('Crowd 001', { exact: true }).waitFor()
    await expectNoAxeViolations(page)

    // The picker shows 20 at first and loads the next page when the arrow keys reach the end.
    const pickerB = picker(page, 'Profile B')
    await pickerB.click()
    await pickerB.fill('Crowd')
    // The search runs once typing pauses; until then the list shows everyone, starting with Ada Lund.
    await expect.poll(() => page.getByRole('option').first().innerText()).toContain('Crowd 000')
    await expect.poll(() => page.getByRole('option').count()).toBe(20)
    for (let index = 0; index < 20; index += 1) await pickerB.press('ArrowDown')
    await expect.poll(() => page.getByRole('option').count()).toBe(40)
    expect(lookups.some((url) => new URL(url).searchParams.has('cursor'))).toBe(true)
    expect(lookups.every((url) => Number(new URL(url).searchParams.get('limit')) <= 50)).toBe(true)
    await pickerB.press('ArrowDown')
    await pickerB.press('Enter')
    await expect.poll(() => pickerB.inputValue()).toBe('Crowd 020')
    browserSession.expectNoPageErrors()
    await browserSession.close()
  })
})
