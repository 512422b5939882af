import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { ApiSession, type Account } from '../../src/api.ts'
import { expectNoAxeViolations } from '../../src/browser.ts'
import { useProduct } from '../../src/fixture.ts'
import {
  ask,
  askCard,
  DESKTOP,
  expectFound,
  findCard,
  guestJourneys,
  noHorizontalScroll,
  PHONE,
  sharedWithYou,
} from '../../src/guest-journeys.ts'
import { expectToast, pathnameOf, waitForSettledPage } from '../../src/pages.ts'

const fixture = useProduct()
const { linkSentTo, ownerWithProfile, invite, acceptByApi, acceptInBrowser, newestLink } =
  guestJourneys(fixture)

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
      const gail = await acceptByApi(email, 'gail chosen password')
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
    const middle = await acceptByApi(email, 'mo chosen password')
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
