import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { forwardedRequestId, newRequestId, redactUrl } from '../src/logger.ts'

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
