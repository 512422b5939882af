import type { FastifyInstance } from 'fastify'
import { api } from '@app/contracts/api'
import { PROFILE_SEARCH_NAME_MAX } from '@app/contracts/profiles'
import { apiRouteOptions } from '@app/kit/api-route'
import { userOf } from '@app/kit/service'
import type { ZodTypeProvider } from '@app/kit/validation'
import { accessibleProfiles, withAccess } from '../access.ts'
import { profilesErrors } from '../errors.ts'
import type { ProfileCatalog } from '../profile-catalog.ts'
import { cachedJsonBody, sendJsonBody } from './json-body-cache.ts'

/** The profiles a caller may see (decision 037) and the search over them (docs/requirements.md section 5). */
export async function profileRoutes(app: FastifyInstance, options: { catalog: ProfileCatalog }) {
  const { catalog } = options
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const lists = [
    [api.accessibleProfiles, 'accessible'],
    [api.allProfiles, 'all'],
  ] as const
  for (const [route, scope] of lists) {
    routes.get(route.path, apiRouteOptions(route), async (request, reply) => {
      const identity = userOf(request)
      const view = await catalog.view(identity.userId)
      const access = accessibleProfiles(view, identity, scope)
      const body = cachedJsonBody(view, `${scope}:${access.key}`, access.scope, () =>
        access.profiles().map((profile) => withAccess(profile, access)),
      )
      return sendJsonBody(reply, body)
    })
  }

  routes.get(api.searchProfiles.path, apiRouteOptions(api.searchProfiles), async (request) => {
    const identity = userOf(request)
    const typed = request.query.name.trim()
    if (!typed) throw profilesErrors.searchNameRequired()
    if (typed.length > PROFILE_SEARCH_NAME_MAX) throw profilesErrors.searchNameTooLong()
    const view = await catalog.view(identity.userId)
    const access = accessibleProfiles(view, identity)
    // The caller's list is assembled only when their index must be built again, never per search.
    const index = view.nameIndex(access.key, access.scope, access.profiles)
    const { match, others } = index.match(typed)
    return { match: match ? withAccess(match, access) : null, others }
  })
}
