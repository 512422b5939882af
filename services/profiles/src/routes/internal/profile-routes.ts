import type { FastifyInstance } from 'fastify'
import { internalApi } from '@app/contracts/internal'
import { internalRouteOptions } from '@app/kit/api-route'
import type { ZodTypeProvider } from '@app/kit/validation'
import { accessibleProfiles, visibleProfile, withAccess } from '../../access.ts'
import { profilesErrors } from '../../errors.ts'
import type { ProfileCatalog } from '../../profile-catalog.ts'

/**
 * Profiles read by another service on behalf of a user (advice loads the profiles a question is about;
 * sharing asks whether an inviter has a profile to share).
 * The caller names the user; this service applies that user's access rules, as for its own routes.
 */
export async function internalProfileRoutes(app: FastifyInstance, options: { catalog: ProfileCatalog }) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const { profileForUser, ownedProfiles } = internalApi
  routes.get(profileForUser.path, internalRouteOptions(profileForUser), async (request) => {
    const actingFor = request.identity
    if (!actingFor) throw profilesErrors.profileForbidden()
    const view = await options.catalog.view(actingFor.userId)
    const profile = visibleProfile(view, actingFor, request.params.id)
    if (!profile) throw profilesErrors.profileForbidden()
    return withAccess(profile, accessibleProfiles(view, actingFor))
  })

  // Sharing refuses an invitation while its sender has no profile to share: the invitee would get nothing.
  routes.get(ownedProfiles.path, internalRouteOptions(ownedProfiles), async (request) => {
    const actingFor = request.identity
    if (!actingFor) throw profilesErrors.profileForbidden()
    const view = await options.catalog.view(actingFor.userId)
    return { owned: view.ofOwner(actingFor.userId).length }
  })
}
