import type { Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { ApiSession, registerUser } from '../../src/api.ts'
import { expectNoAxeViolations, type BrowserSession } from '../../src/browser.ts'
import { useProduct } from '../../src/fixture.ts'
import { linkSentTo } from '../../src/outbox.ts'
import { waitForSettledPage } from '../../src/pages.ts'

/** The widths the issue names (phones, a tablet, a desktop), and the ones around each breakpoint. */
const NAMED_WIDTHS = [320, 360, 375, 390, 768, 1280]
const WIDTHS = [...NAMED_WIDTHS, 340, 414, 480, 639, 640, 767, 1023, 1024, 1100, 1440].sort((a, b) => a - b)
const HEIGHT = 800

// A name as long as a person's may be: it must never push the Logout button into the Menu button.
const LONG = { firstName: 'Maximiliana-Alexandrina', lastName: 'Featherstonehaugh-Worthington' }

const fixture = useProduct()
let standard: ApiSession
const sessions: BrowserSession[] = []

beforeAll(async () => {
  const owner = await fixture.createAccount('standard', LONG)
  standard = owner.session
  await standard.expect(201, 'POST', '/api/assessments', { dScore: 70, iScore: 50, sScore: 30, cScore: 10 })
  await standard.expect(201, 'POST', '/api/invitations', {
    inviteeName: 'Header Guest',
    inviteeEmail: 'header.guest@example.test',
    inviteeRole: 'guest_standard',
  })
})

afterAll(async () => {
  for (const session of sessions) await session.close()
})

afterEach(() => {
  for (const session of sessions) session.expectNoPageErrors()
})

type Box = { label: string; x: number; y: number; width: number; height: number }
// The browser-side shapes read here (this package's TypeScript has no DOM library).
type Rect = { x: number; y: number; width: number; height: number }
type Shown = {
  tagName: string
  textContent: string | null
  getAttribute(name: string): string | null
  getBoundingClientRect(): Rect
  closest(selector: string): unknown
  checkVisibility(): boolean
}

/**
 * Every control the header shows: its links and buttons, and its images outside them (the sister-company
 * logos), each with the box it takes on the screen.
 */
async function headerControls(page: Page): Promise<Box[]> {
  return page
    .getByRole('banner')
    .locator('a, button, img')
    .evaluateAll((elements) =>
      (elements as unknown as Shown[])
        .filter((element) => element.checkVisibility())
        .filter((element) => element.tagName !== 'IMG' || !element.closest('a, button'))
        .map((element) => {
          const { x, y, width, height } = element.getBoundingClientRect()
          const label = element.getAttribute('alt') ?? element.textContent?.trim() ?? element.tagName
          return { label: `${element.tagName.toLowerCase()} "${label}"`, x, y, width, height }
        })
        .filter((box) => box.width > 0 && box.height > 0),
    )
}

/** The pairs of controls whose boxes share any area, with how far they overlap. */
function overlaps(boxes: Box[]): string[] {
  const found: string[] = []
  boxes.forEach((a, index) => {
    for (const b of boxes.slice(index + 1)) {
      const across = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)
      const down = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y)
      if (across > 0 && down > 0) found.push(`${a.label} and ${b.label} overlap by ${across.toFixed(1)} px`)
    }
  })
  return found
}

/** Checks the header at every width, resizing one page; answers what overlapped or left the screen where. */
async function problemsAcrossWidths(page: Page, expected: string[]): Promise<string[]> {
  const problems: string[] = []
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHT })
    const boxes = await headerControls(page)
    const labels = boxes.map((box) => box.label)
    for (const label of expected)
      if (!labels.some((shown) => shown.includes(label))) problems.push(`${width} px: no ${label} shown`)
    for (const overlap of overlaps(boxes)) problems.push(`${width} px: ${overlap}`)
    for (const box of boxes)
      if (box.x < 0 || box.x + box.width > width) problems.push(`${width} px: ${box.label} leaves the screen`)
  }
  return problems
}

async function open(signedInAs: ApiSession | undefined, url: string): Promise<Page> {
  const session = await fixture.newBrowserSession(signedInAs)
  sessions.push(session)
  const page = await session.newPage()
  await page.setViewportSize({ width: 390, height: HEIGHT })
  await page.goto(url)
  await waitForSettledPage(page)
  await page.getByRole('banner').getByRole('img', { name: 'Sister company two' }).waitFor()
  return page
}

const LOGOS = ['"Sister company one"', '"Sister company two"']

describe("the header's controls never overlap, from 320 px up", () => {
  test.each([
    { who: 'the administrator', signedInAs: () => fixture.administrator },
    { who: 'a standard user with a long name', signedInAs: () => standard },
  ])('on the signed-in pages of $who, with the menu closed and open', async ({ signedInAs }) => {
    const page = await open(signedInAs(), `${fixture.product.url}/history`)
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).waitFor()
    expect(await problemsAcrossWidths(page, [...LOGOS, '"Logout"', '"Prevue DISC Insights"'])).toEqual([])

    for (const width of NAMED_WIDTHS.filter((named) => named < 1024)) {
      await page.setViewportSize({ width, height: HEIGHT })
      const menu = page.getByRole('banner').getByRole('button', { name: 'Menu' })
      await menu.click()
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).waitFor()
      expect(overlaps(await headerControls(page)), `${width} px, menu open`).toEqual([])
      if (width === 320) await expectNoAxeViolations(page)
      await menu.click()
    }
    await expectNoAxeViolations(page)
  })

  test.each([
    { page: '/login', url: async () => `${fixture.product.url}/login` },
    {
      page: '/invite',
      url: () => linkSentTo(fixture.product.dataDirectory, 'header.guest@example.test'),
    },
  ])('on the signed-out page $page', async ({ url }) => {
    const page = await open(undefined, await url())
    expect(await problemsAcrossWidths(page, [...LOGOS, '"Login"', '"Prevue DISC Insights"'])).toEqual([])
    await expectNoAxeViolations(page)
  })

  test('where the session must change its password first (no page buttons)', async () => {
    // Registered by the administrator and signed in once: the session may only change the password.
    const registered = await registerUser(fixture.administrator, 'standard', LONG)
    const session = new ApiSession(fixture.product.url)
    await session.login(registered.username, registered.password)
    const page = await open(session, `${fixture.product.url}/change-password`)
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).waitFor()
    expect(await problemsAcrossWidths(page, [...LOGOS, '"Logout"'])).toEqual([])
    await expectNoAxeViolations(page)
  })
})
