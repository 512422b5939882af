import { z } from 'zod'
import { IMPORT_PASSWORD_FORMATS } from '@app/domain/first-passwords'
import { UserSnapshotSchema } from './events.ts'
import { DiscTypeSchema, PrevueScoresSchema } from './profiles.ts'

/**
 * Imports (docs/requirements.md sections 2, 3, 5 and 7). An import is a job with an id: its rows are
 * created in batches through auth's and profiles' internal routes, each row under an import key
 * (`<jobId>:<row>`) that makes a retried batch create nothing twice.
 */

/** The largest CSV text an import takes: a 10 MB file with room to spare, JSON-escaped. */
export const IMPORT_CSV_MAX_CHARS = 32 * 1024 * 1024
/** The body limit of the import routes, at the gateway and in the import service. */
export const IMPORT_BODY_LIMIT_BYTES = 40 * 1024 * 1024
/** Rows per internal batch call (auth and profiles). */
export const IMPORT_BATCH_MAX = 500

export const IMPORT_KINDS = ['disc', 'prevue', 'single'] as const
export const ImportKindSchema = z.enum(IMPORT_KINDS)
export type ImportKind = z.infer<typeof ImportKindSchema>

/**
 * How imported people get their first password, chosen per import (docs/decisions/024-random-first-passwords.md):
 * `generated` (the default) shows each a generated password once, in the answer; `link` e-mails each a
 * one-time link to set their own, where e-mail is configured (`GET /api/admin/import/options`).
 */
export const FIRST_PASSWORD_CHOICES = ['generated', 'link'] as const
export const FirstPasswordSchema = z.enum(FIRST_PASSWORD_CHOICES)
export type FirstPassword = z.infer<typeof FirstPasswordSchema>

/** `POST /api/simple-import` (DISC) and `POST /api/admin/import-prevue`: the spec's body, and the choice. */
export const ImportCsvRequestSchema = z.object({
  csvText: z.string({ error: 'csvText must be text' }).max(IMPORT_CSV_MAX_CHARS, {
    error: 'The CSV text is too large: split it into files under 32 MB',
  }),
  firstPassword: FirstPasswordSchema.optional(),
})
export type ImportCsvRequest = z.infer<typeof ImportCsvRequestSchema>

/**
 * `POST /api/admin/import/single`: the Simple Import page's Single User form. Its password is generated in
 * lower case; the bulk imports capitalise each name (docs/requirements.md section 5). Scores are numbers, as the page's
 * parse checks; the service refuses those outside 0 to 100 with a clear message.
 */
export const SingleImportRequestSchema = z.object({
  firstName: z.string().max(100),
  lastName: z.string().max(100),
  email: z.string().max(320),
  dScore: z.number(),
  iScore: z.number(),
  sScore: z.number(),
  cScore: z.number(),
  firstPassword: FirstPasswordSchema.optional(),
})
export type SingleImportRequest = z.infer<typeof SingleImportRequestSchema>

/**
 * What an imported person signs in with. `password`: the generated password, shown once in the import's
 * answer and never stored in plaintext. `link-sent`: a link to set their own password was e-mailed.
 * `none`: nothing can be shown: the answer repeats an import that ended (its random passwords were shown
 * when it ran), or the link could not be mailed (the report says why); the person uses Forgot password, or
 * an administrator sets a password in User management.
 */
export const ImportedUserSchema = z.discriminatedUnion('credential', [
  z.object({ name: z.string(), email: z.string(), credential: z.literal('password'), password: z.string() }),
  z.object({ name: z.string(), email: z.string(), credential: z.literal('link-sent') }),
  z.object({ name: z.string(), email: z.string(), credential: z.literal('none') }),
])
export type ImportedUser = z.infer<typeof ImportedUserSchema>

/** `GET /api/admin/import/options`: how this tenant's imports make first passwords, and what they may offer. */
export const ImportOptionsSchema = z.object({
  /** `IMPORT_PASSWORD_FORMAT`: `random`, or the spec's computable formula (`spec`). */
  passwordFormat: z.enum(IMPORT_PASSWORD_FORMATS),
  /** Whether an import may e-mail set-password links: auth sends real e-mail (`SMTP_URL`). */
  setPasswordLinks: z.boolean(),
})
export type ImportOptions = z.infer<typeof ImportOptionsSchema>

/**
 * One data row of the file: its line number in the text (the header is line 1), what it names, and what
 * became of it. `pending` only appears on a job read while it runs.
 */
export const ImportRowReportSchema = z.object({
  row: z.number().int().positive(),
  name: z.string(),
  email: z.string(),
  status: z.enum(['imported', 'failed', 'pending']),
  reason: z.string().optional(),
  userId: z.number().int().positive().optional(),
})
export type ImportRowReport = z.infer<typeof ImportRowReportSchema>

/** The answer of an import: the spec's four fields, the job id and the per-row report. */
export const ImportResultSchema = z.object({
  jobId: z.string(),
  message: z.string(),
  totalRecords: z.number().int().nonnegative(),
  successfulRecords: z.number().int().nonnegative(),
  failedRecords: z.number().int().nonnegative(),
  importedUsers: z.array(ImportedUserSchema),
  report: z.array(ImportRowReportSchema),
})
export type ImportResult = z.infer<typeof ImportResultSchema>

export const IMPORT_JOB_STATUSES = ['running', 'completed', 'interrupted'] as const
export const ImportJobStatusSchema = z.enum(IMPORT_JOB_STATUSES)

/** How far a job is: sent as it runs (the `progress` event) and kept with the job. */
export const ImportProgressSchema = z.object({
  jobId: z.string(),
  totalRecords: z.number().int().nonnegative(),
  processedRecords: z.number().int().nonnegative(),
  successfulRecords: z.number().int().nonnegative(),
  failedRecords: z.number().int().nonnegative(),
})
export type ImportProgress = z.infer<typeof ImportProgressSchema>

/**
 * A job as `GET /api/admin/imports/:id` shows it: never a password. An `interrupted` job is one a process
 * died in; its `message` says which rows were not reached, so the file can be imported again (rows already
 * imported then fail as duplicates, so none is imported twice).
 */
export const ImportJobSchema = ImportProgressSchema.omit({ jobId: true }).extend({
  id: z.string(),
  kind: ImportKindSchema,
  status: ImportJobStatusSchema,
  message: z.string(),
  createdBy: z.number().int().positive(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  report: z.array(ImportRowReportSchema),
})
export type ImportJob = z.infer<typeof ImportJobSchema>

/** `GET /api/admin/imports`: the jobs, newest first, without their reports. */
export const ImportJobListSchema = z.array(ImportJobSchema.omit({ report: true }))

export const ImportJobIdParamsSchema = z.object({ id: z.string().uuid() })

/**
 * With `Accept: text/event-stream` the import routes answer server-sent events: `progress` as batches
 * complete (the first within 1 s), then one `result` (ImportResult), or one `error` ({ message, code }).
 * Each event's `data:` line holds one JSON object of this union.
 */
export const ImportStreamEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('progress'), progress: ImportProgressSchema }),
  z.object({ type: z.literal('result'), result: ImportResultSchema }),
  z.object({ type: z.literal('error'), message: z.string(), code: z.string() }),
])
export type ImportStreamEvent = z.infer<typeof ImportStreamEventSchema>

// ---- Internal calls: import → auth, import → profiles ----

/** `<jobId>:<row>`: the same row of the same job is created once, however often its batch is sent. */
export const ImportKeySchema = z.string().min(3).max(64)

/**
 * `POST /internal/users/import` (import → auth): standard users. With a password, they must change it at
 * the first login; with `setPasswordLinks`, rows carry none and auth e-mails each a link to set their own.
 */
export const InternalUserImportRequestSchema = z.strictObject({
  setPasswordLinks: z.boolean().optional(),
  users: z
    .array(
      z.strictObject({
        importKey: ImportKeySchema,
        email: z.string().max(320),
        firstName: z.string().max(100),
        lastName: z.string().max(100),
        name: z.string().max(200),
        password: z.string().min(6).max(256).optional(),
      }),
    )
    .min(1)
    .max(IMPORT_BATCH_MAX),
})
export type InternalUserImportRequest = z.infer<typeof InternalUserImportRequestSchema>

/**
 * One answer per user, in order. `created`: made now. `existing`: made earlier under the same import key (a
 * retried batch). `taken-over`: the address was held by a guest account whose e-mail was never confirmed;
 * that account (its id, so its shared profiles) is now this person's (docs/decisions/025-unconfirmed-guest-addresses.md).
 * `duplicate`: the e-mail or username belongs to another account. `invalid`: refused, with the reason.
 * `linkSent`: with set-password links, whether this person's e-mail went out. `account`: the account as
 * auth holds it, which the import hands on to profiles with the assessment: imported accounts are not
 * announced by `users.created.v1` (docs/decisions/047-imported-names-in-the-batch.md).
 */
export const InternalUserImportResponseSchema = z.object({
  results: z.array(
    z.object({
      importKey: z.string(),
      status: z.enum(['created', 'existing', 'taken-over', 'duplicate', 'invalid']),
      userId: z.number().int().positive().optional(),
      reason: z.string().optional(),
      linkSent: z.boolean().optional(),
      account: UserSnapshotSchema.optional(),
    }),
  ),
})
export type InternalUserImportResponse = z.infer<typeof InternalUserImportResponseSchema>

/** `GET /internal/users/import/options` (import → auth): whether auth can e-mail set-password links. */
export const InternalImportMailOptionsSchema = z.object({ setPasswordLinks: z.boolean() })

/** `POST /internal/assessments/import` (import → profiles): one assessment per imported user. */
export const InternalAssessmentImportRequestSchema = z.strictObject({
  assessments: z
    .array(
      z
        .strictObject({
          importKey: ImportKeySchema,
          userId: z.number().int().positive(),
          name: z.string().max(200),
          /**
           * The account `userId` as auth answered the import: profiles keeps its names and e-mail from it
           * (docs/decisions/047-imported-names-in-the-batch.md). Missing from an older import replica.
           */
          owner: UserSnapshotSchema.optional(),
          assessmentType: z.enum(['disc', 'prevue']),
          /** Null for a Prevue row, which has no DISC scores (docs/decisions/028-prevue-shown-as-prevue.md). */
          dScore: z.number().int().min(0).max(100).nullable(),
          iScore: z.number().int().min(0).max(100).nullable(),
          sScore: z.number().int().min(0).max(100).nullable(),
          cScore: z.number().int().min(0).max(100).nullable(),
          primaryType: DiscTypeSchema.nullable(),
          scoresData: PrevueScoresSchema.nullable(),
        })
        .superRefine((row, context) => {
          if (row.owner && row.owner.id !== row.userId)
            context.addIssue({ code: 'custom', message: 'The owner is not the account of userId' })
          const disc = [row.dScore, row.iScore, row.sScore, row.cScore, row.primaryType]
          const consistent =
            row.assessmentType === 'disc'
              ? disc.every((value) => value !== null) && row.scoresData === null
              : disc.every((value) => value === null) && row.scoresData !== null
          if (!consistent)
            context.addIssue({
              code: 'custom',
              message:
                row.assessmentType === 'disc'
                  ? 'A DISC row needs its four scores and primary type, and no Prevue scores'
                  : 'A Prevue row needs its Prevue scores, and no DISC scores or primary type',
            })
        }),
    )
    .min(1)
    .max(IMPORT_BATCH_MAX),
})
export type InternalAssessmentImportRequest = z.infer<typeof InternalAssessmentImportRequestSchema>

export const InternalAssessmentImportResponseSchema = z.object({
  results: z.array(
    z.object({
      importKey: z.string(),
      status: z.enum(['created', 'existing']),
      assessmentId: z.number().int().positive(),
    }),
  ),
})
export type InternalAssessmentImportResponse = z.infer<typeof InternalAssessmentImportResponseSchema>
