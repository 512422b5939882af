import type { ProfileMapResponse } from '@app/contracts/profiles'
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Account } from '../../src/api.ts'
import { expectNoAxeViolations, type BrowserSession } from '../../src/browser.ts'
import { useProduct } from '../../src/fixture.ts'
import { openPage } from '../../src/pages.ts'

// The team map at real team sizes (issue 25, item 8): names never print over each other, stay on the map,
// and every person on it can be reached and picked from the keyboard.
const fixture = useProduct({ RATE_LIMIT_MAX: '100000' })

const FIRST = ['Alexandra', 'Bo', 'Christopher', 'Dana', 'Evangeline', 'Femi', 'Guillermo', 'Hui', 'Ingrid']
const LAST = ['Montgomery-Smythe', 'Ng', 'Okonkwo', 'Lee', 'Vanderbilt', 'Ito', 'Abernathy']

let mapper: Account
let saved = 0
const sessions: BrowserSession[] = []

/** Saves profiles up to `count`: a third balanced (all at the centre, where names used to pile up). */
async function growTeamTo(count: number): Promise<void> {
  const indexes = Array.from({ length: count - saved }, (_, offset) => saved + offset)
  for (let start = 0; start < indexes.length; start += 10) {
    await Promise.all(
      indexes.slice(start, start + 10).map((index) => {
        const balanced = index % 3 === 0
        const scores = balanced
          ? [50, 50, 50, 50]
          : [(index * 37) % 100, (index * 53) % 100, (index * 71) % 100, (index * 17) % 100]
        const [dScore, iScore, sScore, cScore] = scores
        const name = `${FIRST[index % FIRST.length]} ${LAST[index % LAST.length]} ${index + 1}`
        return mapper.session.expect(201, 'POST', '/api/assessments', {
          assessmentType: 'disc',
          name,
          dScore,
          iScore,
          sScore,
          cScore,
        })
      }),
    )
  }
  saved = count
}

beforeAll(async () => {
  mapper = await fixture.createAccount('standard', { firstName: 'Mia', lastName: 'Mapper' })
}, 60_000)

afterAll(async () => {
  for (const session of sessions) await session.close()
})

type Box = { x: number; y: number; width: number; height: number }
const intersect = (a: Box, b: Box) =>
  a.x < b.x + b.width - 0.5 &&
  b.x < a.x + a.width - 0.5 &&
  a.y < b.y + b.height - 0.5 &&
  b.y < a.y + a.height - 0.5

async function openMap(width: number, people: number): Promise<{ page: Page; map: Locator; svg: Locator }> {
  const session = await fixture.newBrowserSession(mapper.session)
  sessions.push(session)
  const page = await session.newPage()
  await page.setViewportSize({ width, height: width < 600 ? 844 : 800 })
  await openPage(page, `${fixture.product.url}/collaborate`, 'Collaborate')
  const map = page.getByRole('region', { name: 'Team Map' })
  await map.getByText(`Team map of ${people} people you can see`, { exact: false }).waitFor()
  const svg = map.getByTestId('team-map')
  return { page, map, svg }
}

describe.each([15, 50, 500])('the team map with %i people', (people) => {
  beforeAll(async () => {
    await growTeamTo(people)
  }, 120_000)

  test.each([390, 1280])(
    'at %i px no two names overlap and each stays on the map; every person is reachable by keyboard',
    async (width) => {
      const { page, map, svg } = await openMap(width, people)
      const shown = ((await mapper.session.expect(200, 'GET', '/api/profiles/map')) as ProfileMapResponse)
        .people
      await expect.poll(() => svg.locator('[data-profile-id]').count()).toBe(shown.length)

      const svgBox = (await svg.boundingBox())!
      const labels = await svg.locator('[data-map-label]').all()
      const boxes: Box[] = []
      for (const label of labels) boxes.push((await label.boundingBox())!)
      if (people <= 50) expect(boxes.length).toBeGreaterThan(3)
      for (const [index, box] of boxes.entries()) {
        expect(box.x).toBeGreaterThanOrEqual(svgBox.x - 0.5)
        expect(box.x + box.width).toBeLessThanOrEqual(svgBox.x + svgBox.width + 0.5)
        expect(box.y).toBeGreaterThanOrEqual(svgBox.y - 0.5)
        expect(box.y + box.height).toBeLessThanOrEqual(svgBox.y + svgBox.height + 0.5)
        for (const other of boxes.slice(index + 1)) expect(intersect(box, other)).toBe(false)
      }

      // One keyboard stop; the arrow keys visit every person on the map, each named as it is focused.
      await svg.locator('[data-profile-id][tabindex="0"]').focus()
      const visited = new Set<string>()
      for (let step = 0; step < shown.length; step += 1) {
        const id = (await page.locator(':focus').getAttribute('data-profile-id')) ?? ''
        visited.add(id)
        if (step < 3) {
          const name = shown.find((person) => String(person.id) === id)!.name
          const named = svg.locator(`[data-profile-id="${id}"] [data-map-label]`)
          if ((await named.count()) === 0)
            await expect(svg.locator('[data-hover-label]').textContent()).resolves.toBe(name)
        }
        await page.keyboard.press('ArrowRight')
      }
      expect(visited).toEqual(new Set(shown.map((person) => String(person.id))))
      // Enter picks the focused person.
      const focusedId = (await page.locator(':focus').getAttribute('data-profile-id')) ?? ''
      await page.keyboard.press('Enter')
      const focusedName = shown.find((person) => String(person.id) === focusedId)!.name
      await expect
        .poll(() => page.getByRole('combobox', { name: 'Profile B' }).inputValue())
        .toBe(focusedName)

      // The list view shows every column without cutting one off.
      await map.getByRole('button', { name: 'Show the list of people' }).click()
      const list = map.getByTestId('team-map-list')
      await list.getByRole('columnheader', { name: 'C', exact: true }).waitFor()
      if (width >= 1280) {
        const overflow = await list.evaluate((element) => element.scrollWidth - element.clientWidth)
        expect(overflow).toBeLessThanOrEqual(0)
      }
      const scrollWidth = await page.locator('html').evaluate((element) => element.scrollWidth)
      expect(scrollWidth).toBeLessThanOrEqual(width)
      await expectNoAxeViolations(page)
      for (const session of sessions) session.expectNoPageErrors()
    },
    240_000,
  )
})
