import { z } from 'zod'
import { RequestIdSchema } from '@app/contracts/audit'
import { ImportJobStatusSchema, ImportKindSchema, type ImportRowReport } from '@app/contracts/imports'
import { ROLES } from '@app/domain/roles'
import { DISC_TYPES } from '@app/domain/disc'
import { PREVUE_DIMENSIONS } from '@app/domain/prevue'
import type { DocumentStore, Filter } from '@app/kit/store/port'

const Count = z.number().int().nonnegative()

/**
 * Who started a job (their role; `createdBy` is their id), from which address and in which request: what its
 * audit record says, whether this process ends the job or a later one recovers it (docs/decisions/059-audit-log.md).
 */
export const JobOriginSchema = z.object({
  role: z.enum(ROLES),
  address: z.string().min(1).max(64),
  requestId: RequestIdSchema,
})
export type JobOrigin = z.output<typeof JobOriginSchema>

export const JobDocumentSchema = z.object({
  kind: ImportKindSchema,
  /** How its people get their first password; absent on jobs from before the choice (the spec's formula). */
  credentials: z.enum(['random', 'spec', 'link']).optional(),
  status: ImportJobStatusSchema,
  message: z.string(),
  createdBy: z.number().int().positive(),
  /** Absent on jobs stored before it was kept. */
  origin: JobOriginSchema.optional(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  totalRecords: Count,
  processedRecords: Count,
  successfulRecords: Count,
  failedRecords: Count,
  /** The process running the job; a running job whose heartbeat stops is taken over (decision 013). */
  owner: z.string(),
  heartbeatAt: z.date(),
  /** `<userId>:<sha256 of the Idempotency-Key>`: one job per key and administrator (a sparse unique index). */
  idempotencyKey: z.string().optional(),
  /** sha256 of the route and body the key was first used with. */
  fingerprint: z.string().optional(),
})
export type JobDocument = z.output<typeof JobDocumentSchema>
export type StoredJob = JobDocument & { id: string }

const DiscScoresSchema = z.object(
  Object.fromEntries(DISC_TYPES.map((type) => [type, z.number()])) as Record<
    (typeof DISC_TYPES)[number],
    z.ZodNumber
  >,
)
const PrevueScoresSchema = z.object(
  Object.fromEntries(PREVUE_DIMENSIONS.map((dimension) => [dimension, z.number()])) as Record<
    (typeof PREVUE_DIMENSIONS)[number],
    z.ZodNumber
  >,
)

/**
 * One row as stored: what the report shows, the names (the spec's formula derives a password from them;
 * no password is ever stored), and while it is pending the scores, so a restart can send it again.
 */
export const StoredRowSchema = z.object({
  row: z.number().int().positive(),
  name: z.string(),
  email: z.string(),
  status: z.enum(['imported', 'failed', 'pending']),
  reason: z.string().optional(),
  userId: z.number().int().positive().optional(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  disc: DiscScoresSchema.nullable().optional(),
  primaryType: z.enum(DISC_TYPES).nullable().optional(),
  prevue: PrevueScoresSchema.nullable().optional(),
  /** With set-password links: whether this person's e-mail went out. */
  linkSent: z.boolean().optional(),
})
export type StoredRow = z.output<typeof StoredRowSchema>

/** Rows are kept a batch to a document: a 200,000-row file is hundreds of writes, not 200,000. */
export const RowChunkSchema = z.object({
  jobId: z.string(),
  firstRow: z.number().int().positive(),
  /** True while its rows were sent and not yet answered. */
  pending: z.boolean(),
  rows: z.array(StoredRowSchema),
})
export type StoredChunk = z.output<typeof RowChunkSchema> & { id: string }

export async function createImportJobsRepository(store: DocumentStore) {
  const jobs = await store.collection('import_jobs', {
    schema: JobDocumentSchema,
    idKind: 'uuid',
    indexes: [{ field: 'idempotencyKey', unique: true, sparse: true }, { field: 'status' }],
  })
  const chunks = await store.collection('import_rows', {
    schema: RowChunkSchema,
    idKind: 'uuid',
    indexes: [{ field: 'jobId' }],
  })

  return {
    /** Throws DuplicateKeyError when the idempotency key already names a job. */
    createJob(job: JobDocument): Promise<StoredJob> {
      return jobs.insert(job)
    },
    findJob(id: string): Promise<StoredJob | null> {
      return jobs.findOne({ id })
    },
    findJobByIdempotencyKey(idempotencyKey: string): Promise<StoredJob | null> {
      return jobs.findOne({ idempotencyKey })
    },
    listJobs(limit: number): Promise<StoredJob[]> {
      return jobs.find({}, { sort: { createdAt: -1 }, limit })
    },
    updateJob(id: string, changes: Partial<JobDocument>, filter: Filter = {}): Promise<StoredJob | null> {
      return jobs.updateOne({ ...filter, id }, { $set: changes })
    },
    /** Running jobs of other processes whose heartbeat is older than `before`. */
    staleJobs(owner: string, before: Date): Promise<StoredJob[]> {
      return jobs.find({ status: 'running', owner: { $ne: owner }, heartbeatAt: { $lt: before } })
    },
    /** Takes a stale job over; null when another process took it first or it beat again. */
    claimJob(job: StoredJob, owner: string, now: Date): Promise<StoredJob | null> {
      return jobs.updateOne(
        { id: job.id, status: 'running', owner: job.owner, heartbeatAt: job.heartbeatAt },
        { $set: { owner, heartbeatAt: now } },
      )
    },
    async insertChunk(jobId: string, rows: StoredRow[], pending: boolean): Promise<string> {
      const chunk = await chunks.insert({ jobId, firstRow: rows[0]!.row, pending, rows })
      return chunk.id
    },
    async completeChunk(id: string, rows: StoredRow[]): Promise<void> {
      await chunks.updateOne({ id }, { $set: { pending: false, rows } })
    },
    pendingChunks(jobId: string): Promise<StoredChunk[]> {
      return chunks.find({ jobId, pending: true }, { sort: { firstRow: 1 } })
    },
    /**
     * Blanks every finished row that names the person (their account, or their address): the report keeps
     * the row's number and outcome only (docs/decisions/061-account-deletion.md). A pending row is the job's
     * to send and is left alone. Returns how many rows it blanked; a second call finds none.
     */
    async forgetPerson(userId: number, email: string | undefined): Promise<number> {
      const address = email?.trim().toLowerCase()
      const names = (row: StoredRow) =>
        row.status !== 'pending' &&
        (row.userId === userId || (address !== undefined && row.email.trim().toLowerCase() === address))
      let blanked = 0
      for (const job of await jobs.find({}, { sort: { createdAt: 1 } })) {
        for (const chunk of await chunks.find({ jobId: job.id })) {
          if (!chunk.rows.some(names)) continue
          const rows = chunk.rows.map((row) => (names(row) ? blankRow(row) : row))
          blanked += chunk.rows.filter(names).length
          await chunks.updateOne({ id: chunk.id }, { $set: { rows } })
        }
      }
      return blanked
    },
    /** Every stored row of a job, in row order. */
    async rowsOf(jobId: string): Promise<StoredRow[]> {
      const found = await chunks.find({ jobId }, { sort: { firstRow: 1 } })
      return found.flatMap((chunk) => chunk.rows).sort((a, b) => a.row - b.row)
    },
  }
}

export type ImportJobsRepository = Awaited<ReturnType<typeof createImportJobsRepository>>

/** A row of a deleted person: its number and outcome, nothing about them. */
function blankRow(row: StoredRow): StoredRow {
  return { row: row.row, name: '', email: '', status: row.status, reason: 'The account was deleted' }
}

/** A stored row as the report shows it: never a name part, a score or a password. */
export function reportOf(row: StoredRow): ImportRowReport {
  return {
    row: row.row,
    name: row.name,
    email: row.email,
    status: row.status,
    ...(row.reason === undefined ? {} : { reason: row.reason }),
    ...(row.userId === undefined ? {} : { userId: row.userId }),
  }
}
