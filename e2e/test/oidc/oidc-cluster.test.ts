import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { PublicUser } from '@app/contracts/auth'
import { freePort } from '@app/kit/testing/free-port'
import { redisAvailable } from '@app/kit/testing/redis-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalCluster } from '../../../scripts/cluster.ts'
import { launchIsolatedBrowser, type IsolatedBrowser } from '../../src/browser.ts'
import { CLUSTER_ADMINISTRATOR } from '../../src/cluster.ts'
import { startRealProvider, type RealProvider } from '../../src/oidc-providers.ts'
import { waitForPath } from '../../src/pages.ts'

describe.skipIf(!redisAvailable)('OpenID Connect sign-in in the local cluster (flows in Redis)', () => {
  let provider: RealProvider
  let cluster: Awaited<ReturnType<typeof startLocalCluster>>
  let browser: IsolatedBrowser
  let dataDirectory: string

  beforeAll(async () => {
    provider = await startRealProvider()
    dataDirectory = mkdtempSync(join(tmpdir(), 'oidc-cluster-'))
    const port = await freePort()
    cluster = await startLocalCluster({
      dataDirectory,
      port,
      stdio: 'ignore',
      log: () => undefined,
      env: {
        ADMIN_EMAIL: CLUSTER_ADMINISTRATOR.email,
        ADMIN_PASSWORD: CLUSTER_ADMINISTRATOR.password,
        LOG_LEVEL: 'warn',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        OIDC_PROVIDERS: JSON.stringify([
          {
            id: 'acme',
            name: 'Acme Workplace',
            issuer: provider.issuer,
            clientId: provider.client.clientId,
            emailDomains: ['example.com'],
            adminClaim: 'groups',
            adminValue: 'product-admins',
          },
        ]),
        OIDC_CLIENT_SECRETS: JSON.stringify({ acme: provider.client.clientSecret }),
      },
    })
    provider.serveFor(cluster.url, 'acme')
    browser = await launchIsolatedBrowser()
  }, 180_000)

  afterAll(async () => {
    await browser?.close()
    await cluster?.close()
    await provider?.close()
    if (dataDirectory) rmSync(dataDirectory, { recursive: true, force: true })
  })

  it('signs a person in with the administrator group, and refuses the same callback twice', async () => {
    provider.people.set('chief', {
      email: 'chief.of.staff@example.com',
      email_verified: true,
      given_name: 'Cleo',
      family_name: 'Chief',
      groups: ['product-admins'],
    })
    const session = await browser.newSession()
    const page = await session.newPage()
    let callback: string | null = null
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/oidc/acme/callback')) callback = request.url()
    })
    await page.goto(`${cluster.url}/login`)
    await page.getByRole('link', { name: 'Sign in with Acme Workplace' }).click()
    await page.locator('input[name="login"]').fill('chief')
    await page.locator('input[name="password"]').fill('any password')
    await page.getByRole('button', { name: 'Sign-in' }).click()
    await waitForPath(page, '/history', 10_000)
    const me = await page.evaluate(async () => (await (await fetch('/api/auth/me')).json()) as PublicUser)
    expect(me).toMatchObject({
      email: 'chief.of.staff@example.com',
      role: 'administrator',
      firstName: 'Cleo',
    })

    await session.context.clearCookies()
    await page.goto(callback!)
    await page.waitForURL(
      (url) => url.pathname === '/login' && url.searchParams.get('signInError') === 'failed',
    )
    expect((await session.context.cookies()).some((cookie) => cookie.name === 'session')).toBe(false)
    await session.close()
  })
})
