import type { FastifyInstance } from 'fastify'
import type {
  InternalAssessmentImportRequest,
  InternalAssessmentImportResponse,
} from '@app/contracts/imports'
import { internalApi } from '@app/contracts/internal'
import { internalRouteOptions } from '@app/kit/api-route'
import { creationsOf, importKeyBatch, type FirstOfKey } from '@app/kit/import-batch'
import type { ZodTypeProvider } from '@app/kit/validation'
import type { ProfileCatalog } from '../../profile-catalog.ts'
import type { AssessmentsRepository } from '../../repositories/assessments-repository.ts'
import { defaultNameOf, emailOf, type PeopleRepository } from '../../repositories/people-repository.ts'
import { saveAssessments, type OwnerName } from '../../save-assessments.ts'

type Result = InternalAssessmentImportResponse['results'][number]
type Row = InternalAssessmentImportRequest['assessments'][number]
interface Options {
  assessments: AssessmentsRepository
  catalog: ProfileCatalog
  people: PeopleRepository
}

/**
 * Assessments for an import (import → profiles), one per imported user, saved the way the page saves one
 * so that lists and search show them at once. Each carries its row's import key: a batch sent again
 * answers the assessments made the first time and saves nothing (importKeyBatch in @app/kit/import-batch).
 */
export async function assessmentImportRoutes(app: FastifyInstance, options: Options) {
  const { assessments } = options
  const routes = app.withTypeProvider<ZodTypeProvider>()

  const { importAssessments } = internalApi
  routes.post(importAssessments.path, internalRouteOptions(importAssessments), async (request) => {
    const rows = request.body.assessments
    // The people first, so that the change announcing the profiles names them (decision 047).
    const introduced = await options.people.introduceAll(
      rows.flatMap((row) => (row.owner ? [row.owner] : [])),
    )
    const owners: OwnerName[] = introduced.map((person) => ({
      userId: person.userId,
      defaultName: defaultNameOf(person),
      email: emailOf(person),
    }))
    let created = 0
    const results = await importKeyBatch<Row, Result>(rows, {
      earlier: async (keys) =>
        new Map(
          [...(await assessments.idsByImportKeys(keys))].map(([importKey, assessmentId]) => [
            importKey,
            { importKey, status: 'existing', assessmentId },
          ]),
        ),
      settle: async (firsts) => {
        const settled = await saveNew(options, firsts, owners)
        created += settled.filter((result) => result.status === 'created').length
        return settled
      },
      // A key repeated inside the batch answers the assessment its first row made.
      repeat: (row, first) => ({
        importKey: row.importKey,
        status: 'existing',
        assessmentId: first.assessmentId,
      }),
    })
    // A batch sent again saves nothing new, yet its people are named in one change all the same.
    if (created === 0 && owners.length > 0) await saveAssessments(options, [], owners)
    request.log.info(
      { event: 'assessments_imported', rows: rows.length, created },
      'import batch of assessments',
    )
    return { results }
  })
}

/** Saves the first row of each new key at once, answering each as created or, raced, as existing. */
async function saveNew(
  options: Options,
  firsts: Array<FirstOfKey<Row>>,
  owners: OwnerName[],
): Promise<Result[]> {
  const timestamp = new Date().toISOString()
  const batch = firsts.map(({ row: { importKey, owner: _owner, ...row } }) => ({
    ...row,
    // The imported profile names its owner, and follows the name auth announces for them.
    namedAfterOwner: true,
    answers: [],
    timestamp,
    importKey,
  }))
  const outcomes = (await saveAssessments(options, batch, owners)).map((outcome) =>
    outcome.status === 'fulfilled' ? { ...outcome, value: outcome.value.profile.id } : outcome,
  )
  // The same batch ran concurrently and saved a row first: its assessment is the answer.
  const creations = await creationsOf(firsts, outcomes, async ({ row }) =>
    (await options.assessments.idsByImportKeys([row.importKey])).get(row.importKey),
  )
  return creations.map((creation, position) => {
    const { importKey } = firsts[position]!.row
    if (creation.status === 'taken') throw creation.error
    return { importKey, status: creation.status, assessmentId: creation.made }
  })
}
