import type { FastifyInstance } from 'fastify'
import { ErrorBodySchema } from '@app/contracts/errors'
import { ProfileListSchema, ProfileSchema, SaveAssessmentRequestSchema } from '@app/contracts/profiles'
import { primaryType } from '@app/domain/disc'
import type { Identity } from '@app/kit/identity'
import type { ZodTypeProvider } from '@app/kit/validation'
import { isAdministrator } from '../access.ts'
import { profilesErrors } from '../errors.ts'
import type { ProfileCatalog } from '../profile-catalog.ts'
import type { AssessmentsRepository } from '../repositories/assessments-repository.ts'
import type { PeopleRepository } from '../repositories/people-repository.ts'
import { sendJsonText, signedIn } from './route-helpers.ts'

export interface AssessmentRoutesOptions {
  assessments: AssessmentsRepository
  people: PeopleRepository
  catalog: ProfileCatalog
}

const SAVING_ROLES: ReadonlySet<Identity['role']> = new Set(['administrator', 'standard'])

/** Saving and listing assessments; the owner is always the session's user (DESIGN.md decision 6). */
export async function assessmentRoutes(app: FastifyInstance, options: AssessmentRoutesOptions) {
  const { assessments, people, catalog } = options
  const routes = app.withTypeProvider<ZodTypeProvider>()

  routes.post(
    '/api/assessments',
    {
      schema: {
        body: SaveAssessmentRequestSchema,
        response: { 201: ProfileSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const identity = signedIn(request.identity)
      if (!SAVING_ROLES.has(identity.role)) throw profilesErrors.cannotSave()
      const body = request.body
      const name = body.name || (await people.findByUserId(identity.userId))?.name.trim() || identity.username
      const profile = await assessments.create({
        userId: identity.userId,
        name,
        assessmentType: body.assessmentType,
        dScore: body.dScore,
        iScore: body.iScore,
        sScore: body.sScore,
        cScore: body.cScore,
        primaryType: primaryType({ D: body.dScore, I: body.iScore, S: body.sScore, C: body.cScore }),
        scoresData: body.scoresData,
        answers: body.answers,
        timestamp: new Date().toISOString(),
      })
      await catalog.added(profile)
      request.log.info(
        { event: 'assessment_saved', profileId: profile.id, assessmentType: profile.assessmentType },
        'assessment saved',
      )
      return reply.status(201).send(profile)
    },
  )

  routes.get(
    '/api/assessments',
    { schema: { response: { 200: ProfileListSchema, 401: ErrorBodySchema } } },
    async (request, reply) => {
      const identity = signedIn(request.identity)
      const view = await catalog.view()
      const everyone = isAdministrator(identity)
      const body = view.cachedText(everyone ? 'assessments:all' : `assessments:${identity.userId}`, () =>
        JSON.stringify(everyone ? view.all : view.ofOwner(identity.userId)),
      )
      return sendJsonText(reply, body)
    },
  )
}
