import { AxeBuilder } from '@axe-core/playwright'
import { chromium, type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@app/kit/testing/chromium'

export type BrowserSession = {
  context: BrowserContext
  newPage(): Promise<Page>
  /** Console errors and uncaught page errors seen since the last check. */
  readonly pageErrors: readonly string[]
  /**
   * Throws listing every console or page error seen since the last check, then starts afresh.
   * `allowed` names errors a test provoked on purpose, such as the 401 of a refused sign-in.
   */
  expectNoPageErrors(allowed?: readonly RegExp[]): void
  close(): Promise<void>
}

// A signed-out page asks who is signed in and is told 401; Chromium logs every non-2xx resource as an error.
function isExpectedSignedOutProbe(message: ConsoleMessage): boolean {
  return (
    message.text().includes('status of 401') &&
    new URL(message.location().url, 'http://x').pathname === '/api/auth/me'
  )
}

/** Records console errors and uncaught page errors of one browser context. */
function watchErrors(context: BrowserContext): Pick<BrowserSession, 'pageErrors' | 'expectNoPageErrors'> {
  const errors: string[] = []
  context.on('console', (message) => {
    if (message.type() !== 'error' || isExpectedSignedOutProbe(message)) return
    errors.push(`console error: ${message.text()} (${message.location().url})`)
  })
  context.on('weberror', (webError) =>
    errors.push(`page error: ${webError.error().stack ?? webError.error().message}`),
  )
  return {
    get pageErrors() {
      return [...errors]
    },
    expectNoPageErrors(allowed = []) {
      const seen = errors.splice(0).filter((error) => !allowed.some((pattern) => pattern.test(error)))
      if (seen.length > 0)
        throw new Error(`The browser reported ${seen.length} error(s):\n${seen.join('\n')}`)
    },
  }
}

export type IsolatedBrowser = {
  /** A fresh context (its own cookies and storage), for one user at a time. */
  newSession(): Promise<BrowserSession>
  close(): Promise<void>
}

/**
 * One Chromium process serving many isolated contexts: cheaper than a browser per user, and nothing
 * (cookies, local storage, cache) leaks from one user's context to the next.
 */
export async function launchIsolatedBrowser(): Promise<IsolatedBrowser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  })
  return {
    async newSession() {
      // Reduced motion: an accessibility check never lands in the middle of a fade-in (a half-transparent toast
      // reads as low contrast); the pages honour the setting (web/src/index.css).
      const context = await browser.newContext({
        viewport: { width: 1280, height: 800 },
        reducedMotion: 'reduce',
      })
      // A step that never happens fails with its own locator well inside the test's time limit.
      context.setDefaultTimeout(8000)
      const errors = watchErrors(context)
      return {
        context,
        newPage: () => context.newPage(),
        get pageErrors() {
          return errors.pageErrors
        },
        expectNoPageErrors: errors.expectNoPageErrors,
        close: () => context.close(),
      }
    },
    close: () => browser.close(),
  }
}

/** Runs axe on the page as it is now and fails listing every violation with the elements concerned. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze()
  if (violations.length === 0) return
  const report = violations
    .map((violation) => {
      const targets = violation.nodes.map((node) => `    - ${node.target.join(' ')}`).join('\n')
      return `  [${violation.impact ?? 'unknown'}] ${violation.id}: ${violation.help}\n${targets}`
    })
    .join('\n')
  throw new Error(`axe found ${violations.length} accessibility violation(s) on ${page.url()}:\n${report}`)
}
