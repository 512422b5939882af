import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Account } from '../../src/api.ts'
import { expectNoAxeViolations, type BrowserSession } from '../../src/browser.ts'
import { waitForPath, waitForSettledPage } from '../../src/pages.ts'
import { useProduct } from '../../src/fixture.ts'

// The browser-side shapes these checks read (this package's TypeScript has no DOM library).
type LoadedImage = { complete: boolean; naturalWidth: number }
type Styles = { paddingRight: string; textOverflow: string }
type StyleReader = { getComputedStyle(element: unknown): Styles }

const fixture = useProduct()
const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1280, height: 800 }
const ADMINISTRATOR_BUTTONS = ['Profile', 'Ask', 'Collaborate', 'Share', 'Request', 'Import', 'Manage Users']
const STANDARD_BUTTONS = ['Profile', 'Ask', 'Collaborate', 'Share', 'Request']

let standard: Account
let adminSession: BrowserSession
let standardSession: BrowserSession
let ownerSession: BrowserSession

const LONG = { firstName: 'Maximiliana-Alexandrina', lastName: 'Featherstonehaugh-Worthington' }

beforeAll(async () => {
  standard = await fixture.createAccount('standard', { firstName: 'Hana', lastName: 'Phone' })
  // An owner with a long name and two profiles, so that My Profile offers a profile selector.
  const owner = await fixture.createAccount('standard', LONG)
  for (const primaryType of ['D', 'I']) {
    await owner.session.expect(201, 'POST', '/api/assessments', {
      timestamp: new Date().toISOString(),
      assessmentType: 'disc',
      dScore: 50,
      iScore: 25,
      sScore: 25,
      cScore: 0,
      primaryType,
      scoresData: null,
      answers: ['D', 'D', 'I', 'S'],
      userId: null,
    })
  }
  ownerSession = await fixture.newBrowserSession(owner)
  adminSession = await fixture.newBrowserSession(fixture.administrator)
  standardSession = await fixture.newBrowserSession(standard)
})

afterAll(async () => {
  await adminSession?.close()
  await standardSession?.close()
  await ownerSession?.close()
})

async function open(session: BrowserSession, viewport: typeof PHONE, path = '/'): Promise<Page> {
  const page = await session.newPage()
  await page.setViewportSize(viewport)
  await page.goto(`${fixture.product.url}${path}`)
  await waitForSettledPage(page)
  // The page buttons load beside the first signed-in page.
  await page.locator('header nav[aria-label="Main"]').waitFor({ state: 'attached' })
  return page
}

async function visibleTexts(links: Locator): Promise<string[]> {
  const texts: string[] = []
  for (const link of await links.all()) if (await link.isVisible()) texts.push(await link.innerText())
  return texts
}

/** The rows of the header: its visible controls grouped by their vertical centre. */
async function headerRows(page: Page): Promise<number> {
  const banner = page.getByRole('banner')
  const centres: number[] = []
  for (const control of await banner.locator('a, button').all()) {
    if (!(await control.isVisible())) continue
    const box = (await control.boundingBox())!
    centres.push(box.y + box.height / 2)
  }
  centres.sort((a, b) => a - b)
  return centres.filter((centre, index) => index === 0 || centre - centres[index - 1]! > 20).length
}

async function focusedText(page: Page): Promise<string> {
  return (await page.locator(':focus').innerText()).trim()
}

describe('the header on a phone (390 px)', () => {
  test.each([
    { who: 'administrator', buttons: ADMINISTRATOR_BUTTONS },
    { who: 'standard', buttons: STANDARD_BUTTONS },
  ])('puts every page button of the $who one tap away, in one row', async ({ who, buttons }) => {
    const session = who === 'administrator' ? adminSession : standardSession
    const page = await open(session, PHONE)
    const banner = page.getByRole('banner')
    const menu = banner.getByRole('button', { name: 'Menu' })
    const links = banner.getByRole('navigation', { name: 'Main' }).getByRole('link')
    await expect(menu.getAttribute('aria-expanded')).resolves.toBe('false')
    await expect(visibleTexts(links)).resolves.toEqual([])
    await expect(headerRows(page)).resolves.toBe(1)

    await menu.click()
    await expect(menu.getAttribute('aria-expanded')).resolves.toBe('true')
    await expect(visibleTexts(links)).resolves.toEqual(buttons)
    for (const link of await links.all()) {
      const box = (await link.boundingBox())!
      expect(box.x).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width)
      expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height)
    }
    await expectNoAxeViolations(page)

    // One tap on a button opens its page and closes the menu.
    await links.getByText('Request', { exact: true }).click()
    await waitForPath(page, '/request-assessment')
    await expect(menu.getAttribute('aria-expanded')).resolves.toBe('false')
    await expect(visibleTexts(links)).resolves.toEqual([])
    await page.close()
    session.expectNoPageErrors()
  })

  test('the menu works from the keyboard: focus stays inside while open, Escape closes it', async () => {
    const page = await open(adminSession, PHONE)
    const menu = page.getByRole('banner').getByRole('button', { name: 'Menu' })
    await menu.focus()
    await page.keyboard.press('Enter')
    await expect(menu.getAttribute('aria-expanded')).resolves.toBe('true')

    const order: string[] = []
    for (let step = 0; step < ADMINISTRATOR_BUTTONS.length + 1; step += 1) {
      await page.keyboard.press('Tab')
      order.push(await focusedText(page))
    }
    // Past the last button, focus comes back to the Menu button instead of leaving the panel.
    expect(order).toEqual([...ADMINISTRATOR_BUTTONS, 'Menu'])
    await page.keyboard.press('Shift+Tab')
    await expect(focusedText(page)).resolves.toBe('Manage Users')

    await page.keyboard.press('Escape')
    await expect(menu.getAttribute('aria-expanded')).resolves.toBe('false')
    await expect(focusedText(page)).resolves.toBe('Menu')
    await expect(
      visibleTexts(page.getByRole('navigation', { name: 'Main' }).getByRole('link')),
    ).resolves.toEqual([])

    // Opened again with Space, a button is followed with Enter.
    await page.keyboard.press('Space')
    await page.keyboard.press('Tab')
    await expect(focusedText(page)).resolves.toBe('Profile')
    await page.keyboard.press('Enter')
    await waitForPath(page, '/history')
    await expect(menu.getAttribute('aria-expanded')).resolves.toBe('false')
    await page.close()
    adminSession.expectNoPageErrors()
  })

  test("My Profile's selector keeps a long name clear of its chevron", async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await open(ownerSession, viewport, '/history')
      const select = page.getByLabel('Select a profile')
      await select.waitFor()
      const chevron = page.locator('svg[data-chevron]')
      const selectBox = (await select.boundingBox())!
      const chevronBox = (await chevron.boundingBox())!
      const paddingRight = Number.parseFloat(
        await select.evaluate(
          (element) => (globalThis as unknown as StyleReader).getComputedStyle(element).paddingRight,
        ),
      )
      // The text ends where the right padding starts; the chevron lies within that padding.
      expect(chevronBox.x).toBeGreaterThanOrEqual(selectBox.x + selectBox.width - paddingRight)
      expect(chevronBox.x + chevronBox.width).toBeLessThanOrEqual(selectBox.x + selectBox.width)
      await expect(
        select.evaluate(
          (element) => (globalThis as unknown as StyleReader).getComputedStyle(element).textOverflow,
        ),
      ).resolves.toBe('ellipsis')
      await expectNoAxeViolations(page)
      await page.close()
    }
    ownerSession.expectNoPageErrors()
  })
})

describe('the header on a desktop (1280 px)', () => {
  test("shows the administrator's buttons in the header, in at most two rows, without a menu", async () => {
    const page = await open(adminSession, DESKTOP)
    const banner = page.getByRole('banner')
    await banner.getByRole('link', { name: 'Manage Users' }).waitFor()
    await expect(banner.getByRole('button', { name: 'Menu' }).isVisible()).resolves.toBe(false)
    await expect(
      visibleTexts(banner.getByRole('navigation', { name: 'Main' }).getByRole('link')),
    ).resolves.toEqual(ADMINISTRATOR_BUTTONS)
    expect(await headerRows(page)).toBeLessThanOrEqual(2)
    // Without a tenant's logos, the header shows the product's two neutral marks.
    const logos = banner.getByRole('list', { name: 'Sister companies' }).getByRole('img')
    await logos.first().waitFor()
    await expect(
      logos.evaluateAll((images) => images.map((image) => image.getAttribute('alt'))),
    ).resolves.toEqual(['Sister company one', 'Sister company two'])
    for (const image of await logos.all()) {
      await expect(
        image.evaluate((element) => (element as unknown as LoadedImage).naturalWidth > 0),
      ).resolves.toBe(true)
    }
    await expectNoAxeViolations(page)
    await page.close()
    adminSession.expectNoPageErrors()
  })
})
