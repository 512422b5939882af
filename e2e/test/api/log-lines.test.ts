import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { withLoggedProduct } from '../../src/logged-product.ts'
import { ApiSession, createAccount, SESSION_COOKIE } from '../../src/api.ts'

const dataDirectory = mkdtempSync(join(tmpdir(), 'log-lines-'))
afterAll(() => rmSync(dataDirectory, { recursive: true, force: true }))

const MAX_REQUEST_LINE_BYTES = 250

interface LogLine {
  msg?: string
  level?: number
  reqId?: string
  ip?: string
  method?: string
  route?: string
  status?: number
  ms?: number
  name?: string
}

describe('request lines at info (issue 14, item 6)', () => {
  it('carry address, method, route pattern, status, duration and request id in at most 250 bytes, without tokens or health checks', async () => {
    await withLoggedProduct(
      {
        DATA_DIR: dataDirectory,
        LOG_LEVEL: 'info',
        TRUSTED_PROXIES: '127.0.0.1',
        ADMIN_EMAIL: 'lines@example.test',
        ADMIN_PASSWORD: 'log-lines-admin-password',
      },
      async ({ url, output }) => {
        const admin = new ApiSession(url)
        await admin.login('lines@example.test', 'log-lines-admin-password')
        const user = await createAccount(admin, 'standard', {
          firstName: 'Lined',
          lastName: 'User',
          username: 'lined@example.test',
          password: 'user-chosen-password',
        })
        await admin.expect(200, 'GET', `/api/admin/user/${user.user.id}`)
        await new ApiSession(url).call('POST', '/api/auth/forgot-password', { email: 'lined@example.test' })
        const outboxFile = join(dataDirectory, 'auth', 'outbox.txt')
        const readOutbox = () => (existsSync(outboxFile) ? readFileSync(outboxFile, 'utf8') : '')
        await expect.poll(readOutbox, { timeout: 10_000 }).toMatch(/reset-password\?token=[\w-]+/)
        const token = /reset-password\?token=([\w-]+)/.exec(readOutbox())![1]!
        await new ApiSession(url).call('GET', `/api/auth/reset-password/${token}`)
        await new ApiSession(url).call('GET', `/api/auth/reset-pasword/${token}`) // a 404, token in the path
        expect((await new ApiSession(url).call('GET', '/api/health')).status).toBe(200)
        // A client behind the trusted proxy: the line names the address the proxy vouches for.
        // Its own request id is not taken: the gateway names the request, answers the id and passes it on.
        const forgedId = 'forged-id-01'
        const proxied = await fetch(`${url}/api/config`, {
          headers: { 'x-forwarded-for': '203.0.113.7', 'x-request-id': forgedId },
        })
        expect(proxied.status).toBeLessThan(500)
        const answeredId = proxied.headers.get('x-request-id')
        expect(answeredId).toMatch(/^[\w-]{12}$/)
        expect(answeredId).not.toBe(forgedId)
        const viewed = await fetch(`${url}/api/admin/user/${user.user.id}`, {
          headers: { cookie: `${SESSION_COOKIE}=${admin.sessionToken}`, 'x-request-id': forgedId },
        })
        expect(viewed.status).toBe(200)
        const viewedId = viewed.headers.get('x-request-id')!
        // Advice loads the profile from the profiles service: one user request, three request lines.
        const saved = (await admin.expect(201, 'POST', '/api/assessments', {
          assessmentType: 'disc',
          dScore: 40,
          iScore: 30,
          sScore: 20,
          cScore: 10,
          name: 'Lined Admin',
        })) as { id: number }
        const advised = await fetch(`${url}/api/ai/disc-analysis`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            origin: new URL(url).origin,
            cookie: `${SESSION_COOKIE}=${admin.sessionToken}`,
          },
          body: JSON.stringify({ profileId: saved.id, question: 'How do I work with them?' }),
        })
        expect(advised.status).toBe(200)
        const advisedId = advised.headers.get('x-request-id')!
        // The last lines are written after the answers are sent: the gateway's and the services' for the last call.
        const logLines = () =>
          output()
            .split('\n')
            .filter((line) => line.startsWith('{'))
            .map((line) => ({ raw: line, parsed: JSON.parse(line) as LogLine }))
        const requestLinesOf = (id: string) =>
          logLines().filter((line) => line.parsed.msg === 'request' && line.parsed.reqId === id)
        await expect.poll(() => requestLinesOf(advisedId).length, { timeout: 5_000 }).toBe(3)

        const lines = logLines()
        const requestLines = lines.filter((line) => line.parsed.msg === 'request')
        expect(requestLines.length).toBeGreaterThan(8)
        // Fastify's own pair of lines with the whole request and answer is gone at info.
        expect(
          lines.filter((line) => /incoming request|request completed/.test(line.parsed.msg ?? '')),
        ).toEqual([])
        for (const { raw, parsed } of requestLines) {
          expect(Buffer.byteLength(raw), raw).toBeLessThanOrEqual(MAX_REQUEST_LINE_BYTES)
          expect(parsed.level, raw).toBe(30)
          expect(parsed.reqId, raw).toMatch(/\S/)
          expect(parsed.ip, raw).toMatch(/^[\d.:a-f]+$/)
          expect(parsed.method, raw).toMatch(/^[A-Z]+$/)
          expect(parsed.route, raw).toMatch(/^(\/|\(no route\))/)
          expect(parsed.status, raw).toBeGreaterThanOrEqual(100)
          expect(parsed.ms, raw).toBeGreaterThanOrEqual(0)
          expect(raw.includes(token), raw).toBe(false)
          expect(parsed.route, raw).not.toMatch(/^\/(api\/)?health$/)
        }
        const gatewayLines = requestLines.filter((line) => line.parsed.name === 'gateway')
        const routes = gatewayLines.map(
          (line) => `${line.parsed.method} ${line.parsed.route} ${line.parsed.status}`,
        )
        // Route patterns, not URLs: the id and the token are not in them.
        expect(routes).toContain('GET /api/admin/user/:id 200')
        expect(routes).toContain('GET /api/auth/reset-password/:token 200')
        // An unknown path is logged under whatever route answered it (none, or a wildcard), never as the URL.
        expect(
          routes.filter((route) => route.endsWith(' 404')),
          routes.join('\n'),
        ).toHaveLength(1)
        const configLine = gatewayLines.find((line) => line.parsed.route === '/api/config')
        expect(configLine?.parsed.ip).toBe('203.0.113.7')
        expect(configLine?.parsed.reqId).toBe(answeredId)
        // The gateway's line and the service's share the id the client was answered, never the forged one.
        expect(
          requestLinesOf(viewedId)
            .map((line) => `${line.parsed.name} ${line.parsed.route} ${line.parsed.status}`)
            .sort(),
        ).toEqual(['auth /api/admin/user/:id 200', 'gateway /api/admin/user/:id 200'])
        expect(requestLinesOf(forgedId)).toEqual([])
        // A service passes the id on to the services it calls.
        expect(
          requestLinesOf(advisedId)
            .map((line) => `${line.parsed.name} ${line.parsed.method} ${line.parsed.status}`)
            .sort(),
        ).toEqual(['advice POST 200', 'gateway POST 200', 'profiles GET 200'])
        // Ids are not shared by different requests.
        const gatewayIds = gatewayLines.map((line) => line.parsed.reqId)
        expect(new Set(gatewayIds).size).toBe(gatewayIds.length)
        // The services log their own line under their name, with the route they matched.
        expect(
          requestLines.some(
            (line) => line.parsed.name === 'auth' && line.parsed.route === '/api/admin/user/:id',
          ),
        ).toBe(true)
        expect(output().includes(token)).toBe(false)
        expect(output()).not.toContain('Deprecation')
      },
    )
  }, 60_000)
})
