import { describe, expect, it } from 'vitest'
import { AUDIT_TOPICS, AuditRecordedSchema } from '@app/contracts/audit'
import { auditRecordOf, publishAudit } from '../src/audit.ts'
import { createMemoryEventBus } from '../src/bus/memory.ts'
import type { EventBus, EventEnvelope } from '../src/bus/port.ts'
import { createNedbStore } from '../src/store/nedb.ts'
import { createProcessedEventLog } from '../src/store/processed-events.ts'

const request = {
  id: 'req-abcdefgh',
  raw: { headers: { 'x-forwarded-for': '192.0.2.10' } },
  log: { error: () => undefined },
}
const actor = { id: 7, role: 'standard' as const }

describe('audit records (docs/decisions/059-audit-log.md)', () => {
  it('take the address the gateway passed on and the request id, and validate whole', () => {
    const record = auditRecordOf(
      'auth',
      { kind: 'user.edited', actor, subject: { userId: 9 }, details: { fields: ['email', 'password'] } },
      { address: '192.0.2.10', requestId: 'req-abcdefgh' },
      new Date('2026-11-27T10:00:00.000Z'),
    )
    expect(record).toEqual({
      at: '2026-11-27T10:00:00.000Z',
      actor,
      kind: 'user.edited',
      subject: { userId: 9 },
      details: { fields: ['email', 'password'] },
      address: '192.0.2.10',
      requestId: 'req-abcdefgh',
    })
  })

  it('refuse a secret instead of dropping it: unknown keys, values in field lists, another publisher’s kind', () => {
    const origin = { address: '192.0.2.10', requestId: 'req-abcdefgh' }
    const smuggled = [
      { kind: 'user.edited', actor, details: { password: 'hunter22' } },
      { kind: 'user.edited', actor, details: { fields: ['hunter22'] } },
      { kind: 'password.reset', actor, subject: { userId: 7, token: 'abc' } },
      { kind: 'sign-in.failed', actor: { ...actor, cookie: 'session=abc' } },
    ]
    for (const input of smuggled)
      expect(() => auditRecordOf('auth', input as Parameters<typeof auditRecordOf>[1], origin)).toThrow()
    expect(() => auditRecordOf('import', { kind: 'sign-in.succeeded', actor }, origin)).toThrow(
      'import does not record sign-in.succeeded',
    )
    expect(() =>
      AuditRecordedSchema.parse({
        ...auditRecordOf('auth', { kind: 'password.changed', actor }, origin),
        url: 'x',
      }),
    ).toThrow()
  })

  it("go out on the publisher's own topic; a bus that fails leaves the record whole in the error log", async () => {
    const store = await createNedbStore({ directory: null })
    const bus = createMemoryEventBus({ processedLog: await createProcessedEventLog(store) })
    const seen: EventEnvelope[] = []
    await bus.subscribe(AUDIT_TOPICS.sharing, async (event) => void seen.push(event), { group: 'test' })
    await publishAudit(
      bus,
      'sharing',
      { kind: 'invitation.revoked', actor, subject: { invitationId: 3 } },
      request,
    )
    await expect.poll(() => seen.length).toBe(1)
    expect(seen[0]!.data).toMatchObject({ kind: 'invitation.revoked', address: '192.0.2.10' })

    const lines: Array<Record<string, unknown>> = []
    const broken: EventBus = { ...bus, publish: () => Promise.reject(new Error('bus down')) }
    await publishAudit(
      broken,
      'auth',
      { kind: 'password.changed', actor, subject: { userId: 7 } },
      { ...request, log: { error: (object) => void lines.push(object) } },
    )
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({
      event: 'audit_record_lost',
      record: { kind: 'password.changed', actor, requestId: 'req-abcdefgh' },
    })
    await bus.close()
    await store.close()
  })
})
