import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { api } from '@app/contracts/api'
import { SCIM_LIST_SCHEMA, SCIM_MAX_RESULTS, SCIM_MEDIA_TYPE } from '@app/contracts/scim'
import { GUEST_ROLES, ROLES } from '@app/domain/roles'
import { scimRouteOptions } from '@app/kit/api-route'
import type { ZodTypeProvider } from '@app/kit/validation'
import type { StoredUser, UsersRepository } from '../repositories/users-repository.ts'
import type { ScimTokenHolder, ScimTokensRepository } from '../repositories/scim-tokens-repository.ts'
import {
  applyScimState,
  createScimAccount,
  deleteScimAccount,
  isScimManaged,
  type ScimAccountDependencies,
} from '../scim/scim-accounts.ts'
import { resourceTypes, schemas, serviceProviderConfig } from '../scim/scim-discovery.ts'
import { registerScimErrorHandling, scimProblems } from '../scim/scim-errors.ts'
import { filterOf } from '../scim/scim-filter.ts'
import { patchedState } from '../scim/scim-patch.ts'
import { stateOfRequest, toScimUser, versionOf, type ScimAccountState } from '../scim/scim-user-resource.ts'

export interface ScimRoutesOptions extends ScimAccountDependencies {
  users: UsersRepository
  tokens: ScimTokensRepository
  publicUrl: string
}

const BEARER = /^Bearer +(\S+)$/i
const STAFF_ROLES = ROLES.filter((role) => !(GUEST_ROLES as readonly string[]).includes(role))

/** The account a SCIM id names, among those SCIM manages; 404 otherwise. */
async function managedUser(users: UsersRepository, id: string): Promise<StoredUser> {
  const user = /^\d{1,15}$/.test(id) ? await users.findById(Number(id)) : null
  if (!isScimManaged(user)) throw scimProblems.notFound(id)
  return user
}

/** A stale `If-Match` refuses the write (RFC 7644 section 3.14); `*` and an absent header do not. */
function checkIfMatch(request: FastifyRequest, user: StoredUser): Date | undefined {
  const header = request.headers['if-match']
  if (typeof header !== 'string' || header.trim() === '*') return undefined
  const strip = (tag: string) => tag.trim().replace(/^W\//, '')
  const current = strip(versionOf(user))
  if (!header.split(',').some((tag) => strip(tag) === current)) throw scimProblems.stale()
  return user.updatedAt
}

/**
 * SCIM 2.0 provisioning (RFC 7644) for SCIM clients holding a token an administrator created; every change
 * goes through the same repository, session ends and events as an administrator's edit
 * (docs/decisions/064-scim-provisioning.md).
 */
export async function scimRoutes(app: FastifyInstance, options: ScimRoutesOptions) {
  const { users, tokens } = options
  const baseUrl = `${options.publicUrl.replace(/\/$/, '')}/scim/v2`
  const routes = app.withTypeProvider<ZodTypeProvider>()
  // The token each request came with: a deletion is recorded as asked by the administrator who created it.
  const tokenOf = new WeakMap<FastifyRequest, ScimTokenHolder>()
  registerScimErrorHandling(app)
  app.addContentTypeParser(SCIM_MEDIA_TYPE, { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'))
  app.addHook('onRequest', async (request) => {
    const match = BEARER.exec(request.headers.authorization ?? '')
    const token = match ? await tokens.verify(match[1]!) : null
    if (!token) throw scimProblems.unauthorized()
    tokenOf.set(request, token)
  })
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (String(reply.getHeader('content-type') ?? '').startsWith('application/json'))
      reply.type(`${SCIM_MEDIA_TYPE}; charset=utf-8`)
    done(null, payload)
  })
  const answer = (reply: FastifyReply, user: StoredUser) => {
    const resource = toScimUser(user, baseUrl)
    reply.header('etag', resource.meta.version)
    return resource
  }

  routes.get(api.scimServiceProviderConfig.path, scimRouteOptions(api.scimServiceProviderConfig), async () =>
    serviceProviderConfig(baseUrl),
  )
  routes.get(api.scimResourceTypes.path, scimRouteOptions(api.scimResourceTypes), async () =>
    resourceTypes(baseUrl),
  )
  routes.get(api.scimSchemas.path, scimRouteOptions(api.scimSchemas), async () => schemas(baseUrl))

  routes.get(api.scimListUsers.path, scimRouteOptions(api.scimListUsers), async (request) => {
    const { filter, startIndex, count } = request.query
    const start = Math.max(1, startIndex ?? 1)
    const limit = Math.min(SCIM_MAX_RESULTS, Math.max(0, count ?? SCIM_MAX_RESULTS))
    const page = await users.page(
      {
        $and: [
          { role: { $in: [...STAFF_ROLES] } },
          { deletionStartedAt: { $exists: false } },
          filterOf(filter),
        ],
      },
      start - 1,
      limit,
    )
    return {
      schemas: [SCIM_LIST_SCHEMA],
      totalResults: page.total,
      startIndex: start,
      itemsPerPage: page.users.length,
      Resources: page.users.map((user) => toScimUser(user, baseUrl)),
    }
  })

  routes.post(api.scimCreateUser.path, scimRouteOptions(api.scimCreateUser), async (request, reply) => {
    const user = await createScimAccount(options, stateOfRequest(request.body))
    reply.header('location', `${baseUrl}/Users/${user.id}`)
    return reply.status(201).send(answer(reply, user))
  })

  routes.get(api.scimGetUser.path, scimRouteOptions(api.scimGetUser), async (request, reply) =>
    answer(reply, await managedUser(users, request.params.id)),
  )

  /** A replace or a patch, asked by the client whose token this request carried (recorded as its creator's). */
  const apply = (
    request: FastifyRequest,
    user: StoredUser,
    state: ScimAccountState,
    expectedUpdatedAt?: Date,
  ) =>
    applyScimState(
      options,
      { request, token: tokenOf.get(request)! },
      user,
      state,
      expectedUpdatedAt ? { expectedUpdatedAt } : {},
    )

  routes.put(api.scimReplaceUser.path, scimRouteOptions(api.scimReplaceUser), async (request, reply) => {
    const user = await managedUser(users, request.params.id)
    const expectedUpdatedAt = checkIfMatch(request, user)
    return answer(reply, await apply(request, user, stateOfRequest(request.body), expectedUpdatedAt))
  })

  routes.patch(api.scimPatchUser.path, scimRouteOptions(api.scimPatchUser), async (request, reply) => {
    const user = await managedUser(users, request.params.id)
    const expectedUpdatedAt = checkIfMatch(request, user)
    return answer(reply, await apply(request, user, patchedState(user, request.body), expectedUpdatedAt))
  })

  routes.delete(api.scimDeleteUser.path, scimRouteOptions(api.scimDeleteUser), async (request, reply) => {
    const user = await managedUser(users, request.params.id)
    checkIfMatch(request, user)
    await deleteScimAccount(options, request, user, tokenOf.get(request)!)
    return reply.status(204).send(null)
  })
}
