import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { expectNoAxeViolations } from '../../src/browser.ts'
import { useProduct } from '../../src/fixture.ts'
import { DESKTOP, expectFound, guestJourneys, sharedWithYou } from '../../src/guest-journeys.ts'
import { waitForSettledPage } from '../../src/pages.ts'

/**
 * A guest's home when the network misbehaves: reads that fail, and answers that arrive in the worst order
 * (docs/decisions/070-a-refused-session-cookie-is-left-alone.md).
 */

const fixture = useProduct()
const { ownerWithProfile, invite, acceptByApi, acceptInBrowser, newestLink } = guestJourneys(fixture)

/** A guest who accepted an owner's invitation by the API, in a desktop browser page not yet opened anywhere. */
async function guestInBrowser(
  [firstName, lastName]: [string, string],
  guestName: string,
  role: 'guest_standard' | 'guest_owner',
) {
  const owner = await ownerWithProfile(firstName, lastName)
  const email = `${guestName.toLowerCase().replace(' ', '.')}@example.test`
  await invite(owner.session, guestName, email, role)
  const session = await fixture.newBrowserSession(await acceptByApi(email, `${guestName} chosen password`))
  const page = await session.newPage()
  await page.setViewportSize(DESKTOP)
  return { session, page }
}

describe('reads of the shared list that fail', () => {
  /** Answers the next `count` reads of the accessible profiles with a 503, then lets them through. */
  async function failNextReads(page: Page, count: number): Promise<() => number> {
    let failed = 0
    await page.route('**/api/accessible-profiles', (route) => {
      if (failed >= count) return route.continue()
      failed++
      return route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"message":"Unavailable"}',
      })
    })
    return () => failed
  }

  it('the page waiting for a grant reads on through failed reads; a failed list offers Try again', async () => {
    const owner = await ownerWithProfile('Flo', 'Flaky')
    await invite(owner.session, 'Rhea Retry', 'rhea.retry@example.test', 'guest_standard')
    const session = await fixture.newBrowserSession()
    let failedOnArrival = () => 0
    const page = await acceptInBrowser(session, 'rhea.retry@example.test', DESKTOP, async (opened) => {
      failedOnArrival = await failNextReads(opened, 3)
    })
    // The first reads on arrival fail; the page waiting for the grant reads again and finds it.
    await expectFound(page, 'Flo Flaky')
    expect(failedOnArrival()).toBe(3)
    await page.unrouteAll()

    // Opened again, the list is read once: when that read fails, the user is told and may read it again.
    const failedOnReturn = await failNextReads(page, 1)
    await page.goto(`${fixture.product.url}/history`)
    await page.goto(`${fixture.product.url}/`)
    await waitForSettledPage(page)
    await sharedWithYou(page)
      .getByRole('alert')
      .getByText('We could not load the profiles shared with you.', { exact: false })
      .waitFor()
    expect(failedOnReturn()).toBe(1)
    await expectNoAxeViolations(page)
    await sharedWithYou(page).getByRole('button', { name: 'Try again' }).click()
    await sharedWithYou(page).getByRole('heading', { name: 'Flo Flaky', level: 3 }).waitFor()
    await expect(sharedWithYou(page).getByRole('alert').count()).resolves.toBe(0)
    session.expectNoPageErrors([/status of 503/])
  }, 90_000)

  it('the Authorised Profiles tab says when its list failed, and reads it again on Try again', async () => {
    const { session, page } = await guestInBrowser(['Tabitha', 'Tabs'], 'Otto Owner', 'guest_owner')
    // Every read fails until the tab has said so (the page's other parts read the same list first).
    const failed = await failNextReads(page, Number.POSITIVE_INFINITY)
    await page.goto(`${fixture.product.url}/share-profile`)
    await page.getByRole('tab', { name: 'Authorised Profiles' }).click()
    const section = page.getByRole('region', { name: 'Profiles shared with you' })
    await section
      .getByRole('alert')
      .getByText('We could not load the profiles shared with you.', { exact: false })
      .waitFor()
    expect(failed()).toBeGreaterThan(0)
    await expectNoAxeViolations(page)
    await page.unrouteAll()
    await section.getByRole('button', { name: 'Try again' }).click()
    await section.getByRole('button', { name: /Tabitha Tabs/ }).waitFor()
    await expect(section.getByRole('alert').count()).resolves.toBe(0)
    session.expectNoPageErrors([/status of 503/])
  }, 60_000)
})

describe('a session replaced while other requests are on their way', () => {
  it('a request sent with the old session and answered after a promotion does not sign the guest out', async () => {
    const first = await ownerWithProfile('Pia', 'First')
    const second = await ownerWithProfile('Ravi', 'Raise')
    const email = 'gus.raised@example.test'
    await invite(first.session, 'Gus Raised', email, 'guest_standard')
    const gus = await acceptByApi(email, 'gus chosen password')
    await invite(second.session, 'Gus Raised', email, 'guest_owner')
    const session = await fixture.newBrowserSession(gus)
    const page = await session.newPage()
    // Whatever the browser asks for while the acceptance is under way (the answer's schema, a page chunk)
    // reaches the gateway only after the acceptance ended the old session: the worst order a network allows.
    let accepted: Promise<unknown> | null = null
    let answered = false
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/invitations/accept/'))
        accepted = request.response().then(() => (answered = true))
    })
    const held: string[] = []
    await page.route(
      (url) => !url.pathname.startsWith('/api/invitations/accept/'),
      async (route) => {
        if (!accepted || answered) return route.continue()
        held.push(new URL(route.request().url()).pathname)
        await accepted
        // As it left the browser: with the cookie of the session the acceptance replaced.
        const response = await route.fetch({ headers: { ...route.request().headers(), cookie: oldCookie } })
        await route.fulfill({ response })
      },
    )
    await page.goto(await newestLink(email))
    const oldCookie = (await session.context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ')
    await page.getByRole('button', { name: 'Accept & Create Account' }).click()
    await page.getByRole('heading', { name: 'Invitation Accepted' }).waitFor()
    await expectFound(page, 'Ravi Raise')
    expect(held.length, 'some request was sent during the acceptance').toBeGreaterThan(0)
    await expect(page.evaluate<number>("fetch('/api/auth/me').then((r) => r.status)")).resolves.toBe(200)
    session.expectNoPageErrors()
  }, 60_000)

  it('a 401 answered to the old session signs no one out while the new one lives', async () => {
    const { session, page } = await guestInBrowser(['Lou', 'Late'], 'Lena Late', 'guest_standard')
    await page.goto(`${fixture.product.url}/`)
    await expectFound(page, 'Lou Late')
    // The next read of the list is answered as the gateway answers a request that left with a replaced cookie.
    let refused = 0
    await page.route('**/api/accessible-profiles', (route) => {
      if (refused > 0) return route.continue()
      refused++
      return route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: '{"message":"Unauthorized"}',
      })
    })
    await page.goto(`${fixture.product.url}/history`)
    await page.goto(`${fixture.product.url}/`)
    await sharedWithYou(page).getByRole('button', { name: 'Try again' }).waitFor()
    expect(refused).toBe(1)
    // The session check that followed found the session alive: still signed in, on the same page.
    expect(new URL(page.url()).pathname).toBe('/')
    await sharedWithYou(page).getByRole('button', { name: 'Try again' }).click()
    await sharedWithYou(page).getByRole('heading', { name: 'Lou Late', level: 3 }).waitFor()
    await expect(page.getByRole('button', { name: 'Sign in' }).count()).resolves.toBe(0)
    session.expectNoPageErrors([/status of 401/])
  }, 60_000)
})
