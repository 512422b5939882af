import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '@app/kit/testing/free-port'
import { afterAll, describe, expect, it } from 'vitest'
import { launchIsolatedBrowser } from '../../src/browser.ts'
import { withLoggedProduct } from '../../src/logged-product.ts'
import { startRealProvider } from '../../src/oidc-providers.ts'
import { waitForPath } from '../../src/pages.ts'

const dataDirectory = mkdtempSync(join(tmpdir(), 'deletion-link-logs-'))
afterAll(() => rmSync(dataDirectory, { recursive: true, force: true }))

describe('the logs of a deletion confirmed by a mailed link (docs/security.md 35)', () => {
  it('contain neither the token nor the link', async () => {
    const provider = await startRealProvider()
    const browser = await launchIsolatedBrowser()
    try {
      const port = await freePort()
      const url = `http://127.0.0.1:${port}`
      provider.serveFor(url, 'acme')
      provider.people.set('lena', {
        email: 'lena.logged@example.com',
        email_verified: true,
        given_name: 'Lena',
        family_name: 'Logged',
      })
      await withLoggedProduct(
        {
          DATA_DIR: dataDirectory,
          PORT: String(port),
          PUBLIC_URL: url,
          LOG_LEVEL: 'debug',
          ADMIN_EMAIL: 'logs@example.test',
          ADMIN_PASSWORD: 'log-test-admin-password',
          OIDC_PROVIDERS: JSON.stringify([
            {
              id: 'acme',
              name: 'Acme Workplace',
              issuer: provider.issuer,
              clientId: provider.client.clientId,
              emailDomains: ['example.com'],
            },
          ]),
          OIDC_CLIENT_SECRETS: JSON.stringify({ acme: provider.client.clientSecret }),
        },
        async ({ output }) => {
          const session = await browser.newSession()
          const page = await session.newPage()
          await page.goto(`${url}/login`)
          await page.getByRole('link', { name: 'Sign in with Acme Workplace' }).click()
          await page.locator('input[name="login"]').fill('lena')
          await page.locator('input[name="password"]').fill('any password')
          await page.getByRole('button', { name: 'Sign-in' }).click()
          await waitForPath(page, '/history', 10_000)

          const asked = await page.evaluate(
            async () => (await fetch('/api/account/deletion-link', { method: 'POST' })).status,
          )
          expect(asked).toBe(200)
          const outboxFile = join(dataDirectory, 'auth', 'outbox.txt')
          const readOutbox = () => (existsSync(outboxFile) ? readFileSync(outboxFile, 'utf8') : '')
          await expect.poll(readOutbox, { timeout: 10_000 }).toMatch(/delete-account\?token=[\w-]{43}/)
          const link = /http:\/\/\S+\/delete-account\?token=[\w-]{43}/.exec(readOutbox())![0]
          const token = new URL(link).searchParams.get('token')!

          await page.goto(link)
          await page.getByRole('button', { name: 'Delete My Account' }).click()
          await waitForPath(page, '/login', 10_000)
          await session.close()

          // The requests above were logged, masked.
          await expect.poll(output).toContain('deletion-link/[redacted]')
          expect(output()).toContain('delete-account?token=[redacted]')
          expect(output().includes(token), 'the logs contain the deletion token').toBe(false)
          expect(output()).not.toContain(link)
        },
      )
    } finally {
      await browser.close()
      await provider.close()
    }
  }, 90_000)
})
