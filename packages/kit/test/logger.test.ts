import type { IncomingMessage } from 'node:http'
import { Writable } from 'node:stream'
import Fastify from 'fastify'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import {
  forwardedRequestId,
  loggerOptions,
  newRequestId,
  redactUrl,
  registerRequestLog,
  RequestLineController,
  requestLoggerFactory,
} from '../src/logger.ts'

describe('request lines in the logs', () => {
  it('mask tokens in reset and invitation paths and in token query parameters', () => {
    expect(redactUrl('/api/auth/reset-password/abcDEF_123-x')).toBe('/api/auth/reset-password/[redacted]')
    expect(redactUrl('/reset-password?token=abc123&x=1')).toBe('/reset-password?token=[redacted]&x=1')
    expect(redactUrl('/api/invitations/details/tok')).toBe('/api/invitations/details/[redacted]')
    expect(redactUrl('/api/invitations/accept/tok?next=1')).toBe('/api/invitations/accept/[redacted]?next=1')
    expect(redactUrl('/invite/tok')).toBe('/invite/[redacted]')
    expect(redactUrl('/api/health')).toBe('/api/health')
  })

  it('mask tokens in mistyped, re-encoded and absolute-form links too', () => {
    const token = 'Q2hhbmdlIHRoaXMgdG9rZW4gYmVmb3JlIGl0IGxlYWtz_-x'
    for (const url of [
      `/api/auth/reset-password/${token}/x`,
      `/api/auth/reset-password/${token}/x/y?z=1`,
      `/api/auth/RESET-PASSWORD/${token}`,
      `/api/auth/reset%2Dpassword/${token}`,
      `/api/auth/reset%2dpassword/${token}`,
      `/api/auth/reset-pasword/${token}`,
      `/api/auth/x/../reset-password/${token}`,
      `http://127.0.0.1:8080/api/auth/reset-password/${token}`,
      `/reset-password?x=1&token=${token}`,
      `/reset-password?TOKEN=${token}`,
      `/reset-password?next=${token}`,
      `/api/invitations/accept/${token}/again`,
    ]) {
      const redacted = redactUrl(url)
      expect(redacted, url).not.toContain(token)
      expect(redacted, url).not.toContain(token.slice(0, 12))
      expect(redacted, url).toContain('[redacted]')
    }
    expect(redactUrl(`/api/auth/reset-password/${token}/x`)).toBe('/api/auth/reset-password/[redacted]')
    expect(redactUrl('/assets/index-Bx7_a9Qe.js')).toBe('/assets/index-Bx7_a9Qe.js')
    expect(redactUrl('/api/admin/user/12')).toBe('/api/admin/user/12')
  })
})

describe('request ids', () => {
  const withHeader = (value?: string | string[]) =>
    ({ headers: value === undefined ? {} : { 'x-request-id': value } }) as IncomingMessage

  it('are 12 random characters, never repeated', () => {
    const ids = Array.from({ length: 10_000 }, newRequestId)
    for (const id of ids.slice(0, 50)) expect(id).toMatch(/^[\w-]{12}$/)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it("a service keeps the gateway's id, and names a request anew when the header is missing or not of that shape", () => {
    expect(forwardedRequestId(withHeader('Ab3_-xY9kLm0'))).toBe('Ab3_-xY9kLm0')
    for (const forged of [
      undefined,
      '',
      'short',
      'Ab3_-xY9kLm0X',
      'Ab3_-xY9k\nm0',
      'x'.repeat(4096),
      '{"level":60}',
      ['Ab3_-xY9kLm0', 'Ab3_-xY9kLm1'],
    ]) {
      const id = forwardedRequestId(withHeader(forged))
      expect(id).toMatch(/^[\w-]{12}$/)
      expect(id).not.toBe(forged)
    }
  })
})

describe("a request's logger", () => {
  /** An app whose routes log each kind of line, with Fastify's own child loggers or ours. */
  async function linesOf(factory: typeof requestLoggerFactory | undefined) {
    const lines: Array<Record<string, unknown>> = []
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>)
        done()
      },
    })
    const app = Fastify({
      loggerInstance: pino(loggerOptions('debug', 'logger-test'), stream),
      logController: new RequestLineController(),
      genReqId: () => 'fixed-id-001',
      ...(factory ? { childLoggerFactory: factory } : {}),
    })
    registerRequestLog(app)
    app.get('/lines', async (request) => {
      request.log.info({ note: 1, password: 'hunter2', nested: { token: 'abc' } }, 'an object and a message')
      request.log.warn('a message alone, %s', 'formatted')
      request.log.error(new Error('an error alone'))
      request.log.debug({ at: 'debug' }, 'below info')
      request.log.trace({ at: 'trace' }, 'never written')
      request.log.child({ part: 'inner' }).info({ from: 'child' }, 'a child of the request')
      return { level: request.log.level }
    })
    const answer = await app.inject({ method: 'GET', url: '/lines' })
    await app.close()
    // Times differ between runs; an error's stack names the line that made it.
    const normal = lines.map(({ time: _time, responseTime: _responseTime, ms: _ms, err, ...line }) =>
      err ? { ...line, err: { message: (err as { message: string }).message } } : line,
    )
    return { answer: answer.json() as unknown, lines: normal }
  }

  it("writes the very lines of pino's own child, redacted, with the request's id, level and order", async () => {
    const ours = await linesOf(requestLoggerFactory)
    const pinos = await linesOf(undefined)
    expect(ours.answer).toEqual({ level: 'debug' })
    expect(ours.lines).toEqual(pinos.lines)
    expect(ours.lines.map((line) => line.msg)).toEqual([
      'incoming request',
      'an object and a message',
      'a message alone, formatted',
      'an error alone',
      'below info',
      'a child of the request',
      'request',
    ])
    for (const line of ours.lines) expect(line.reqId).toBe('fixed-id-001')
    expect(ours.lines[1]).toMatchObject({ note: 1, password: '[redacted]', nested: { token: '[redacted]' } })
    expect(ours.lines[3]).toMatchObject({ level: 50, err: { message: 'an error alone' } })
    expect(ours.lines[5]).toMatchObject({ part: 'inner', from: 'child' })
    expect(ours.lines[6]).toMatchObject({ method: 'GET', route: '/lines', status: 200 })
  })

  it('is made only when a line needs it: none for a request that writes objects or nothing', async () => {
    const parent = pino({ level: 'info' }, new Writable({ write: (_chunk, _encoding, done) => done() }))
    let children = 0
    const child = parent.child.bind(parent)
    parent.child = ((...args: Parameters<typeof child>) => {
      children += 1
      return child(...args)
    }) as typeof parent.child
    const log = requestLoggerFactory(parent, { reqId: 'x' }, {})
    log.info({ route: '/a' }, 'request')
    log.debug('below the level')
    expect(children).toBe(0)
    log.warn('a message alone')
    log.info({ again: true }, 'then through the child')
    expect(children).toBe(1)
  })
})
