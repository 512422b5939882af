import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { ErrorBodySchema } from '@app/contracts/errors'
import { AccessibleProfileSchema, OwnedProfilesResponseSchema } from '@app/contracts/profiles'
import type { ZodTypeProvider } from '@app/kit/validation'
import { accessibleProfiles, visibleProfile, withAccess } from '../../access.ts'
import { profilesErrors } from '../../errors.ts'
import type { ProfileCatalog } from '../../profile-catalog.ts'

const ProfileIdParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
})

/**
 * Profiles read by another service on behalf of a user (advice loads the profiles a question is about;
 * sharing asks whether an inviter has a profile to share).
 * The caller names the user; this service applies that user's access rules, as for its own routes.
 */
export async function internalProfileRoutes(app: FastifyInstance, options: { catalog: ProfileCatalog }) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  routes.get(
    '/internal/profiles/:id',
    {
      config: { access: { services: ['advice'] } },
      schema: {
        params: ProfileIdParamsSchema,
        response: { 200: AccessibleProfileSchema, 403: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request) => {
      const actingFor = request.identity
      if (!actingFor) throw profilesErrors.profileForbidden()
      const view = await options.catalog.view(actingFor.userId)
      const profile = visibleProfile(view, actingFor, request.params.id)
      if (!profile) throw profilesErrors.profileForbidden()
      return withAccess(profile, accessibleProfiles(view, actingFor))
    },
  )

  // Sharing refuses an invitation while its sender has no profile to share: the invitee would get nothing.
  routes.get(
    '/internal/profiles/owned',
    {
      config: { access: { services: ['sharing'] } },
      schema: { response: { 200: OwnedProfilesResponseSchema, 403: ErrorBodySchema } },
    },
    async (request) => {
      const actingFor = request.identity
      if (!actingFor) throw profilesErrors.profileForbidden()
      const view = await options.catalog.view(actingFor.userId)
      return { owned: view.ofOwner(actingFor.userId).length }
    },
  )
}
