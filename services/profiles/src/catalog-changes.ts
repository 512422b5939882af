import { z } from 'zod'
import { ProfileSchema } from '@app/contracts/profiles'
import type { KeyValueStore } from '@app/kit/kv/port'
import { UserIdSchema } from './repositories/assessments-repository.ts'

/** A person's name as their profiles saved without one show it, and the e-mail they are listed with. */
const OwnerNameSchema = z.object({
  userId: UserIdSchema,
  defaultName: z.string(),
  email: z.string().optional(),
})

/**
 * One change of what the profile catalog holds, as every replica applies it. Each kind is applied by one
 * small, idempotent step (profile-catalog.ts); grants are kinds of their own.
 */
export const CatalogChangeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('profile-saved'), profile: ProfileSchema, namedAfterOwner: z.boolean() }),
  /**
   * A batch of an import, as one change: 10,000 rows are 20 changes rather than 10,000. `owners`: the
   * names and e-mails of the people it imported, applied first (docs/decisions/047-imported-names-in-the-batch.md).
   */
  z.object({
    kind: z.literal('profiles-saved'),
    profiles: z.array(z.object({ profile: ProfileSchema, namedAfterOwner: z.boolean() })),
    owners: z.array(OwnerNameSchema).optional(),
  }),
  /** The name a profile saved without one shows, after auth announced the person (created or edited). */
  z.object({ kind: z.literal('person-changed'), ...OwnerNameSchema.shape }),
  /** An accepted invitation: the grantee may see the owner's profiles (grants projection). */
  z.object({
    kind: z.literal('grant-added'),
    grant: z.object({
      invitationId: z.number().int().positive(),
      ownerId: UserIdSchema,
      granteeId: UserIdSchema,
      sharedBy: z.object({ name: z.string(), email: z.string() }),
      sharedVia: z.object({ name: z.string(), email: z.string() }).optional(),
      mayForward: z.boolean().optional(),
    }),
  }),
  /** A grant ended (its own revoke, or the cascade from one above it). */
  z.object({
    kind: z.literal('grant-removed'),
    invitationId: z.number().int().positive(),
    granteeId: UserIdSchema,
  }),
  /** An operator asked every replica to reload from the store. */
  z.object({ kind: z.literal('rebuild-requested'), reason: z.string().max(200) }),
])
export type CatalogChange = z.infer<typeof CatalogChangeSchema>

/**
 * An ordered log of catalog changes that every replica reads from where it stopped (decision record
 * "profile catalog change log"). Sequence numbers start at 1 and have no holes, except an entry whose writer
 * is still between taking its number and storing it, or one that expired: `read` gives null for those.
 */
export interface CatalogChangeLog {
  append(change: CatalogChange): Promise<number>
  /** The last sequence number handed out; 0 before the first. */
  latest(): Promise<number>
  /** Changes `from`..`to` (inclusive), in order. */
  read(from: number, to: number): Promise<Array<CatalogChange | null>>
}

export const CHANGE_SEQUENCE_KEY = 'profiles:catalog:sequence'
export const changeKey = (sequence: number) => `profiles:catalog:change:${sequence}`
/** Long enough for any replica that is up to read it; one further behind rebuilds instead. */
export const CHANGE_TTL_MS = 15 * 60_000
/** The sequence must outlive every replica's memory of it; a lost one is noticed and rebuilt from. */
const SEQUENCE_TTL_MS = 10 * 365 * 24 * 60 * 60_000

/** The log in the shared key-value store (Redis): one counter and one short-lived key per change. */
export function keyValueChangeLog(kv: KeyValueStore): CatalogChangeLog {
  return {
    async append(change) {
      const { value: sequence } = await kv.increment(CHANGE_SEQUENCE_KEY, SEQUENCE_TTL_MS)
      await kv.set(changeKey(sequence), JSON.stringify(change), CHANGE_TTL_MS)
      return sequence
    },
    async latest() {
      return Number((await kv.get(CHANGE_SEQUENCE_KEY)) ?? 0)
    },
    async read(from, to) {
      const keys = Array.from({ length: to - from + 1 }, (_, offset) => changeKey(from + offset))
      const texts = await Promise.all(keys.map((key) => kv.get(key)))
      return texts.map((text) => {
        if (text === null) return null
        try {
          const parsed = CatalogChangeSchema.safeParse(JSON.parse(text))
          return parsed.success ? parsed.data : null
        } catch {
          return null
        }
      })
    },
  }
}

/**
 * How many changes the in-process log keeps. Its one replica applies each change as it is recorded, so it is
 * never further behind than the saves in flight; 2,000 also covers those made during a rebuild of the catalog.
 * Each kept change holds a profile the catalog has already copied, and all of them are marked by every major
 * collection (docs/decisions/079-a-save-waits-for-fewer-writes.md).
 */
const MEMORY_LOG_LENGTH = 2_000

/** The log of replicas that share one process (the embedded key-value store cannot be shared further). */
function memoryChangeLog(): CatalogChangeLog {
  const entries = new Map<number, CatalogChange>()
  let sequence = 0
  return {
    async append(change) {
      sequence += 1
      entries.set(sequence, change)
      entries.delete(sequence - MEMORY_LOG_LENGTH)
      return sequence
    },
    async latest() {
      return sequence
    },
    async read(from, to) {
      return Array.from({ length: to - from + 1 }, (_, offset) => entries.get(from + offset) ?? null)
    },
  }
}

const memoryLogs = new WeakMap<KeyValueStore, CatalogChangeLog>()

/**
 * The change log the replicas sharing this key-value store read. On the embedded store they all live in
 * this process, so the log stays in memory rather than in the store's journal, which syncs every write.
 */
export function catalogChangeLogOf(kv: KeyValueStore): CatalogChangeLog {
  if (kv.kind !== 'memory') return keyValueChangeLog(kv)
  let log = memoryLogs.get(kv)
  if (!log) {
    log = memoryChangeLog()
    memoryLogs.set(kv, log)
  }
  return log
}
