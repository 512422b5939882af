import type { FastifyInstance } from 'fastify'
import fastifySwagger from '@fastify/swagger'
import { z } from 'zod'
import { ACCOUNT_EXPORT_FILES } from '@app/contracts/account-export'
import { api, apiRoutes, ErrorBodySchema, type ApiRoute } from '@app/contracts/api'
import { SCIM_MEDIA_TYPE, ScimErrorSchema } from '@app/contracts/scim'

export const API_DOCS_PATH = '/api/docs'
export const OPENAPI_PATH = '/api/docs/openapi.json'

type JsonSchema = Record<string, unknown>

/**
 * The files inside an archive answer, by route path, each by its schema: the data export's data.json and CSV
 * tables (decision 060). Kept here, not in the catalog row, so that the web app's bundle does not carry them.
 */
const ARCHIVE_FILES: Record<string, Record<string, z.ZodType>> = {
  [api.accountExport.path]: ACCOUNT_EXPORT_FILES,
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  // Requests are described as clients send them (before defaults), answers as clients receive them.
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' })
  return rest
}

function parameters(schema: z.ZodType | undefined, location: 'path' | 'query') {
  if (!schema) return []
  const described = jsonSchema(schema, 'input') as {
    properties?: Record<string, JsonSchema>
    required?: string[]
  }
  return Object.entries(described.properties ?? {}).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || (described.required ?? []).includes(name),
    schema: property,
  }))
}

function accessText(route: ApiRoute): string {
  if (route.access === 'public') return 'Anyone.'
  if (route.access === 'scim')
    return 'A SCIM client, with `Authorization: Bearer` and a token an administrator created (no session).'
  const who = route.access === 'signed-in' ? 'Any signed-in user' : `Signed-in ${route.access.join(' or ')}`
  return `${who}${route.duringPasswordChange ? ', also while a password change is pending' : ''}.`
}

function operation(route: ApiRoute) {
  const scim = route.access === 'scim'
  const mediaType = scim ? SCIM_MEDIA_TYPE : 'application/json'
  const error = {
    description: 'Error',
    content: { [mediaType]: { schema: jsonSchema(scim ? ScimErrorSchema : ErrorBodySchema, 'output') } },
  }
  return {
    summary: route.summary,
    description: `Who may call it: ${accessText(route)}`,
    tags: [route.target],
    'x-access': route.access,
    parameters: [...parameters(route.params, 'path'), ...parameters(route.querystring, 'query')],
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: { [mediaType]: { schema: jsonSchema(route.body, 'input') } },
          },
        }
      : {}),
    responses: {
      ...Object.fromEntries(
        Object.entries(route.responses).map(([status, schema]) => [
          status,
          {
            description: 'Success',
            content: { [route.produces ?? mediaType]: { schema: jsonSchema(schema, 'output') } },
            // An archive's files, each by its schema: the data export's data.json and CSV tables.
            ...(ARCHIVE_FILES[route.path]
              ? {
                  'x-archive-files': Object.fromEntries(
                    Object.entries(ARCHIVE_FILES[route.path]!).map(([name, file]) => [
                      name,
                      jsonSchema(file, 'output'),
                    ]),
                  ),
                }
              : {}),
          },
        ]),
      ),
      ...(route.redirect ? { '302': { description: 'Redirect the browser follows' } } : {}),
      '4XX': error,
      '5XX': error,
    },
  }
}

/** The OpenAPI 3.1 document of every route the gateway exposes, from the same catalog the gateway and services enforce. */
export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const route of apiRoutes) {
    const path = route.path.replaceAll(/:(\w+)/g, '{$1}')
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation(route) }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Prevue DISC Insights API',
      version: '1',
      description:
        'Every call goes through the gateway with the session cookie set by POST /api/auth/login. ' +
        'State-changing calls from a browser must come from the product’s own origin. Errors answer { message, code }.',
    },
    paths,
  }
}

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;')

/** A page an administrator can read without tools: every call, who may make it, and its shapes. */
function docsPage(document: ReturnType<typeof openApiDocument>): string {
  const sections = Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, details]) => {
      const { summary, description, requestBody, responses, parameters } = details as {
        summary: string
        description: string
        requestBody?: unknown
        responses: unknown
        parameters: unknown[]
      }
      const block = (title: string, value: unknown) =>
        `<details><summary>${title}</summary><pre>${escapeHtml(JSON.stringify(value, null, 2))}</pre></details>`
      return `<section><h2><code>${method.toUpperCase()} ${escapeHtml(path)}</code></h2><p>${escapeHtml(summary)}</p><p>${escapeHtml(description)}</p>${parameters.length ? block('Parameters', parameters) : ''}${requestBody ? block('Request body', requestBody) : ''}${block('Answers', responses)}</section>`
    }),
  )
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(document.info.title)}</title></head><body><main><h1>${escapeHtml(document.info.title)}</h1><p>${escapeHtml(document.info.description)}</p><p><a href="${OPENAPI_PATH}">OpenAPI document (JSON)</a></p>${sections.join('')}</main></body></html>`
}

/** `/api/docs` and its OpenAPI document; the route table decides who may read them. */
export async function apiDocsRoutes(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    mode: 'static',
    specification: { document: openApiDocument() as never },
  })
  app.get(OPENAPI_PATH, async () => app.swagger())
  app.get(API_DOCS_PATH, async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .send(docsPage(app.swagger() as ReturnType<typeof openApiDocument>)),
  )
}
