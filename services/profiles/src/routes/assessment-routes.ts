import type { FastifyInstance } from 'fastify'
import { api } from '@app/contracts/api'
import { apiRouteOptions } from '@app/kit/api-route'
import { createIdempotency, idempotentRouteOptions } from '@app/kit/idempotency'
import type { KeyValueStore } from '@app/kit/kv/port'
import { primaryType } from '@app/domain/disc'
import { userOf } from '@app/kit/service'
import type { ZodTypeProvider } from '@app/kit/validation'
import { isAdministrator } from '../access.ts'
import type { ProfileCatalog } from '../profile-catalog.ts'
import type { AssessmentsRepository } from '../repositories/assessments-repository.ts'
import { defaultNameOf, type PeopleRepository } from '../repositories/people-repository.ts'
import { saveAssessment } from '../save-assessments.ts'
import { cachedJsonBody, sendJsonBody } from './json-body-cache.ts'

export interface AssessmentRoutesOptions {
  assessments: AssessmentsRepository
  people: PeopleRepository
  catalog: ProfileCatalog
  /** Holds Idempotency-Keys of saves, so a client's retry never stores a second profile. */
  kv: KeyValueStore
}

/** Saving and listing assessments; the owner is always the session's user (decision 036). */
export async function assessmentRoutes(app: FastifyInstance, options: AssessmentRoutesOptions) {
  const { assessments, people, catalog, kv } = options
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const saveIdempotency = createIdempotency({
    kv,
    scope: 'profiles:save-assessment',
    errorPrefix: 'PROFILES',
  })

  // Guests only view what was shared with them: the catalog gives saving to administrators and standard users.
  const saveOptions = idempotentRouteOptions(apiRouteOptions(api.saveAssessment), saveIdempotency)
  routes.post(api.saveAssessment.path, saveOptions, async (request, reply) => {
    const identity = userOf(request)
    const body = request.body
    // Without a name, the profile shows its owner's, and follows it when auth announces an edit.
    const person = body.name ? null : await people.findByUserId(identity.userId)
    const name = body.name || (person ? defaultNameOf(person) : identity.username)
    const disc =
      body.assessmentType === 'disc'
        ? { D: body.dScore, I: body.iScore, S: body.sScore, C: body.cScore }
        : null
    const { profile } = await saveAssessment(
      { assessments, catalog },
      {
        userId: identity.userId,
        name,
        namedAfterOwner: !body.name,
        assessmentType: body.assessmentType,
        dScore: body.dScore,
        iScore: body.iScore,
        sScore: body.sScore,
        cScore: body.cScore,
        primaryType: disc ? primaryType(disc) : null,
        scoresData: body.scoresData,
        answers: body.answers,
        timestamp: new Date().toISOString(),
      },
    )
    request.log.info(
      { event: 'assessment_saved', profileId: profile.id, assessmentType: profile.assessmentType },
      'assessment saved',
    )
    return reply.status(201).send(profile)
  })

  routes.get(api.listAssessments.path, apiRouteOptions(api.listAssessments), async (request, reply) => {
    const identity = userOf(request)
    const view = await catalog.view()
    const everyone = isAdministrator(identity)
    const body = everyone
      ? cachedJsonBody(view, 'assessments:all', 'everyone', () => view.all())
      : cachedJsonBody(view, `assessments:${identity.userId}`, { owners: [identity.userId] }, () =>
          view.ofOwner(identity.userId),
        )
    return sendJsonBody(reply, body)
  })
}
