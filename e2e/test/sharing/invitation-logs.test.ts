import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ApiSession, createAccount } from '../../src/api.ts'

const root = resolve(import.meta.dirname, '../../..')
const dataDirectory = mkdtempSync(join(tmpdir(), 'invitation-logs-'))
afterAll(() => rmSync(dataDirectory, { recursive: true, force: true }))

describe('the logs of a sharing flow (SECURITY.md 35)', () => {
  it('contain no invitation token, chosen password or cookie, even with tokens in request paths', async () => {
    const adminPassword = 'invitation-log-admin-password'
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/all-in-one.ts'], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: dataDirectory,
        PORT: '0',
        LOG_LEVEL: 'debug',
        ADMIN_EMAIL: 'invitation-logs@example.test',
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
      const admin = new ApiSession(url)
      await admin.login('invitation-logs@example.test', adminPassword)
      const owner = await createAccount(admin, 'standard', { firstName: 'Logged', lastName: 'Owner' })
      const invitation = (await owner.session.expect(201, 'POST', '/api/invitations', {
        inviteeName: 'Ivy Invitee',
        inviteeEmail: 'ivy@example.test',
        inviteeRole: 'guest_owner',
      })) as { id: number; token: string }
      const outbox = join(dataDirectory, 'sharing', 'outbox.txt')
      await expect
        .poll(() => existsSync(outbox) && readFileSync(outbox, 'utf8').includes(invitation.token))
        .toBe(true)
      const anonymous = new ApiSession(url)
      await anonymous.call('GET', `/api/invitations/details/${invitation.token}`)
      await anonymous.call('GET', `/api/invitations/accept/${invitation.token}`)
      await anonymous.call('GET', `/invite/${invitation.token}`)
      await anonymous.call('GET', `/api/invitations/details/${invitation.token}/x`)
      await anonymous.call('POST', `/api/invitations/accept/${invitation.token}`, {
        password: 'ivy-chosen-password',
      })
      await anonymous.call('POST', `/api/invitations/accept/${invitation.token}`, {
        password: 'ivy-replayed-password',
      })
      await owner.session.expect(200, 'DELETE', `/api/invitations/${invitation.id}`)

      const forbidden = [
        invitation.token,
        'ivy-chosen-password',
        'ivy-replayed-password',
        anonymous.sessionToken!,
        owner.session.sessionToken!,
      ]
      expect(output).toContain('invitations/details/[redacted]')
      expect(output).toContain('"event":"invitation_accepted"')
      for (const value of forbidden)
        expect(output.includes(value), `the logs contain ${value.slice(0, 6)}…`).toBe(false)
    } finally {
      child.kill('SIGINT')
      await new Promise((resolveExit) => child.once('exit', resolveExit))
    }
  }, 60_000)
})
