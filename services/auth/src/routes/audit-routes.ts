import type { FastifyInstance } from 'fastify'
import { api } from '@app/contracts/api'
import { CSV_CONTENT_TYPE } from '@app/contracts/api/audit-routes'
import { AUDIT_CSV_COLUMNS, type AuditEntry } from '@app/contracts/audit'
import { csvRecord } from '@app/domain/csv-cell'
import { apiRouteOptions } from '@app/kit/api-route'
import type { ZodTypeProvider } from '@app/kit/validation'
import type { AuditFilter, AuditRepository } from '../repositories/audit-repository.ts'

/** Records read from the store at a time while the CSV is written. */
const CSV_PAGE = 1000
/** The newest records a download holds; the filters narrow a longer log down. */
export const AUDIT_CSV_MAX_ROWS = 100_000

const dateOf = (text: string | undefined) => (text === undefined ? undefined : new Date(text))

function filterOf(query: { person?: number; kind?: AuditEntry['kind']; from?: string; to?: string }) {
  return {
    person: query.person,
    kind: query.kind,
    from: dateOf(query.from),
    to: dateOf(query.to),
  } satisfies AuditFilter
}

/** `fields=email password; fromRole=guest_owner`: the details as one readable cell. */
function detailsText(details: AuditEntry['details']): string {
  return Object.entries(details)
    .map(([key, value]) => `${key}=${Array.isArray(value) ? value.join(' ') : String(value)}`)
    .join('; ')
}

function csvRow(entry: AuditEntry): string {
  const text = (value: number | undefined) => (value === undefined ? '' : String(value))
  return csvRecord([
    entry.at,
    entry.kind,
    text(entry.actor?.id),
    entry.actor?.role ?? '',
    text(entry.subject.userId),
    text(entry.subject.profileOwnerId),
    text(entry.subject.invitationId),
    detailsText(entry.details),
    entry.address,
    entry.requestId,
  ])
}

async function auditCsv(audit: AuditRepository, filter: AuditFilter): Promise<string> {
  const lines = [csvRecord(AUDIT_CSV_COLUMNS)]
  for (let skip = 0; skip < AUDIT_CSV_MAX_ROWS; skip += CSV_PAGE) {
    const { entries } = await audit.search(filter, { skip, limit: CSV_PAGE })
    lines.push(...entries.map(csvRow))
    if (entries.length < CSV_PAGE) break
  }
  return lines.join('')
}

/** The audit log for administrators: read only, so no route edits or deletes a record (decision 059). */
export async function auditRoutes(app: FastifyInstance, options: { audit: AuditRepository }) {
  const { audit } = options
  const routes = app.withTypeProvider<ZodTypeProvider>()

  routes.get(api.listAudit.path, apiRouteOptions(api.listAudit), async (request) => {
    const { page, pageSize, ...filters } = request.query
    const found = await audit.search(filterOf(filters), { skip: (page - 1) * pageSize, limit: pageSize })
    return { ...found, page, pageSize }
  })

  routes.get(api.downloadAudit.path, apiRouteOptions(api.downloadAudit), async (request, reply) => {
    const csv = await auditCsv(audit, filterOf(request.query))
    const day = new Date().toISOString().slice(0, 10)
    return reply
      .type(`${CSV_CONTENT_TYPE}; charset=utf-8`)
      .header('content-disposition', `attachment; filename="audit-log-${day}.csv"`)
      .header('cache-control', 'private, no-store')
      .send(csv)
  })
}
