import type { FastifyInstance } from 'fastify'
import { api } from '@app/contracts/api'
import { internalApi } from '@app/contracts/internal'
import { createServiceClient } from '@app/kit/service-client'
import type { Identity } from '@app/kit/identity'
import { AppError } from '@app/kit/errors'
import { registerRequestIdContext } from '@app/kit/logger'
import type { ServiceName } from '../config.ts'
import { exportArchive, type TableSources } from '../account-export/archive.ts'

/**
 * `GET /api/account/export` (docs/decisions/060-download-my-data.md): the gateway asks each service for its
 * part of the signed-in user's data, acting for that user only, and streams the zip as the parts arrive.
 */
export async function accountExportRoutes(
  app: FastifyInstance,
  options: { serviceUrls: Record<ServiceName, string>; privateKey: string; now?: () => Date },
) {
  const client = (target: 'auth' | 'profiles' | 'sharing') =>
    createServiceClient({
      caller: 'gateway',
      target,
      baseUrl: options.serviceUrls[target],
      privateKey: options.privateKey,
    })
  const auth = client('auth')
  const profiles = client('profiles')
  const sharing = client('sharing')
  const now = options.now ?? (() => new Date())
  // Its calls carry this request's id and the client's address as the gateway resolved it, as a proxied
  // request does: auth records the export from that address (docs/decisions/059-audit-log.md).
  registerRequestIdContext(app, (request) => request.ip)

  app.get(api.accountExport.path, async (request, reply) => {
    const session = request.session
    // The route table lets only signed-in users through; this keeps the handler honest on its own.
    if (!session) throw new AppError(401, 'GATEWAY_UNAUTHENTICATED', 'Please log in to continue')
    const actingFor: Identity = {
      userId: session.userId,
      role: session.role,
      username: session.username,
      mustChangePassword: session.mustChangePassword,
    }
    // First and whole: a refusal (an account being deleted) answers before any byte of the archive.
    const account = await auth.request(internalApi.exportAccount, { actingFor })
    const sources: TableSources = {
      profiles: () => profiles.lines(internalApi.exportProfiles, { actingFor }),
      invitations: () => sharing.lines(internalApi.exportInvitations, { actingFor }),
      access: () => sharing.lines(internalApi.exportAccess, { actingFor }),
      accessHistory: () => sharing.lines(internalApi.exportAccessHistory, { actingFor }),
    }
    const exportedAt = now()
    const archive = exportArchive(account, sources, exportedAt)
    archive.on('error', (error) => request.log.error({ err: error }, 'the data export failed half-way'))
    return reply
      .type(api.accountExport.produces)
      .header(
        'content-disposition',
        `attachment; filename="my-data-${exportedAt.toISOString().slice(0, 10)}.zip"`,
      )
      .header('cache-control', 'no-store')
      .send(archive)
  })
}
