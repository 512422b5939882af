import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { ApiSession, saveDiscProfile, type Account } from './api.ts'
import { expectNoAxeViolations, type BrowserSession } from './browser.ts'
import type { ProductFixture } from './fixture.ts'
import { linkSentTo as sentLink } from './outbox.ts'
import { waitForPath, waitForSettledPage } from './pages.ts'

/** What the sharing journeys of a guest use: people with a profile, invitations, and the Ask page they land on. */

export const PHONE = { width: 390, height: 844 }
export const DESKTOP = { width: 1280, height: 800 }

export const sharedWithYou = (page: Page) => page.getByRole('region', { name: 'Shared with you' })
export const findCard = (page: Page) => page.getByRole('region', { name: 'Find a Profile' })
export const askCard = (page: Page) => page.getByRole('region', { name: 'Ask AI Assistant' })

/** The helpers that need the running product. */
export function guestJourneys(fixture: ProductFixture) {
  const linkSentTo = (email: string) => sentLink(fixture.product.dataDirectory, email)

  async function ownerWithProfile(firstName: string, lastName: string): Promise<Account> {
    const account = await fixture.createAccount('standard', { firstName, lastName })
    await saveDiscProfile(account.session, `${firstName} ${lastName}`)
    return account
  }

  async function invite(
    from: ApiSession,
    name: string,
    email: string,
    role: 'guest_standard' | 'guest_owner',
  ) {
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

  /** Accepts the invitation e-mailed to `email` through the API, with `password`: the invitee's session. */
  async function acceptByApi(email: string, password: string): Promise<ApiSession> {
    const invitee = new ApiSession(fixture.product.url)
    const token = (await linkSentTo(email)).split('/invite/')[1]!
    await invitee.expect(200, 'POST', `/api/invitations/accept/${token}`, { password })
    return invitee
  }

  return { linkSentTo, ownerWithProfile, invite, acceptByApi, acceptInBrowser, newestLink }
}

/** The Ask page opened with `name` found, without typing it: the shared list, the finder and the assistant. */
export async function expectFound(page: Page, name: string): Promise<void> {
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

/** Asks a question by typing it and waits for the assistant's complete answer. */
export async function ask(page: Page, question: string): Promise<void> {
  const box = askCard(page).getByLabel('Your question')
  await box.fill(question)
  await box.press('Enter')
  await askCard(page).getByRole('button', { name: 'Copy answer' }).waitFor({ timeout: 20_000 })
  expect((await askCard(page).getByTestId('assistant-answer').innerText()).length).toBeGreaterThan(40)
}

export async function noHorizontalScroll(page: Page): Promise<void> {
  const widths = await page.evaluate<{ scroll: number; client: number }>(
    '({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth })',
  )
  expect(widths.scroll).toBeLessThanOrEqual(widths.client)
}
