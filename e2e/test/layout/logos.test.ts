import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { expectNoAxeViolations, type BrowserSession } from '../../src/browser.ts'
import { waitForSettledPage } from '../../src/pages.ts'
import { useProduct } from '../../src/fixture.ts'
import { linkSentTo } from '../../src/outbox.ts'

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
let signedOut: BrowserSession
let inviteLink: string

beforeAll(async () => {
  session = await fixture.newBrowserSession(fixture.administrator)
  signedOut = await fixture.newBrowserSession()
})

afterAll(async () => {
  await session?.close()
  await signedOut?.close()
})

const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1280, height: 800 }

async function open(
  viewport: { width: number; height: number },
  url = `${fixture.product.url}/`,
  browser = session,
): Promise<Page> {
  const page = await browser.newPage()
  await page.setViewportSize(viewport)
  await page.goto(url)
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
  test('are served by /api/logos to anyone, inline SVG as a data: URL', async () => {
    const answer = await fetch(`${fixture.product.url}/api/logos`)
    expect(answer.status).toBe(200)
    const { logos } = (await answer.json()) as { logos: Array<{ src: string; alt: string }> }
    expect(logos.map((logo) => logo.alt)).toEqual(['Acme Holdings', 'Globex Group'])
    expect(decodeURIComponent(logos[0]!.src)).toBe(`data:image/svg+xml;charset=utf-8,${INLINE_SVG}`)
    expect(logos[1]!.src).toBe('/favicon.svg')
  })

  test.each([
    { viewport: DESKTOP, where: 'in the header row at 1280 px' },
    { viewport: PHONE, where: 'in the header at 390 px, without opening the menu' },
  ])('show $where, with their alt text and link', async ({ viewport }) => {
    const page = await open(viewport)
    await expect(shownLogos(page)).resolves.toEqual(EXPECTED)
    const banner = page.getByRole('banner')
    for (const alt of ['Acme Holdings', 'Globex Group'])
      await expect(banner.getByRole('img', { name: alt }).isVisible()).resolves.toBe(true)
    if (viewport === PHONE) {
      const menu = banner.getByRole('button', { name: 'Menu' })
      await expect(menu.getAttribute('aria-expanded')).resolves.toBe('false')
    }
    await expectNoAxeViolations(page)
    await page.close()
    session.expectNoPageErrors()
  })

  test.each([
    { path: '/login', url: async () => `${fixture.product.url}/login` },
    {
      path: '/invite',
      url: async () => {
        inviteLink ??= await invitationLink()
        return inviteLink
      },
    },
  ])('show in the header of the signed-out page $path at 390 and 1280 px', async ({ url }) => {
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await open(viewport, await url(), signedOut)
      await expect(shownLogos(page)).resolves.toEqual(EXPECTED)
      const banner = page.getByRole('banner')
      for (const alt of ['Acme Holdings', 'Globex Group'])
        await expect(banner.getByRole('img', { name: alt }).isVisible()).resolves.toBe(true)
      await expectNoAxeViolations(page)
      await page.close()
    }
    signedOut.expectNoPageErrors()
  })
})

/** An invitation's link, from an owner with a profile. */
async function invitationLink(): Promise<string> {
  const owner = await fixture.createAccount('standard', { firstName: 'Logo', lastName: 'Owner' })
  await owner.session.expect(201, 'POST', '/api/assessments', {
    dScore: 70,
    iScore: 50,
    sScore: 30,
    cScore: 10,
  })
  await owner.session.expect(201, 'POST', '/api/invitations', {
    inviteeName: 'Logo Guest',
    inviteeEmail: 'logo.guest@example.test',
    inviteeRole: 'guest_standard',
  })
  return linkSentTo(fixture.product.dataDirectory, 'logo.guest@example.test')
}
