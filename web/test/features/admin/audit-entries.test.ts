import { describe, expect, it } from 'vitest'
import type { AuditEntry } from '@app/contracts/audit'
import type { AdminUser } from '@app/contracts/auth'
import {
  actorLabel,
  detailsLabel,
  isoFromLocal,
  subjectLabel,
} from '../../../src/features/admin/audit-entries.ts'

const users = new Map<number, AdminUser>([
  [1, { id: 1, username: 'admin@example.com', email: 'admin@example.com', name: 'Ada Admin' } as AdminUser],
])

const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  id: 'x',
  at: '2026-11-27T10:00:00.000Z',
  actor: { id: 1, role: 'administrator' },
  kind: 'user.edited',
  subject: {},
  details: {},
  address: '192.0.2.1',
  requestId: 'abcdefghijkl',
  ...overrides,
})

describe('audit records as the page words them', () => {
  it('name the actor with their role, or an unknown user; an account no longer listed by its id', () => {
    expect(actorLabel(users, entry({}))).toBe('Ada Admin (admin@example.com), Administrator')
    expect(actorLabel(users, entry({ actor: null }))).toBe('Unknown user')
    expect(subjectLabel(users, entry({ subject: { userId: 7, profileOwnerId: 1, invitationId: 3 } }))).toBe(
      'Account 7; profile of Ada Admin (admin@example.com); invitation 3',
    )
  })

  it('say what changed by names, roles and counts', () => {
    expect(detailsLabel({ fields: ['email', 'password'] })).toBe('Changed: email, password')
    expect(detailsLabel({ fromRole: 'guest_owner', toRole: 'standard' })).toBe('Guest Owner → Standard')
    expect(detailsLabel({ rows: 3, imported: 2, failed: 1 })).toBe('3 rows, 2 imported, 1 failed')
    expect(detailsLabel({ throttled: true })).toBe('Refused: too many attempts')
    expect(detailsLabel({})).toBe('')
  })

  it('turn a local date and time into the ISO time the API takes, and nothing into nothing', () => {
    expect(isoFromLocal('')).toBeUndefined()
    expect(isoFromLocal('not a time')).toBeUndefined()
    expect(isoFromLocal('2026-11-27T10:30')).toBe(new Date('2026-11-27T10:30').toISOString())
  })
})
