import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createUser, SessionClient } from './support/session-client.ts'

const root = resolve(import.meta.dirname, '../../..')
const dataDirectory = mkdtempSync(join(tmpdir(), 'log-secrets-'))
afterAll(() => rmSync(dataDirectory, { recursive: true, force: true }))

describe('the logs of a full account flow (SECURITY.md 35)', () => {
  it('contain no password, reset token, cookie or secret', async () => {
    const adminPassword = 'log-test-admin-password'
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/all-in-one.ts'], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: dataDirectory,
        PORT: '0',
        LOG_LEVEL: 'debug',
        ADMIN_EMAIL: 'logs@example.test',
        ADMIN_PASSWORD: adminPassword,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk.toString()))
    child.stderr.on('data', (chunk) => (output += chunk.toString()))
    try {
      const deadline = Date.now() + 30_000
      while (!/Ready: http:\/\/localhost:\d+/.test(output)) {
        if (Date.now() > deadline || child.exitCode !== null)
          throw new Error(`not ready: ${output.slice(-2000)}`)
        await new Promise((resolveWait) => setTimeout(resolveWait, 50))
      }
      const url = /Ready: (http:\/\/)localhost(:\d+)/.exec(output)!.slice(1).join('127.0.0.1')
      const admin = new SessionClient(url)
      await admin.logIn('logs@example.test', adminPassword)
      const user = await createUser(url, admin, 'logged@example.test', 'standard', 'user-chosen-password')
      await new SessionClient(url).request('POST', '/api/auth/login', {
        username: 'logged@example.test',
        password: 'a-wrong-password',
      })
      await new SessionClient(url).request('POST', '/api/auth/forgot-password', {
        email: 'logged@example.test',
      })
      const token = /reset-password\?token=([\w-]+)/.exec(
        readFileSync(join(dataDirectory, 'auth', 'outbox.txt'), 'utf8'),
      )![1]!
      const anonymous = new SessionClient(url)
      await anonymous.request('GET', `/api/auth/reset-password/${token}`)
      await anonymous.request('GET', `/reset-password?token=${token}`)
      await anonymous.request('POST', '/api/auth/reset-password', {
        token,
        newPassword: 'password-after-reset',
      })
      await admin.request('PUT', `/api/admin/user/${user.id}`, { password: 'admin-set-password' })

      const secrets = JSON.parse(readFileSync(join(dataDirectory, 'secrets.json'), 'utf8')) as Record<
        string,
        string
      >
      const forbidden = [
        adminPassword,
        'temporary pass 1',
        'user-chosen-password',
        'a-wrong-password',
        'password-after-reset',
        'admin-set-password',
        token,
        admin.cookie!,
        ...Object.values(secrets),
      ]
      expect(output).toContain('"msg":"incoming request"')
      for (const value of forbidden)
        expect(output.includes(value), `the logs contain ${value.slice(0, 6)}…`).toBe(false)
    } finally {
      child.kill('SIGINT')
      await new Promise((resolveExit) => child.once('exit', resolveExit))
    }
  }, 60_000)
})
