import type { FastifyInstance } from 'fastify'
import { api } from '@app/contracts/api'
import { apiRouteOptions } from '@app/kit/api-route'
import { authErrors } from '../errors.ts'
import { userOf } from '@app/kit/service'
import type { ZodTypeProvider } from '@app/kit/validation'
import type { ScimTokensRepository } from '../repositories/scim-tokens-repository.ts'

/** The administrator's SCIM tokens: shown once at creation, kept only as hashes (decision 064). */
export async function scimTokenRoutes(app: FastifyInstance, options: { tokens: ScimTokensRepository }) {
  const { tokens } = options
  const routes = app.withTypeProvider<ZodTypeProvider>()

  routes.get(api.listScimTokens.path, apiRouteOptions(api.listScimTokens), async () => tokens.list())

  routes.post(api.createScimToken.path, apiRouteOptions(api.createScimToken), async (request, reply) => {
    const label = request.body.label.trim()
    if (!label) throw authErrors.scimTokenLabelRequired()
    const administratorId = userOf(request).userId
    const created = await tokens.create(label, administratorId)
    request.log.info(
      { event: 'scim_token_created', tokenId: created.id, by: administratorId },
      'SCIM token created',
    )
    return reply.status(201).send(created)
  })

  routes.delete(api.revokeScimToken.path, apiRouteOptions(api.revokeScimToken), async (request) => {
    if (!(await tokens.revoke(request.params.id))) throw authErrors.scimTokenNotFound()
    request.log.info(
      { event: 'scim_token_revoked', tokenId: request.params.id, by: userOf(request).userId },
      'SCIM token revoked',
    )
    return { message: 'SCIM token revoked' }
  })
}
