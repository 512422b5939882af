import type { FastifyInstance } from 'fastify'
import { ErrorBodySchema } from '@app/contracts/errors'
import {
  InternalAssessmentImportRequestSchema,
  InternalAssessmentImportResponseSchema,
  type InternalAssessmentImportResponse,
} from '@app/contracts/imports'
import { DuplicateKeyError } from '@app/kit/store/port'
import type { ZodTypeProvider } from '@app/kit/validation'
import type { ProfileCatalog } from '../../profile-catalog.ts'
import type { AssessmentsRepository, NewAssessment } from '../../repositories/assessments-repository.ts'
import { defaultNameOf, emailOf, type PeopleRepository } from '../../repositories/people-repository.ts'
import { saveAssessments } from '../../saving.ts'

type Result = InternalAssessmentImportResponse['results'][number]

/** A batch of 500 Prevue rows whose names are all escaped characters is still far below this. */
const BATCH_BODY_LIMIT_BYTES = 8 * 1_048_576

/**
 * Assessments for an import (import → profiles), one per imported user, saved the way the page saves one
 * so that lists and search show them at once. Each carries its row's import key: a batch sent again
 * answers the assessments made the first time and saves nothing.
 */
export async function assessmentImportRoutes(
  app: FastifyInstance,
  options: { assessments: AssessmentsRepository; catalog: ProfileCatalog; people: PeopleRepository },
) {
  const { assessments, people } = options
  const routes = app.withTypeProvider<ZodTypeProvider>()

  routes.post(
    '/internal/assessments/import',
    {
      config: { access: { services: ['import'] } },
      bodyLimit: BATCH_BODY_LIMIT_BYTES,
      schema: {
        body: InternalAssessmentImportRequestSchema,
        response: {
          200: InternalAssessmentImportResponseSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const rows = request.body.assessments
      // The people first, so that the change announcing the profiles names them (decision 047).
      const owners = await people.introduceAll(rows.flatMap((row) => (row.owner ? [row.owner] : [])))
      const earlier = await assessments.idsByImportKeys(rows.map((row) => row.importKey))
      const results: Array<Result | undefined> = rows.map((row) => {
        const id = earlier.get(row.importKey)
        return id === undefined
          ? undefined
          : { importKey: row.importKey, status: 'existing', assessmentId: id }
      })
      const timestamp = new Date().toISOString()
      const pending = new Map<string, { index: number; assessment: NewAssessment }>()
      for (const [index, { importKey, owner: _owner, ...row }] of rows.entries()) {
        if (results[index] || pending.has(importKey)) continue
        pending.set(importKey, {
          index,
          assessment: {
            ...row,
            // The imported profile names its owner, and follows the name auth announces for them.
            namedAfterOwner: true,
            answers: [],
            timestamp,
            importKey,
          },
        })
      }
      const batch = [...pending.values()]
      const outcomes = await saveAssessments(
        options,
        batch.map((entry) => entry.assessment),
        owners.map((person) => ({
          userId: person.userId,
          defaultName: defaultNameOf(person),
          email: emailOf(person),
        })),
      )
      const created = new Map<string, number>()
      for (const [position, outcome] of outcomes.entries()) {
        const { index, assessment } = batch[position]!
        const importKey = assessment.importKey!
        if (outcome.status === 'fulfilled') {
          created.set(importKey, outcome.value.profile.id)
          results[index] = { importKey, status: 'created', assessmentId: outcome.value.profile.id }
          continue
        }
        // The same batch ran concurrently and saved this row first.
        if (!(outcome.reason instanceof DuplicateKeyError)) throw outcome.reason
        const raced = (await assessments.idsByImportKeys([importKey])).get(importKey)
        if (raced === undefined) throw outcome.reason
        results[index] = { importKey, status: 'existing', assessmentId: raced }
      }
      // A key repeated inside the batch answers the assessment its first row made.
      for (const [index, row] of rows.entries()) {
        if (results[index]) continue
        const first = results[pending.get(row.importKey)!.index]!
        results[index] = { importKey: row.importKey, status: 'existing', assessmentId: first.assessmentId }
      }
      request.log.info(
        { event: 'assessments_imported', rows: rows.length, created: created.size },
        'import batch of assessments',
      )
      return { results: results as Result[] }
    },
  )
}
