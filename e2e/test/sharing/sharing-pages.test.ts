import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { ApiSession, type Account } from '../../src/api.ts'
import { expectNoAxeViolations, type BrowserSession } from '../../src/browser.ts'
import { useProduct } from '../../src/fixture.ts'
import { linkSentTo as sentLink } from '../../src/outbox.ts'
import { notifications, waitForPath, waitForSettledPage } from '../../src/pages.ts'

const fixture = useProduct()

const linkSentTo = (email: string) => sentLink(fixture.product.dataDirectory, email)

async function ownerWithProfile(firstName: string, lastName: string): Promise<Account> {
  const account = await fixture.createAccount('standard', { firstName, lastName })
  await account.session.expect(201, 'POST', '/api/assessments', {
    name: `${firstName} ${lastName}`,
    dScore: 70,
    iScore: 50,
    sScore: 30,
    cScore: 10,
  })
  return account
}

async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  const toast = notifications(page).getByText(title, { exact: true })
  await toast.waitFor()
  if (description !== undefined) {
    await expect(notifications(page).innerText()).resolves.toContain(description)
  }
}

async function openSharePage(page: Page): Promise<void> {
  await page.goto(`${fixture.product.url}/share-profile`)
  await page.getByRole('heading', { name: 'Share Profiles', level: 1 }).waitFor()
  await waitForSettledPage(page)
}

async function invite(page: Page, name: string, email: string, access: 'View only' | 'View and share') {
  const form = page.getByRole('form', { name: 'Invite someone to your profile' })
  await form.getByLabel('Name').fill(name)
  await form.getByLabel('Email').fill(email)
  // The choice's name starts with its label and goes on with its hint.
  await form.getByRole('radio', { name: access }).check()
  await form.getByRole('button', { name: 'Create Invitation' }).click()
}

/** Accepts from the e-mailed link in a signed-out browser, choosing a password; returns the page. */
async function acceptAsNewcomer(session: BrowserSession, email: string, password: string): Promise<Page> {
  const page = await session.newPage()
  await page.goto(await linkSentTo(email))
  await page.getByRole('heading', { name: 'You have been invited' }).waitFor()
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByLabel('Confirm Password').fill(password)
  await page.getByRole('button', { name: 'Accept & Create Account' }).click()
  await page.getByRole('heading', { name: 'Invitation Accepted' }).waitFor()
  return page
}

async function accessibleNames(page: Page): Promise<string[]> {
  const response = await page.request.get(`${fixture.product.url}/api/accessible-profiles`)
  expect(response.status()).toBe(200)
  return ((await response.json()) as Array<{ name: string }>).map((profile) => profile.name)
}

// Chromium logs every refused request as a console error; these are the ones the test provokes.
const DUPLICATE_INVITATION_REFUSED = /status of 409.*\/api\/invitations/
const USED_LINK_REFUSED = /status of 404.*\/api\/invitations\/details\//
const REVOKE_REFUSED = /status of 404.*\/api\/invitations\/\d+/
const FORWARD_REFUSED = /status of 4\d\d.*\/api\/invitations/
const REQUEST_ABORTED = /net::ERR_FAILED/

/** A guest owner of `owner`'s profile, signed in through the accepted invitation. */
async function guestOwnerOf(owner: Account, name: string, email: string): Promise<ApiSession> {
  await owner.session.expect(201, 'POST', '/api/invitations', {
    inviteeName: name,
    inviteeEmail: email,
    inviteeRole: 'guest_owner',
  })
  const token = (await linkSentTo(email)).split('/invite/')[1]!
  const guest = new ApiSession(fixture.product.url)
  await guest.expect(200, 'POST', `/api/invitations/accept/${token}`, { password: 'guest password 1' })
  return guest
}

describe('sharing in the browser', () => {
  it('an owner invites, the invitee accepts from the e-mail, forwards, and a revoke ends the whole chain', async () => {
    const alice = await ownerWithProfile('Alice', 'Sharer')
    const aliceSession = await fixture.newBrowserSession(alice)
    await aliceSession.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: fixture.product.url,
    })
    const alicePage = await aliceSession.newPage()
    await openSharePage(alicePage)
    await expect(
      alicePage.getByRole('tab', { name: 'My Profile' }).getAttribute('aria-selected'),
    ).resolves.toBe('true')
    await alicePage.getByRole('heading', { name: 'How It Works' }).waitFor()
    await alicePage.getByText('You have not invited anyone yet.').waitFor()
    await expectNoAxeViolations(alicePage)

    // The spec's validation toasts, before anything is sent.
    const form = alicePage.getByRole('form', { name: 'Invite someone to your profile' })
    await form.getByRole('button', { name: 'Create Invitation' }).click()
    await expectToast(alicePage, 'Missing information')
    await expect(form.getByLabel('Name').getAttribute('aria-invalid')).resolves.toBe('true')
    await expect(
      form.getByRole('radio', { name: /^View only/ }).isChecked(),
      'guest_standard is the default',
    ).resolves.toBe(true)
    await form.getByLabel('Name').fill('Bob Guest')
    await form.getByLabel('Email').fill('bob-at-example')
    await form.getByRole('button', { name: 'Create Invitation' }).click()
    await expectToast(alicePage, 'Invalid email')
    await expectNoAxeViolations(alicePage)

    await invite(alicePage, 'Bob Guest', 'bob.guest@example.test', 'View and share')
    await expectToast(alicePage, 'Invitation created!')
    const list = alicePage.getByRole('list', { name: 'Active Invitations' })
    const bobItem = list.getByRole('listitem').filter({ hasText: 'bob.guest@example.test' })
    await bobItem.getByText('Pending', { exact: true }).waitFor()
    await expect(list.getAttribute('class')).resolves.toContain('max-h-96')

    // The same e-mail twice: the server's own words in the failure toast.
    await invite(alicePage, 'Bob Again', 'bob.guest@example.test', 'View only')
    await expectToast(
      alicePage,
      'Failed to create invitation',
      'This e-mail address has already been invited to this profile',
    )

    // Copy link: the link goes to the clipboard, the indicator shows, then resets after 3 seconds.
    await bobItem.getByRole('button', { name: 'Copy link for Bob Guest' }).click()
    await expectToast(alicePage, 'Link copied!')
    await bobItem.getByRole('button', { name: 'Link copied for Bob Guest' }).waitFor()
    const copied = await alicePage.evaluate<string>('navigator.clipboard.readText()')
    expect(copied).toBe(await linkSentTo('bob.guest@example.test'))
    await alicePage.waitForTimeout(1500)
    await expect(bobItem.getByRole('button', { name: 'Link copied for Bob Guest' }).count()).resolves.toBe(1)
    await bobItem.getByRole('button', { name: 'Copy link for Bob Guest' }).waitFor({ timeout: 3000 })
    await expectNoAxeViolations(alicePage)
    aliceSession.expectNoPageErrors([DUPLICATE_INVITATION_REFUSED])

    // Bob accepts in his own, signed-out browser, from the e-mailed link.
    const bobSession = await fixture.newBrowserSession()
    const bobPage = await bobSession.newPage()
    const bobLink = await linkSentTo('bob.guest@example.test')
    await bobPage.goto(bobLink)
    await bobPage.getByRole('heading', { name: 'You have been invited' }).waitFor()
    const details = await bobPage.getByRole('main').innerText()
    expect(details).toContain('Bob Guest')
    expect(details).toContain('bob.guest@example.test')
    expect(details).toMatch(/Invited by\s+Alice Sharer/)
    await expectNoAxeViolations(bobPage)
    await bobPage.getByLabel('Password', { exact: true }).fill('abc')
    await bobPage.getByLabel('Confirm Password').fill('abd')
    await bobPage.getByRole('button', { name: 'Accept & Create Account' }).click()
    await bobPage.getByText('Password must be at least 6 characters').waitFor()
    await bobPage.getByText("Passwords don't match").waitFor()
    await expectNoAxeViolations(bobPage)
    await bobPage.getByLabel('Password', { exact: true }).fill('bob chosen password')
    await bobPage.getByLabel('Confirm Password').fill('bob chosen password')
    const acceptStarted = Date.now()
    await bobPage.getByRole('button', { name: 'Accept & Create Account' }).click()
    await bobPage.getByRole('heading', { name: 'Invitation Accepted' }).waitFor()
    // Every role lands on the Ask page with the shared profile found.
    await waitForPath(bobPage, '/')
    expect(Date.now() - acceptStarted).toBeGreaterThanOrEqual(900)
    await waitForSettledPage(bobPage)
    await bobPage
      .getByRole('region', { name: 'Ask AI Assistant' })
      .getByText('Asking about Alice Sharer')
      .waitFor()
    await expectNoAxeViolations(bobPage)
    await bobPage.goto(`${fixture.product.url}/history`)
    await waitForSettledPage(bobPage)
    await bobPage.getByText('Shared by Alice Sharer').waitFor()
    await expectNoAxeViolations(bobPage)

    // The used link is dead: the error card, with the way to sign in.
    const replaySession = await fixture.newBrowserSession()
    const replayPage = await replaySession.newPage()
    await replayPage.goto(bobLink)
    await replayPage.getByRole('heading', { name: 'Invitation Error' }).waitFor()
    await replayPage.getByText('The invitation link is invalid or has expired.').waitFor()
    await expect(
      replayPage.getByRole('main').getByRole('link', { name: 'Go to Login' }).getAttribute('href'),
    ).resolves.toBe('/login')
    await expectNoAxeViolations(replayPage)
    replaySession.expectNoPageErrors([USED_LINK_REFUSED])

    // Bob, a guest owner, forwards Alice's profile from Authorised Profiles.
    await openSharePage(bobPage)
    await bobPage.getByRole('tab', { name: 'Authorised Profiles' }).click()
    const forward = bobPage.getByRole('form', { name: 'Forward Access' })
    await forward.getByText('Select a profile from the list').waitFor()
    await expect(forward.getByLabel('Recipient name').isDisabled()).resolves.toBe(true)
    await expect(forward.getByRole('button', { name: 'Forward Access' }).isDisabled()).resolves.toBe(true)
    await expectNoAxeViolations(bobPage)
    const aliceProfile = bobPage.getByRole('button', { name: /Alice Sharer/ })
    await aliceProfile.click()
    await expect(aliceProfile.getAttribute('aria-pressed')).resolves.toBe('true')
    await expect(forward.getByLabel('Recipient name').isEnabled()).resolves.toBe(true)
    await forward.getByRole('button', { name: 'Change selection' }).click()
    await expect(forward.getByLabel('Recipient name').isDisabled()).resolves.toBe(true)
    await aliceProfile.click()
    await forward.getByRole('button', { name: 'Forward Access' }).click()
    await expectToast(bobPage, 'Missing information')
    await forward.getByLabel('Recipient name').fill('Carol Viewer')
    await forward.getByLabel('Recipient email').fill('carol.viewer@example.test')
    await forward.getByRole('button', { name: 'Forward Access' }).click()
    await expectToast(bobPage, 'Success!', 'Profile access successfully shared')
    await expectNoAxeViolations(bobPage)
    await bobPage.getByRole('tab', { name: 'My Profile' }).click()
    await bobPage
      .getByRole('list', { name: 'Active Invitations' })
      .getByText('carol.viewer@example.test')
      .waitFor()

    // Carol (guest_standard: forwards are view only) accepts and lands on the Ask page.
    const carolSession = await fixture.newBrowserSession()
    const carolPage = await acceptAsNewcomer(carolSession, 'carol.viewer@example.test', 'carol password')
    await waitForPath(carolPage, '/')
    expect(await accessibleNames(carolPage)).toEqual(['Alice Sharer'])
    // guest_standard's limits: no Share button, and the Share page sends them back to /.
    await waitForSettledPage(carolPage)
    await expect(
      carolPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Share' }).count(),
    ).resolves.toBe(0)
    await carolPage.goto(`${fixture.product.url}/share-profile`)
    await waitForPath(carolPage, '/')
    await expectNoAxeViolations(carolPage)

    // The owner's access history draws the chain as a nested list.
    await openSharePage(alicePage)
    const history = alicePage.getByRole('region', { name: 'Access History' })
    const bobEntry = history.getByRole('list', { name: 'Access history' }).locator(':scope > li')
    await expect(bobEntry.count()).resolves.toBe(1)
    await expect(bobEntry.first().innerText()).resolves.toMatch(
      /Bob Guest[\s\S]*Invited[\s\S]*by Alice Sharer/,
    )
    const forwards = bobEntry.first().getByRole('list', { name: 'Shared on by Bob Guest' })
    await expect(forwards.innerText()).resolves.toMatch(/Carol Viewer[\s\S]*by Bob Guest[\s\S]*Accepted/)
    await expect(history.getByText('Revoked').count()).resolves.toBe(0)
    await expectNoAxeViolations(alicePage)

    // Revoking the top of the chain asks first, then ends access for Bob and Carol at once.
    await bobItem.getByRole('button', { name: 'Revoke access for Bob Guest' }).click()
    const dialog = alicePage.getByRole('dialog', { name: 'Revoke access for Bob Guest?' })
    await dialog.waitFor()
    await expect(dialog.innerText()).resolves.toContain(
      'Revoking also revokes access for anyone the profile was shared on to.',
    )
    await expectNoAxeViolations(alicePage)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'hidden' })
    await expect(bobItem.count()).resolves.toBe(1)
    await bobItem.getByRole('button', { name: 'Revoke access for Bob Guest' }).click()
    await dialog.getByRole('button', { name: 'Revoke Access' }).click()
    await expectToast(alicePage, 'Access Revoked')
    await bobItem.waitFor({ state: 'detached' })
    await expect(history.getByText(/Revoked/).count()).resolves.toBe(2)
    await expect(history.innerText()).resolves.toMatch(/Carol Viewer[\s\S]*Revoked[\s\S]*by Alice Sharer/)
    await expectNoAxeViolations(alicePage)

    // The next page load of everyone below shows nothing shared.
    await bobPage.goto(`${fixture.product.url}/history`)
    await waitForSettledPage(bobPage)
    await expect(bobPage.getByText('Shared by Alice Sharer').count()).resolves.toBe(0)
    expect(await accessibleNames(bobPage)).toEqual([])
    expect(await accessibleNames(carolPage)).toEqual([])

    aliceSession.expectNoPageErrors()
    bobSession.expectNoPageErrors()
    carolSession.expectNoPageErrors()
  }, 120_000)

  it('a signed-in invitee with a profile accepts without a password and sees it labelled (Shared with you)', async () => {
    const owner = await ownerWithProfile('Olga', 'Owner')
    const dan = await ownerWithProfile('Dan', 'Member')
    await owner.session.expect(201, 'POST', '/api/invitations', {
      inviteeName: 'Dan Member',
      inviteeEmail: dan.user.email,
    })
    const session = await fixture.newBrowserSession(dan)
    const page = await session.newPage()
    await page.goto(await linkSentTo(dan.user.email))
    await page.getByRole('heading', { name: 'You have been invited' }).waitFor()
    await expect(page.getByLabel('Password', { exact: true }).count()).resolves.toBe(0)
    await page.getByText(`You are signed in as ${dan.user.email}`).waitFor()
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: 'Accept & Create Account' }).click()
    await waitForPath(page, '/')
    await waitForSettledPage(page)
    await page
      .getByRole('region', { name: 'Ask AI Assistant' })
      .getByText('Asking about Olga Owner')
      .waitFor()
    await page.goto(`${fixture.product.url}/history`)
    await waitForSettledPage(page)
    const selector = page.getByLabel('Select a profile')
    await selector.waitFor()
    const options = await selector.locator('option').allTextContents()
    expect(options.filter((option) => option.endsWith('(Shared with you)'))).toEqual([
      expect.stringContaining('Olga Owner'),
    ])
    expect(options.filter((option) => option.includes('Dan Member'))[0]).not.toContain('(Shared with you)')
    await expectNoAxeViolations(page)
    session.expectNoPageErrors()
  }, 60_000)

  it('shows the spec failure toasts when copying, creating, revoking or forwarding fails', async () => {
    const owner = await ownerWithProfile('Fay', 'Failing')
    const session = await fixture.newBrowserSession(owner)
    const page = await session.newPage()
    // The browser refuses the clipboard, as one without the permission does.
    await page.addInitScript(`Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new DOMException('Denied', 'NotAllowedError')) },
    })`)
    await openSharePage(page)
    await invite(page, 'Gus Guest', 'gus.guest@example.test', 'View only')
    await expectToast(page, 'Invitation created!')
    const list = page.getByRole('list', { name: 'Active Invitations' })
    const gusItem = list.getByRole('listitem').filter({ hasText: 'gus.guest@example.test' })
    await gusItem.getByRole('button', { name: 'Copy link for Gus Guest' }).click()
    await expectToast(page, 'Failed to copy')
    await expectNoAxeViolations(page)

    // The network fails: the spec's fallback text under its title.
    await page.route('**/api/invitations', (route) =>
      route.request().method() === 'POST' ? route.abort() : route.continue(),
    )
    await invite(page, 'Hal Guest', 'hal.guest@example.test', 'View only')
    await expectToast(page, 'Failed to create invitation', 'An error occurred while creating the invitation.')
    await page.unroute('**/api/invitations')

    // Revoked elsewhere first: the server's answer is shown under 'Failed to revoke access'.
    const [invitation] = (await owner.session.expect(200, 'GET', '/api/invitations')) as Array<{ id: number }>
    await owner.session.expect(200, 'DELETE', `/api/invitations/${invitation!.id}`)
    await gusItem.getByRole('button', { name: 'Revoke access for Gus Guest' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke Access' }).click()
    await expectToast(page, 'Failed to revoke access')
    await expectNoAxeViolations(page)

    // The network fails while revoking.
    await invite(page, 'Ida Guest', 'ida.guest@example.test', 'View only')
    await expectToast(page, 'Invitation created!')
    await page.route('**/api/invitations/*', (route) =>
      route.request().method() === 'DELETE' ? route.abort() : route.continue(),
    )
    const idaItem = list.getByRole('listitem').filter({ hasText: 'ida.guest@example.test' })
    await idaItem.getByRole('button', { name: 'Revoke access for Ida Guest' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke Access' }).click()
    await expectToast(page, 'An error occurred while revoking access')
    await expect(idaItem.count(), 'a failed revoke keeps the invitation listed').resolves.toBe(1)
    session.expectNoPageErrors([REVOKE_REFUSED, REQUEST_ABORTED])

    // A guest owner forwards after the owner revoked their access: the grant is gone.
    const guest = await guestOwnerOf(owner, 'Jo Forwarder', 'jo.forwarder@example.test')
    const guestSession = await fixture.newBrowserSession(guest)
    const guestPage = await guestSession.newPage()
    await openSharePage(guestPage)
    await guestPage.getByRole('tab', { name: 'Authorised Profiles' }).click()
    await guestPage.getByRole('button', { name: /Fay Failing/ }).click()
    const forward = guestPage.getByRole('form', { name: 'Forward Access' })
    await forward.getByLabel('Recipient name').fill('Kim Next')
    await forward.getByLabel('Recipient email').fill('kim.next@example.test')
    await guestPage.route('**/api/invitations', (route) =>
      route.request().method() === 'POST' ? route.abort() : route.continue(),
    )
    await forward.getByRole('button', { name: 'Forward Access' }).click()
    await expectToast(guestPage, 'Failed to share profile')
    await guestPage.unroute('**/api/invitations')
    const sent = (await owner.session.expect(200, 'GET', '/api/invitations')) as Array<{
      id: number
      inviteeEmail: string
    }>
    const joInvitation = sent.find((entry) => entry.inviteeEmail === 'jo.forwarder@example.test')!
    await owner.session.expect(200, 'DELETE', `/api/invitations/${joInvitation.id}`)
    await forward.getByRole('button', { name: 'Forward Access' }).click()
    await expectToast(guestPage, 'Could not find the invitation for this profile')
    await expectNoAxeViolations(guestPage)
    guestSession.expectNoPageErrors([FORWARD_REFUSED, REQUEST_ABORTED])
  }, 90_000)
})
