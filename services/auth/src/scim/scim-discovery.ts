import { SCIM_LIST_SCHEMA, SCIM_MAX_RESULTS, SCIM_USER_SCHEMA } from '@app/contracts/scim'

/**
 * The discovery documents (RFC 7644 section 4, shapes of RFC 7643 sections 5 to 7): what this provider
 * supports, fixed for a deployment. Only the User resource; no bulk, sort or password change endpoint.
 */
export function serviceProviderConfig(baseUrl: string) {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
    documentationUri: 'https://datatracker.ietf.org/doc/html/rfc7644',
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: SCIM_MAX_RESULTS },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: true },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'OAuth Bearer Token',
        description: 'A token an administrator creates on the SCIM tokens page',
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${baseUrl}/ServiceProviderConfig` },
  }
}

function userResourceType(baseUrl: string) {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
    id: 'User',
    name: 'User',
    endpoint: '/Users',
    description: 'An account of the product',
    schema: SCIM_USER_SCHEMA,
    meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/User` },
  }
}

const attribute = (
  name: string,
  options: { required?: boolean; uniqueness?: string; type?: string; mutability?: string } = {},
) => ({
  name,
  type: options.type ?? 'string',
  multiValued: false,
  required: options.required ?? false,
  caseExact: false,
  mutability: options.mutability ?? 'readWrite',
  returned: options.mutability === 'writeOnly' ? 'never' : 'default',
  uniqueness: options.uniqueness ?? 'none',
})

function userSchema(baseUrl: string) {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
    id: SCIM_USER_SCHEMA,
    name: 'User',
    description: 'User Account',
    attributes: [
      attribute('userName', { required: true, uniqueness: 'server' }),
      attribute('externalId'),
      {
        ...attribute('name', { type: 'complex' }),
        subAttributes: [attribute('givenName'), attribute('familyName'), attribute('formatted')],
      },
      attribute('displayName'),
      {
        ...attribute('emails', { type: 'complex' }),
        multiValued: true,
        subAttributes: [attribute('value'), attribute('type'), attribute('primary', { type: 'boolean' })],
      },
      attribute('active', { type: 'boolean' }),
      attribute('password', { mutability: 'writeOnly' }),
    ],
    meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${SCIM_USER_SCHEMA}` },
  }
}

const listOf = (resources: unknown[]) => ({
  schemas: [SCIM_LIST_SCHEMA],
  totalResults: resources.length,
  startIndex: 1,
  itemsPerPage: resources.length,
  Resources: resources,
})

export const resourceTypes = (baseUrl: string) => listOf([userResourceType(baseUrl)])
export const schemas = (baseUrl: string) => listOf([userSchema(baseUrl)])
