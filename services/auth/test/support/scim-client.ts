import { expect } from 'vitest'
import { SCIM_ERROR_SCHEMA, SCIM_LIST_SCHEMA, SCIM_USER_SCHEMA } from '@app/contracts/scim'
import { adminIdentity, as, type useAuthService } from './auth-app.ts'

type AuthContext = ReturnType<typeof useAuthService>

/** Creates a SCIM token as an administrator would, through the admin route; the answer's token. */
export async function createScimToken(context: AuthContext, label = 'Entra ID'): Promise<string> {
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/admin/scim-tokens',
    headers: as(adminIdentity),
    payload: { label },
  })
  expect(response.statusCode, response.body).toBe(201)
  return (response.json() as { token: string }).token
}

/**
 * A SCIM client of the auth service as the gateway forwards one: no session, its bearer token, and SCIM's media
 * type on bodies (RFC 7644 section 3.1).
 */
export function scimClient(context: AuthContext, token: () => string | undefined) {
  return async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
    const bearer = token()
    const response = await context.app.inject({
      method: method as 'GET',
      url: `/scim/v2${url}`,
      headers: {
        ...as(null),
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    })
    const json = response.body ? (JSON.parse(response.body) as Record<string, unknown>) : null
    return { status: response.statusCode, headers: response.headers, json: json as any } // eslint-disable-line @typescript-eslint/no-explicit-any
  }
}
export type ScimCall = ReturnType<typeof scimClient>

/** RFC 7643 section 8.2's User, as far as the product keeps it. */
export function expectScimUser(user: Record<string, unknown>, expected: Record<string, unknown>) {
  expect(user).toMatchObject({
    schemas: [SCIM_USER_SCHEMA],
    id: expect.stringMatching(/^\d+$/),
    meta: {
      resourceType: 'User',
      created: expect.any(String),
      lastModified: expect.any(String),
      location: `http://disc.test/scim/v2/Users/${user.id as string}`,
      version: expect.stringMatching(/^W\/".+"$/),
    },
    ...expected,
  })
}

/** RFC 7644 section 3.4.2's ListResponse. */
export function expectList(list: Record<string, unknown>, totalResults: number, startIndex = 1) {
  expect(list).toMatchObject({ schemas: [SCIM_LIST_SCHEMA], totalResults, startIndex })
  expect((list.Resources as unknown[]).length).toBe(list.itemsPerPage)
}

/** RFC 7644 section 3.12's error. */
export function expectScimError(
  answer: { status: number; headers: Record<string, unknown>; json: unknown },
  status: number,
  scimType?: string,
) {
  expect(answer.status, JSON.stringify(answer.json)).toBe(status)
  expect(String(answer.headers['content-type'])).toMatch(/^application\/scim\+json/)
  expect(answer.json).toMatchObject({
    schemas: [SCIM_ERROR_SCHEMA],
    status: String(status),
    detail: expect.any(String),
    ...(scimType ? { scimType } : {}),
  })
  if (!scimType) expect(answer.json).not.toHaveProperty('scimType')
}
