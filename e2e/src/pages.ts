import type { Locator, Page } from 'playwright-core'
import { expect } from 'vitest'

/** The single toast region; success toasts are status messages, failures are alerts. */
export function notifications(page: Page): Locator {
  return page.getByRole('region', { name: 'Notifications' })
}

/** Waits for the toast with this title (saying `description`, when given), then closes it. */
export async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  await notifications(page)
    .getByText(title, { exact: true })
    .waitFor()
    .catch(async (error: unknown) => {
      throw new Error(
        `No '${title}' toast; the notifications read: ${await notifications(page).innerText()}`,
        {
          cause: error,
        },
      )
    })
  if (description !== undefined) await expect(notifications(page).innerText()).resolves.toContain(description)
  await notifications(page).getByRole('button', { name: 'Close notification' }).click()
}

/** Goes to `url` and waits for the page with this level-1 heading to settle. */
export async function openPage(page: Page, url: string, heading: string): Promise<void> {
  await page.goto(url)
  await page.getByRole('heading', { level: 1, name: heading }).waitFor()
  await waitForSettledPage(page)
}

/** Goes to an administrator's page and expects the route guard to send the user to `pathname`, saying why. */
export async function expectAdministratorsOnly(page: Page, url: string, pathname: string): Promise<void> {
  await page.goto(url)
  await waitForSettledPage(page)
  expect(pathnameOf(page)).toBe(pathname)
  await notifications(page).getByText('Access Denied', { exact: true }).waitFor()
  await expect(notifications(page).innerText()).resolves.toContain(
    "You don't have administrator access. This page is only accessible to administrators.",
  )
}

export function pathnameOf(page: Page): string {
  return new URL(page.url()).pathname
}

export async function waitForPath(page: Page, pathname: string, timeout = 5000): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname, { timeout })
}

/**
 * Waits until the page has settled: no loading spinner in the main landmark and a page heading shown.
 * Route guards redirect before a page renders, so the address is final by then.
 */
export async function waitForSettledPage(page: Page): Promise<void> {
  // Locators rather than a polled function: the product's CSP forbids evaluating strings in the page.
  await page.locator('main h1').first().waitFor()
  // Spinners are named status regions; a page's own status messages carry no aria-label.
  await page.locator('[role="status"][aria-label]').first().waitFor({ state: 'detached' })
}

/** Fills the login form and submits it. */
export async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
}
