import type { ApiSession } from './api.ts'

export type ScimAnswer = { status: number; body: any; headers: Headers } // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * A SCIM client of the product, as Entra ID or Okta calls it from their servers: no cookie, no Origin, its
 * bearer token and SCIM's media type (RFC 7644 section 3.1).
 */
export function scimClient(baseUrl: string, token: () => string | undefined) {
  return async (method: string, path: string, body?: unknown): Promise<ScimAnswer> => {
    const bearer = token()
    const response = await fetch(new URL(`/scim/v2${path}`, baseUrl), {
      method,
      headers: {
        accept: 'application/scim+json',
        ...(bearer === undefined ? {} : { authorization: `Bearer ${bearer}` }),
        ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }),
      },
      body: body === undefined ? null : JSON.stringify(body),
    })
    const text = await response.text()
    return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers }
  }
}

/** A SCIM token an administrator created through the admin API; the one time it is shown. */
export async function createScimToken(
  administrator: ApiSession,
  label: string,
): Promise<{ id: string; token: string }> {
  return (await administrator.expect(201, 'POST', '/api/admin/scim-tokens', { label })) as {
    id: string
    token: string
  }
}

/** Okta's create request (its SCIM 2.0 reference), for one person with a password Okta pushes. */
export function oktaUser(email: string, password: string, givenName = 'Robin', familyName = 'Hale') {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
    userName: email,
    name: { givenName, familyName },
    emails: [{ primary: true, value: email, type: 'work' }],
    displayName: `${givenName} ${familyName}`,
    locale: 'en-US',
    externalId: `okta-${email}`,
    groups: [],
    password,
    active: true,
  }
}

/** Okta's deactivation and reactivation: a PATCH without a path. */
export const oktaSetActive = (active: boolean) => ({
  schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
  Operations: [{ op: 'replace', value: { active } }],
})

/** Entra ID's disable: `Replace` with the path `active`. */
export const entraDisable = {
  schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
  Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
}
