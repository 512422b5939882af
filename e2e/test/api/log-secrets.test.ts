import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { withLoggedProduct } from '../../src/logged-product.ts'
import { ApiSession, createAccount } from '../../src/api.ts'

const dataDirectory = mkdtempSync(join(tmpdir(), 'log-secrets-'))
afterAll(() => rmSync(dataDirectory, { recursive: true, force: true }))

/** `GET http://host/path HTTP/1.1` over a raw socket: fetch would send the path alone. */
function absoluteFormGet(baseUrl: string, path: string): Promise<string> {
  const { hostname, port } = new URL(baseUrl)
  return new Promise((resolveAnswer, reject) => {
    const socket = connect(Number(port), hostname, () =>
      socket.write(
        `GET ${baseUrl}${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n\r\n`,
      ),
    )
    let received = ''
    socket.on('data', (chunk) => {
      received += chunk.toString()
      if (received.includes('\r\n\r\n')) socket.end()
    })
    socket.on('close', () => resolveAnswer(received))
    socket.on('error', reject)
  })
}

describe('the logs of a full account flow (docs/security.md 35)', () => {
  it('contain no password, reset token, cookie or secret', async () => {
    const adminPassword = 'log-test-admin-password'
    await withLoggedProduct(
      {
        DATA_DIR: dataDirectory,
        LOG_LEVEL: 'debug',
        ADMIN_EMAIL: 'logs@example.test',
        ADMIN_PASSWORD: adminPassword,
      },
      async ({ url, output }) => {
        const admin = new ApiSession(url)
        await admin.login('logs@example.test', adminPassword)
        const user = await createAccount(admin, 'standard', {
          firstName: 'Logged',
          lastName: 'User',
          username: 'logged@example.test',
          password: 'user-chosen-password',
        })
        await new ApiSession(url).call('POST', '/api/auth/login', {
          username: 'logged@example.test',
          password: 'a-wrong-password',
        })
        await new ApiSession(url).call('POST', '/api/auth/forgot-password', {
          email: 'logged@example.test',
        })
        // The answer comes before the e-mail (docs/security.md 20): wait for the outbox.
        const outboxFile = join(dataDirectory, 'auth', 'outbox.txt')
        const readOutbox = () => (existsSync(outboxFile) ? readFileSync(outboxFile, 'utf8') : '')
        await expect.poll(readOutbox, { timeout: 10_000 }).toMatch(/reset-password\?token=[\w-]+/)
        const token = /reset-password\?token=([\w-]+)/.exec(readOutbox())![1]!
        const anonymous = new ApiSession(url)
        await anonymous.call('GET', `/api/auth/reset-password/${token}`)
        await anonymous.call('GET', `/reset-password?token=${token}`)
        // Mistyped, re-encoded and absolute-form links carry the token into request lines and 404 messages too.
        await anonymous.call('GET', `/api/auth/reset-password/${token}/x`)
        await anonymous.call('GET', `/api/auth/reset%2Dpassword/${token}`)
        await anonymous.call('GET', `/API/AUTH/RESET-PASSWORD/${token}`)
        await anonymous.call('GET', `/api/auth/reset-pasword/${token}`)
        expect(await absoluteFormGet(url, `/api/auth/reset-password/${token}/y`)).toMatch(/^HTTP\/1\.1 404 /)
        await anonymous.call('POST', '/api/auth/reset-password', {
          token,
          newPassword: 'password-after-reset',
        })
        await admin.call('PUT', `/api/admin/user/${user.user.id}`, { password: 'admin-set-password' })

        const secrets = JSON.parse(readFileSync(join(dataDirectory, 'secrets.json'), 'utf8')) as Record<
          string,
          string
        >
        const forbidden = [
          adminPassword,
          user.initialPassword,
          'user-chosen-password',
          'a-wrong-password',
          'password-after-reset',
          'admin-set-password',
          token,
          admin.sessionToken!,
          ...Object.values(secrets),
        ]
        expect(output()).toContain('"msg":"incoming request"')
        // The requests above were logged, masked.
        expect(output()).toContain('reset-password/[redacted]')
        for (const value of forbidden)
          expect(output().includes(value), `the logs contain ${value.slice(0, 6)}…`).toBe(false)
      },
    )
  }, 60_000)
})
