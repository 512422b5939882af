import type { FastifyInstance } from 'fastify'
import { ErrorBodySchema } from '@app/contracts/errors'
import {
  AccessibleProfileListSchema,
  PROFILE_SEARCH_NAME_MAX,
  ProfileSearchQuerySchema,
  ProfileSearchResponseSchema,
} from '@app/contracts/profiles'
import { userOf } from '@app/kit/service'
import type { ZodTypeProvider } from '@app/kit/validation'
import { accessibleProfiles, withAccess } from '../access.ts'
import { profilesErrors } from '../errors.ts'
import type { ProfileCatalog } from '../profile-catalog.ts'
import { sendJsonText } from './route-helpers.ts'

/** The profiles a caller may see (DESIGN.md decision 7) and the search over them (spec section 5). */
export async function profileRoutes(app: FastifyInstance, options: { catalog: ProfileCatalog }) {
  const { catalog } = options
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const listSchema = { response: { 200: AccessibleProfileListSchema, 401: ErrorBodySchema } }

  const lists = [
    ['/api/accessible-profiles', 'accessible'],
    ['/api/all-profiles', 'all'],
  ] as const
  for (const [url, scope] of lists) {
    routes.get(url, { config: { access: 'signed-in' }, schema: listSchema }, async (request, reply) => {
      const identity = userOf(request)
      const view = await catalog.view()
      const access = accessibleProfiles(view, identity, scope)
      // Serialized once per catalog state: 10,000 profiles make about 5 MB of JSON.
      const body = view.cachedText(`${scope}:${access.key}`, access.scope, () =>
        JSON.stringify(access.profiles.map((profile) => withAccess(profile, access))),
      )
      return sendJsonText(reply, body)
    })
  }

  routes.get(
    '/api/profiles/search',
    {
      config: { access: 'signed-in' },
      schema: {
        querystring: ProfileSearchQuerySchema,
        response: { 200: ProfileSearchResponseSchema, 400: ErrorBodySchema, 401: ErrorBodySchema },
      },
    },
    async (request) => {
      const identity = userOf(request)
      const typed = request.query.name.trim()
      if (!typed) throw profilesErrors.searchNameRequired()
      if (typed.length > PROFILE_SEARCH_NAME_MAX) throw profilesErrors.searchNameTooLong()
      const view = await catalog.view()
      const access = accessibleProfiles(view, identity)
      const { match, others } = view.nameIndex(access.key, access.scope, access.profiles).match(typed)
      return { match: match ? withAccess(match, access) : null, others }
    },
  )
}
