import type { Locator, Page } from 'playwright-core'

/** The single toast region; success toasts are status messages, failures are alerts. */
export function notifications(page: Page): Locator {
  return page.getByRole('region', { name: 'Notifications' })
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
