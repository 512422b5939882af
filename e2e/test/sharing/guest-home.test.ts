import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { ApiSession, saveDiscProfile, type Account } from '../../src/api.ts'
import { expectNoAxeViolations, type BrowserSession } from '../../src/browser.ts'
import { useProduct } from '../../src/fixture.ts'
import { linkSentTo as sentLink } from '../../src/outbox.ts'
import { expectToast, pathnameOf, waitForPath, waitForSettledPage } from '../../src/pages.ts'

const fixture = useProduct()
const linkSentTo = (email: string) => sentLink(fixture.product.dataDirectory, email)

const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1280, height: 800 }

async function ownerWithProfile(firstName: string, lastName: string): Promise<Account> {
  const account = await fixture.createAccount('standard', { firstName, lastName })
  await saveDiscProfile(account.session, `${firstName} ${lastName}`)
  return account
}

async function invite(from: ApiSession, name: string, email: string, role: 'guest_standard' | 'guest_owner') {
  await from.expect(201, 'POST', '/api/invitations', {
    inviteeName: name,
    inviteeEmail: email,
    inviteeRole: role,
  })
}

/**
 * Opens the e-mailed link in a signed-out browser at `viewport`, chooses a password and accepts; `prepare`
 * sees the page before it opens the link.
 */
async function acceptInBrowser(
  session: BrowserSession,
  email: string,
  viewport: { width: number; height: number },
  prepare: (page: Page) => Promise<void> = async () => {},
): Promise<Page> {
  const page = await session.newPage()
  await page.setViewportSize(viewport)
  await prepare(page)
  await page.goto(await linkSentTo(email))
  await page.getByRole('heading', { name: 'You have been invited' }).waitFor()
  await expectNoAxeViolations(page)
  await page.getByLabel('Password', { exact: true }).fill('guest chosen password')
  await page.getByLabel('Confirm Password').fill('guest chosen password')
  await page.getByRole('button', { name: 'Accept & Create Account' }).click()
  await page.getByRole('heading', { name: 'Invitation Accepted' }).waitFor()
  // "You are signed in" is true when it is shown: the header already offers Logout, not Login.
  const header = page.getByRole('banner')
  await header.getByRole('button', { name: /Logout/ }).waitFor()
  await expect(header.getByRole('link', { name: 'Login' }).count()).resolves.toBe(0)
  await expectNoAxeViolations(page)
  return page
}

const sharedWithYou = (page: Page) => page.getByRole('region', { name: 'Shared with you' })
const findCard = (page: Page) => page.getByRole('region', { name: 'Find a Profile' })
const askCard = (page: Page) => page.getByRole('region', { name: 'Ask AI Assistant' })

/** The Ask page opened with `name` found, without typing it: the shared list, the finder and the assistant. */
async function expectFound(page: Page, name: string): Promise<void> {
  await waitForPath(page, '/')
  await waitForSettledPage(page)
  // The list follows the acceptance's catalog change. A wait of 8 s, then 20 s, once missed here in CI: the
  // guest had been signed out (decision 070), and the message below shows what the page and the API said.
  await sharedWithYou(page)
    .getByRole('heading', { name, level: 3 })
    .waitFor({ timeout: 20_000 })
    .catch(async (error: unknown) => {
      const shown = await page
        .getByRole('main')
        .innerText()
        .catch(() => '(no main)')
      const answer = await page.evaluate<string>(
        "fetch('/api/accessible-profiles').then(async (r) => r.status + ' ' + (await r.text()))",
      )
      throw new Error(`${String(error)}\nat ${page.url()}\nshown:\n${shown}\nthe list now: ${answer}`)
    })
  await findCard(page).getByRole('heading', { name, level: 3 }).waitFor()
  await askCard(page).getByText(`Asking about ${name}`).waitFor()
  await expect(findCard(page).getByRole('searchbox').inputValue()).resolves.toBe(name)
}

/** The second invitation link e-mailed to this address (the first one was used already). */
async function newestLink(email: string): Promise<string> {
  const outbox = join(fixture.product.dataDirectory, 'sharing', 'outbox.txt')
  const links = () =>
    readFileSync(outbox, 'utf8')
      .split('\n---\n')
      .filter((entry) => entry.includes(`To: ${email}\n`))
      .map((entry) => /http:\/\/\S+\/invite\/[\w-]{43}/.exec(entry)?.[0])
      .filter((link): link is string => Boolean(link))
  await expect.poll(() => links().length, { timeout: 10_000 }).toBe(2)
  return links()[1]!
}

/** Asks a question by typing it and waits for the assistant's complete answer. */
async function ask(page: Page, question: string): Promise<void> {
  const box = askCard(page).getByLabel('Your question')
  await box.fill(question)
  await box.press('Enter')
  await askCard(page).getByRole('button', { name: 'Copy answer' }).waitFor({ timeout: 20_000 })
  expect((await askCard(page).getByTestId('assistant-answer').innerText()).length).toBeGreaterThan(40)
}

async function noHorizontalScroll(page: Page): Promise<void> {
  const widths = await page.evaluate<{ scroll: number; client: number }>(
    '({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth })',
  )
  expect(widths.scroll).toBeLessThanOrEqual(widths.client)
}

describe("a guest's home: what was shared with them, on the page they land on", () => {
  it.each([PHONE, DESKTOP])(
    'a guest_standard accepts at $width px, finds the profile without typing a name and asks about it',
    async (viewport) => {
      const olive = await ownerWithProfile('Olive', 'Home')
      const email = `vic.viewer.${viewport.width}@example.test`
      await invite(olive.session, 'Vic Viewer', email, 'guest_standard')
      const session = await fixture.newBrowserSession()
      const page = await acceptInBrowser(session, email, viewport)
      await expectFound(page, 'Olive Home')
      const item = sharedWithYou(page).getByRole('listitem').filter({ hasText: 'Olive Home' })
      await expect(item.innerText()).resolves.toContain(`Shared by Olive Home (${olive.user.email})`)
      // guest_standard may not open My Profile, so nothing offers it.
      await expect(page.getByRole('link', { name: 'View full profile' }).count()).resolves.toBe(0)
      await noHorizontalScroll(page)
      await expectNoAxeViolations(page)
      await ask(page, 'How do I work well with this person?')
      await expectNoAxeViolations(page)

      // Signing in again later lands on the same home, with the only shared profile found.
      await page.goto(`${fixture.product.url}/`)
      await expectFound(page, 'Olive Home')
      await page.goto(`${fixture.product.url}/login-success`)
      await page.getByRole('heading', { name: 'Login Successful' }).waitFor()
      await expect(page.getByRole('link', { name: 'View my profile' }).count()).resolves.toBe(0)
      await expectNoAxeViolations(page)
      session.expectNoPageErrors()
    },
    90_000,
  )

  it.each([PHONE, DESKTOP])(
    'a guest_owner accepts at $width px, asks about each shared profile, and is offered nothing that bounces',
    async (viewport) => {
      const olive = await ownerWithProfile('Oona', 'Owner')
      const paul = await ownerWithProfile('Paul', 'Second')
      const email = `gail.forwarder.${viewport.width}@example.test`
      await invite(paul.session, 'Gail Forwarder', email, 'guest_standard')
      const gail = new ApiSession(fixture.product.url)
      const paulToken = (await linkSentTo(email)).split('/invite/')[1]!
      await gail.expect(200, 'POST', `/api/invitations/accept/${paulToken}`, {
        password: 'gail chosen password',
      })
      await invite(olive.session, 'Gail Forwarder', email, 'guest_owner')
      const session = await fixture.newBrowserSession(gail)
      const page = await session.newPage()
      await page.setViewportSize(viewport)
      await page.goto(await newestLink(email))
      await page.getByRole('button', { name: 'Accept & Create Account' }).click()
      await page.getByRole('heading', { name: 'Invitation Accepted' }).waitFor()
      // The invitation just accepted opens the Ask page with its profile found, though two are shared.
      await expectFound(page, 'Oona Owner')
      await noHorizontalScroll(page)
      await expect(sharedWithYou(page).getByRole('listitem').count()).resolves.toBe(2)
      await expectNoAxeViolations(page)
      await sharedWithYou(page).getByRole('button', { name: 'Ask about Paul Second' }).click()
      await findCard(page).getByRole('heading', { name: 'Paul Second', level: 3 }).waitFor()
      await askCard(page).getByText('Asking about Paul Second').waitFor()
      await expect(
        page.evaluate<string | undefined>('document.activeElement?.tagName'),
        'the question box is where the user goes next',
      ).resolves.toBe('TEXTAREA')
      await ask(page, 'What motivates this person?')
      // A guest owner may open My Profile, but takes no assessment of their own.
      await expect(page.getByRole('link', { name: 'View full profile' }).count()).resolves.toBe(1)
      await page.goto(`${fixture.product.url}/history`)
      await waitForSettledPage(page)
      await page.getByRole('heading', { name: 'My Profile', level: 1 }).waitFor()
      for (const name of ['Take New Assessment', 'Start an Assessment', 'Enter DISC Scores'])
        await expect(page.getByRole('link', { name }).count(), name).resolves.toBe(0)
      await page.getByRole('link', { name: 'Share Profiles' }).waitFor()
      await expectNoAxeViolations(page)
      // How It Works tells a guest owner how forwarding works, not how to invite to a profile of their own.
      await page.goto(`${fixture.product.url}/share-profile`)
      await waitForSettledPage(page)
      const help = page.getByRole('region', { name: 'How It Works' })
      await expect(help.innerText()).resolves.toContain(
        'Shared with you on the Ask page, and under My Profile',
      )
      await expect(help.innerText()).resolves.not.toContain('You need a profile of your own')
      await expectNoAxeViolations(page)
      session.expectNoPageErrors()
    },
    90_000,
  )

  it('a forward shows who shared it and via whom', async () => {
    const owner = await ownerWithProfile('Fern', 'Root')
    const email = 'fwd.middle@example.test'
    await invite(owner.session, 'Mo Middle', email, 'guest_owner')
    const middle = new ApiSession(fixture.product.url)
    const token = (await linkSentTo(email)).split('/invite/')[1]!
    await middle.expect(200, 'POST', `/api/invitations/accept/${token}`, { password: 'mo chosen password' })
    await middle.expect(201, 'POST', '/api/invitations', {
      inviteeName: 'Tess Third',
      inviteeEmail: 'tess.third@example.test',
      originalOwnerId: owner.user.id,
    })
    for (const viewport of [PHONE, DESKTOP]) {
      const session = await fixture.newBrowserSession()
      if (viewport === DESKTOP) {
        // The second look signs in as Tess rather than accepting again.
        const tess = new ApiSession(fixture.product.url)
        await tess.login('tess.third@example.test', 'guest chosen password')
        await tess.shareWith(session.context)
        const page = await session.newPage()
        await page.setViewportSize(viewport)
        await page.goto(`${fixture.product.url}/`)
        await expectVia(page, owner)
      } else {
        const page = await acceptInBrowser(session, 'tess.third@example.test', viewport)
        await expectVia(page, owner)
      }
      session.expectNoPageErrors()
    }
  }, 90_000)

  async function expectVia(page: Page, owner: Account): Promise<void> {
    await expectFound(page, 'Fern Root')
    await expect(sharedWithYou(page).getByRole('listitem').first().innerText()).resolves.toContain(
      `Shared by Fern Root (${owner.user.email}) via Mo Middle (fwd.middle@example.test)`,
    )
    await noHorizontalScroll(page)
    await expectNoAxeViolations(page)
  }

  it('a signed-in user who opens someone else’s invitation is told who is signed in and may log out first', async () => {
    const owner = await ownerWithProfile('Iris', 'Inviter')
    const other = await ownerWithProfile('Sid', 'Signedin')
    await invite(owner.session, 'Nell Newcomer', 'nell.newcomer@example.test', 'guest_standard')
    const session = await fixture.newBrowserSession(other)
    const page = await session.newPage()
    await page.goto(await linkSentTo('nell.newcomer@example.test'))
    await page.getByRole('heading', { name: 'This invitation is for someone else' }).waitFor()
    const main = await page.getByRole('main').innerText()
    expect(main).toContain('You are signed in as Sid Signedin')
    expect(main).toContain('nell.newcomer@example.test')
    await expect(page.getByRole('button', { name: 'Accept & Create Account' }).count()).resolves.toBe(0)
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: 'Log out' }).click()
    await expectToast(page, 'You have been logged out successfully')
    // Signed out, the same page asks the invitee for a password.
    await page.getByRole('heading', { name: 'You have been invited' }).waitFor()
    await page.getByLabel('Password', { exact: true }).waitFor()
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).waitFor()
    expect(pathnameOf(page)).toMatch(/^\/invite\//)
    await expectNoAxeViolations(page)
    session.expectNoPageErrors()
  }, 60_000)
})

describe('pages already open follow a revoke (no refetch on focus by default)', () => {
  it('a guest’s open Ask page drops a revoked profile when the tab is shown again, or when asking is refused', async () => {
    const owner = await ownerWithProfile('Rita', 'Revoker')
    await invite(owner.session, 'Una Unlucky', 'una.unlucky@example.test', 'guest_standard')
    const session = await fixture.newBrowserSession()
    const page = await acceptInBrowser(session, 'una.unlucky@example.test', PHONE)
    await expectFound(page, 'Rita Revoker')
    const second = await session.newPage()
    await second.setViewportSize(DESKTOP)
    await second.goto(`${fixture.product.url}/`)
    await expectFound(second, 'Rita Revoker')

    const [sent] = (await owner.session.expect(200, 'GET', '/api/invitations')) as Array<{ id: number }>
    await owner.session.expect(200, 'DELETE', `/api/invitations/${sent!.id}`)

    // The tab comes back into view: what it shows is read again.
    await page.evaluate('document.dispatchEvent(new Event("visibilitychange"))')
    await sharedWithYou(page)
      .getByText('Nothing is shared with you at the moment.', { exact: false })
      .waitFor()
    await expectNoAxeViolations(page)

    // The other tab asks first: the refusal itself says access changed.
    const box = askCard(second).getByLabel('Your question')
    await box.fill('Is this still shared?')
    await box.press('Enter')
    await sharedWithYou(second)
      .getByText('Nothing is shared with you at the moment.', { exact: false })
      .waitFor()
    await expectNoAxeViolations(second)
    session.expectNoPageErrors([/status of 403/])
  }, 90_000)
})

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
})

describe('a session replaced while other requests are on their way', () => {
  it('a request sent with the old session and answered after a promotion does not sign the guest out', async () => {
    const first = await ownerWithProfile('Pia', 'First')
    const second = await ownerWithProfile('Ravi', 'Raise')
    const email = 'gus.raised@example.test'
    await invite(first.session, 'Gus Raised', email, 'guest_standard')
    const gus = new ApiSession(fixture.product.url)
    const token = (await linkSentTo(email)).split('/invite/')[1]!
    await gus.expect(200, 'POST', `/api/invitations/accept/${token}`, { password: 'gus chosen password' })
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
})

describe('invitations that grant something', () => {
  it('a person without a profile is told there is nothing to share yet, instead of a form that grants nothing', async () => {
    const session = await fixture.newBrowserSession(fixture.administrator)
    const page = await session.newPage()
    await page.goto(`${fixture.product.url}/share-profile`)
    await waitForSettledPage(page)
    await page.getByText('You have no profile to share yet.', { exact: false }).waitFor()
    await expect(page.getByRole('button', { name: 'Create Invitation' }).count()).resolves.toBe(0)
    await page.getByRole('link', { name: 'Take an assessment' }).waitFor()
    await expectNoAxeViolations(page)
    session.expectNoPageErrors()
  }, 60_000)

  it('an owner invites first.last@intranet; a standard user given View and share forwards the profile', async () => {
    const owner = await ownerWithProfile('Ivo', 'Intranet')
    const stan = await ownerWithProfile('Stan', 'Keeper')
    const session = await fixture.newBrowserSession(owner)
    const page = await session.newPage()
    await page.goto(`${fixture.product.url}/share-profile`)
    await waitForSettledPage(page)
    const form = page.getByRole('form', { name: 'Invite someone to your profile' })
    await form.getByLabel('Name').fill('Ina Intranet')
    await form.getByLabel('Email').fill('first.last@intranet')
    await form.getByRole('button', { name: 'Create Invitation' }).click()
    await expectToast(page, 'Invitation created!')
    await form.getByLabel('Name').fill('Stan Keeper')
    await form.getByLabel('Email').fill(stan.user.email)
    await form.getByRole('radio', { name: /^View and share/ }).check()
    await form.getByRole('button', { name: 'Create Invitation' }).click()
    await expectToast(page, 'Invitation created!')
    session.expectNoPageErrors()

    // Stan, signed in, accepts; he stays a standard user and keeps the right to share Ivo's profile on.
    const stanSession = await fixture.newBrowserSession(stan)
    const stanPage = await stanSession.newPage()
    await stanPage.goto(await linkSentTo(stan.user.email))
    await stanPage.getByRole('button', { name: 'Accept & Create Account' }).click()
    await expectFound(stanPage, 'Ivo Intranet')
    await expectNoAxeViolations(stanPage)
    await stanPage.goto(`${fixture.product.url}/share-profile`)
    await waitForSettledPage(stanPage)
    await stanPage.getByRole('tab', { name: 'Authorised Profiles' }).click()
    await stanPage.getByRole('button', { name: /Ivo Intranet/ }).click()
    const forward = stanPage.getByRole('form', { name: 'Forward Access' })
    await forward.getByLabel('Recipient name').fill('Fay Further')
    await forward.getByLabel('Recipient email').fill('fay.further@example.test')
    await forward.getByRole('button', { name: 'Forward Access' }).click()
    await expectToast(stanPage, 'Success!', 'Profile access successfully shared')
    await expectNoAxeViolations(stanPage)
    stanSession.expectNoPageErrors()
  }, 90_000)
})
