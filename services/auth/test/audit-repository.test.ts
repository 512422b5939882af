import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { AuditRecorded } from '@app/contracts/audit'
import { createNedbStore } from '@app/kit/store/nedb'
import type { DocumentStore } from '@app/kit/store/port'
import { createAuditRepository } from '../src/repositories/audit-repository.ts'

const directory = mkdtempSync(join(tmpdir(), 'audit-repository-'))
afterAll(() => rmSync(directory, { recursive: true, force: true }))

const record = (at: string, overrides: Partial<AuditRecorded> = {}): AuditRecorded => ({
  at,
  actor: { id: 1, role: 'administrator' },
  kind: 'user.edited',
  subject: { userId: 2 },
  details: { fields: ['email'] },
  address: '192.0.2.1',
  requestId: 'abcdefghijkl',
  ...overrides,
})

/** The audit repository's rules, run unchanged on each store it is given (as the store contract is). */
function auditRepositoryContract(
  name: string,
  open: () => Promise<{ store: DocumentStore; reopen(): Promise<DocumentStore> }>,
) {
  describe(`the audit repository on ${name}`, () => {
    it('appends once per event, finds by person, kind and time newest first, pages, prunes, and keeps across a reopen', async () => {
      const { store, reopen } = await open()
      const audit = await createAuditRepository(store)
      expect(await audit.append('e1', record('2026-01-01T10:00:00.000Z'))).toBe(true)
      expect(await audit.append('e1', record('2026-01-01T10:00:00.000Z'))).toBe(false)
      await audit.append(
        'e2',
        record('2026-02-01T10:00:00.000Z', { actor: null, kind: 'sign-in.failed', subject: {}, details: {} }),
      )
      await audit.append(
        'e3',
        record('2026-03-01T10:00:00.000Z', {
          actor: { id: 5, role: 'standard' },
          kind: 'invitation.created',
          subject: { profileOwnerId: 5, invitationId: 9 },
          details: { inviteeRole: 'guest_owner' },
        }),
      )
      const all = await audit.search({}, { skip: 0, limit: 10 })
      expect(all.total).toBe(3)
      expect(all.entries.map((entry) => entry.at)).toEqual([
        '2026-03-01T10:00:00.000Z',
        '2026-02-01T10:00:00.000Z',
        '2026-01-01T10:00:00.000Z',
      ])
      expect(all.entries[2]).toMatchObject({
        actor: { id: 1 },
        subject: { userId: 2 },
        details: { fields: ['email'] },
      })
      const ids = async (filter: Parameters<typeof audit.search>[0]) =>
        (await audit.search(filter, { skip: 0, limit: 10 })).entries.map((entry) => entry.kind)
      expect(await ids({ person: 2 })).toEqual(['user.edited'])
      expect(await ids({ person: 1 })).toEqual(['user.edited'])
      expect(await ids({ person: 5 })).toEqual(['invitation.created'])
      expect(await ids({ kind: 'sign-in.failed' })).toEqual(['sign-in.failed'])
      expect(
        await ids({ from: new Date('2026-01-15T00:00:00Z'), to: new Date('2026-02-15T00:00:00Z') }),
      ).toEqual(['sign-in.failed'])
      const second = await audit.search({}, { skip: 1, limit: 1 })
      expect(second).toMatchObject({ total: 3, entries: [{ kind: 'sign-in.failed' }] })

      const reopened = await createAuditRepository(await reopen())
      expect((await reopened.search({}, { skip: 0, limit: 10 })).total).toBe(3)
      expect(await reopened.pruneBefore(new Date('2026-02-15T00:00:00Z'))).toBe(2)
      const left = await reopened.search({}, { skip: 0, limit: 10 })
      expect(left.entries.map((entry) => entry.kind)).toEqual(['invitation.created'])
    })
  })
}

auditRepositoryContract('in-memory NeDB', async () => {
  const store = await createNedbStore({ directory: null })
  return { store, reopen: async () => store }
})
auditRepositoryContract('NeDB files', async () => {
  const folder = mkdtempSync(join(directory, 'nedb-'))
  const store = await createNedbStore({ directory: folder })
  return {
    store,
    reopen: async () => {
      await store.close()
      return createNedbStore({ directory: folder })
    },
  }
})
