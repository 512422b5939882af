import { afterAll, beforeAll } from 'vitest'
import { ApiSession, createAccount, type Account, type Person, type Role } from './api.ts'
import { launchIsolatedBrowser, type BrowserSession, type IsolatedBrowser } from './browser.ts'
import { startProduct, type RunningProduct } from './product.ts'

/** What a test file works with: the running product, its signed-in administrator and one browser. */
export type ProductFixture = {
  readonly product: RunningProduct
  /** The first administrator, signed in through the API. */
  readonly administrator: ApiSession
  /** A user with this role who has signed in through the API and chosen a password. */
  createAccount(role: Role, person: Person): Promise<Account>
  /**
   * A browser session of its own (cookies, storage), signed in as the given API session or account, or
   * signed out. The browser starts with the first session, so API-only files never launch one.
   */
  newBrowserSession(signedInAs?: ApiSession | Account): Promise<BrowserSession>
}

/**
 * Starts the product (run mode 1) before the file's tests and stops it, and the browser, after them.
 * `env` is read when the product starts, so it may name things an earlier `beforeAll` started.
 */
export function useProduct(
  env: Record<string, string> | (() => Record<string, string>) = {},
): ProductFixture {
  let product: RunningProduct | undefined
  let administrator: ApiSession | undefined
  let browser: Promise<IsolatedBrowser> | undefined

  beforeAll(async () => {
    product = await startProduct(typeof env === 'function' ? env() : env)
    administrator = new ApiSession(product.url)
    await administrator.login(product.administrator.email, product.administrator.password)
  })

  afterAll(async () => {
    await (await browser)?.close()
    await product?.close()
  })

  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('The product starts in beforeAll; use the fixture inside tests')
    return value
  }

  return {
    get product() {
      return started(product)
    },
    get administrator() {
      return started(administrator)
    },
    createAccount: (role, person) => createAccount(started(administrator), role, person),
    async newBrowserSession(signedInAs) {
      browser ??= launchIsolatedBrowser()
      const session = await (await browser).newSession()
      const api = signedInAs instanceof ApiSession ? signedInAs : signedInAs?.session
      await api?.shareWith(session.context)
      return session
    },
  }
}
