import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { TEST_KEYS } from '@app/kit/testing/service-dependencies'
import { ConfigError, parseConfig } from '@app/kit/config'
import { gatewayEnvSchema, SERVICES } from '../src/config.ts'

const required = {
  SESSION_SECRET: 'test-session-secret-0123456789abcdef',
  GATEWAY_PRIVATE_KEY: TEST_KEYS.gateway.privateKey,
  ...Object.fromEntries(SERVICES.map((name) => [`${name.toUpperCase()}_SERVICE_URL`, 'http://127.0.0.1:1'])),
}
const SECRET = 'the-client-secret-nobody-may-print'
const acme = {
  id: 'acme',
  name: 'Acme',
  issuer: 'https://login.acme.example/',
  clientId: 'product',
  emailDomains: ['Acme.example'],
  adminClaim: 'groups',
  adminValue: 'admins',
}

function problemsOf(env: Record<string, string>): string[] {
  try {
    parseConfig(gatewayEnvSchema, { ...required, ...env })
  } catch (error) {
    if (error instanceof ConfigError) return error.problems
    throw error
  }
  return []
}

describe('the OpenID Connect providers of the gateway config', () => {
  it('are none without OIDC_PROVIDERS', () => {
    expect(parseConfig(gatewayEnvSchema, required).oidcProviders).toEqual([])
  })

  it('take each secret from OIDC_CLIENT_SECRETS, or from the file OIDC_CLIENT_SECRETS_FILE names', () => {
    const fromEnv = parseConfig(gatewayEnvSchema, {
      ...required,
      OIDC_PROVIDERS: JSON.stringify([acme]),
      OIDC_CLIENT_SECRETS: JSON.stringify({ acme: SECRET }),
    })
    expect(fromEnv.oidcProviders).toEqual([
      {
        ...acme,
        emailDomains: ['acme.example'],
        passwordLogin: true,
        clientSecret: SECRET,
        clientSecretSource: 'OIDC_CLIENT_SECRETS',
      },
    ])
    // The secrets live only inside the providers: no key of the config holds them for a log to print.
    expect(Object.keys(fromEnv)).not.toContain('OIDC_CLIENT_SECRETS')

    const file = join(mkdtempSync(join(tmpdir(), 'oidc-secrets-')), 'secrets.json')
    writeFileSync(file, JSON.stringify({ acme: SECRET }))
    const fromFile = parseConfig(gatewayEnvSchema, {
      ...required,
      OIDC_PROVIDERS: JSON.stringify([acme]),
      OIDC_CLIENT_SECRETS_FILE: file,
    })
    expect(fromFile.oidcProviders[0]).toMatchObject({
      clientSecret: SECRET,
      clientSecretSource: `file ${file}`,
    })
  })

  it('stop start-up naming every bad key, and never print a secret', () => {
    expect(problemsOf({ OIDC_PROVIDERS: 'not json' })).toEqual([
      'OIDC_PROVIDERS: must be an array of providers in JSON',
    ])
    expect(problemsOf({ OIDC_PROVIDERS: JSON.stringify([acme]) })).toEqual([
      "OIDC_CLIENT_SECRETS: has no client secret for provider 'acme' (set OIDC_CLIENT_SECRETS or OIDC_CLIENT_SECRETS_FILE)",
    ])
    const bad = problemsOf({
      OIDC_PROVIDERS: JSON.stringify([
        { ...acme, issuer: 'http://login.acme.example/', emailDomains: [], extra: 1 },
        { ...acme, id: 'Bad Id' },
      ]),
      OIDC_CLIENT_SECRETS: `{"acme": "${SECRET}"`,
    })
    expect(bad.join('\n')).toContain(
      'OIDC_PROVIDERS.0.issuer: must be an https:// URL (http:// only on loopback)',
    )
    expect(bad.join('\n')).toContain('OIDC_PROVIDERS.0.emailDomains: must list at least one domain')
    expect(bad.join('\n')).toContain('OIDC_PROVIDERS.0')
    expect(bad.join('\n')).toContain(
      'OIDC_PROVIDERS.1.id: must be 1 to 32 lower-case letters, digits or hyphens',
    )
    expect(bad.join('\n')).toContain(
      'OIDC_CLIENT_SECRETS: must be an object of provider id → client secret in JSON',
    )
    expect(bad.join('\n')).not.toContain(SECRET)
    expect(
      problemsOf({ OIDC_PROVIDERS: JSON.stringify([acme, acme]), OIDC_CLIENT_SECRETS: '{"acme":"s"}' }),
    ).toEqual(['OIDC_PROVIDERS: must give each provider its own id'])
    expect(
      problemsOf({
        OIDC_PROVIDERS: JSON.stringify([acme]),
        OIDC_CLIENT_SECRETS_FILE: '/nonexistent/secrets.json',
      }),
    ).toEqual(['OIDC_CLIENT_SECRETS_FILE: cannot be read'])
  })

  it('allow plain http only for a provider on loopback', () => {
    const local = { ...acme, issuer: 'http://127.0.0.1:9000' }
    expect(
      problemsOf({
        OIDC_PROVIDERS: JSON.stringify([local]),
        OIDC_CLIENT_SECRETS: JSON.stringify({ acme: SECRET }),
      }),
    ).toEqual([])
  })
})
