import { describe, expect, it } from 'vitest'
import { redactUrl } from '../src/logger.ts'

describe('request lines in the logs', () => {
  it('mask tokens in reset and invitation paths and in token query parameters', () => {
    expect(redactUrl('/api/auth/reset-password/abcDEF_123-x')).toBe('/api/auth/reset-password/[redacted]')
    expect(redactUrl('/reset-password?token=abc123&x=1')).toBe('/reset-password?token=[redacted]&x=1')
    expect(redactUrl('/api/invitations/details/tok')).toBe('/api/invitations/details/[redacted]')
    expect(redactUrl('/api/invitations/accept/tok?next=1')).toBe('/api/invitations/accept/[redacted]?next=1')
    expect(redactUrl('/invite/tok')).toBe('/invite/[redacted]')
    expect(redactUrl('/api/health')).toBe('/api/health')
  })
})
