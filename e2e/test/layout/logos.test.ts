import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { expectNoAxeViolations, type BrowserSession } from '../../src/browser.ts'
import { waitForSettledPage } from '../../src/pages.ts'
import { useProduct } from '../../src/fixture.ts'

// The browser-side shapes these checks read (this package's TypeScript has no DOM library).
type LoadedImage = { complete: boolean; naturalWidth: number }

// One tenant's branding, set the way an operator sets it: environment variables of the gateway.
const INLINE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 20"><rect width="40" height="20" fill="#b91c1c"/></svg>'
const fixture = useProduct({
  LOGO_1_SRC: INLINE_SVG,
  LOGO_1_ALT: 'Acme Holdings',
  LOGO_1_HREF: 'https://acme.example.com/',
  LOGO_2_SRC: '/favicon.svg',
  LOGO_2_ALT: 'Globex Group',
})
let session: BrowserSession

beforeAll(async () => {
  session = await fixture.newBrowserSession(fixture.administrator)
})

afterAll(async () => {
  await session?.close()
})

async function open(viewport: { width: number; height: number }): Promise<Page> {
  const page = await session.newPage()
  await page.setViewportSize(viewport)
  await page.goto(`${fixture.product.url}/`)
  await waitForSettledPage(page)
  return page
}

/** The logos the header shows: alt text, link, and whether the image loaded. */
async function shownLogos(page: Page) {
  const list = page.getByRole('banner').getByRole('list', { name: 'Sister companies' })
  await list.waitFor()
  const shown = []
  for (const image of await list.getByRole('img').all()) {
    const link = image.locator('xpath=ancestor::a[1]')
    shown.push({
      alt: await image.getAttribute('alt'),
      href: (await link.count()) > 0 ? await link.getAttribute('href') : null,
      loaded: await image.evaluate((element) => {
        const image = element as unknown as LoadedImage
        return image.complete && image.naturalWidth > 0
      }),
    })
  }
  return shown
}

const EXPECTED = [
  { alt: 'Acme Holdings', href: 'https://acme.example.com/', loaded: true },
  { alt: 'Globex Group', href: null, loaded: true },
]

describe("the tenant's sister-company logos", () => {
  test('are served by /api/config, inline SVG as a data: URL', async () => {
    const config = (await fixture.administrator.expect(200, 'GET', '/api/config')) as {
      logos: Array<{ src: string; alt: string }>
    }
    expect(config.logos.map((logo) => logo.alt)).toEqual(['Acme Holdings', 'Globex Group'])
    expect(decodeURIComponent(config.logos[0]!.src)).toBe(`data:image/svg+xml;charset=utf-8,${INLINE_SVG}`)
    expect(config.logos[1]!.src).toBe('/favicon.svg')
  })

  test('show in the header row at 1280 px, with their alt text and link', async () => {
    const page = await open({ width: 1280, height: 800 })
    await expect(shownLogos(page)).resolves.toEqual(EXPECTED)
    await expectNoAxeViolations(page)
    await page.close()
    session.expectNoPageErrors()
  })

  test('show at the top of the menu at 390 px', async () => {
    const page = await open({ width: 390, height: 844 })
    const banner = page.getByRole('banner')
    await expect(banner.getByRole('img', { name: 'Acme Holdings' }).isVisible()).resolves.toBe(false)
    await banner.getByRole('button', { name: 'Menu' }).click()
    await expect(shownLogos(page)).resolves.toEqual(EXPECTED)
    await expect(banner.getByRole('img', { name: 'Acme Holdings' }).isVisible()).resolves.toBe(true)
    await expectNoAxeViolations(page)
    await page.close()
    session.expectNoPageErrors()
  })
})
