import { describe, expect, it } from 'vitest'
import { TEST_KEYS } from '@app/kit/testing/service-dependencies'
import { ConfigError, parseConfig } from '@app/kit/config'
import { ClientConfigSchema } from '@app/contracts/client-config'
import { DEFAULT_SUPPORT_EMAIL, gatewayEnvSchema, SERVICES } from '../src/config.ts'

const required = {
  SESSION_SECRET: 'test-session-secret-0123456789abcdef',
  GATEWAY_PRIVATE_KEY: TEST_KEYS.gateway.privateKey,
  ...Object.fromEntries(SERVICES.map((name) => [`${name.toUpperCase()}_SERVICE_URL`, 'http://127.0.0.1:1'])),
}

describe('the support address of the Request New Assessment page', () => {
  it('is SUPPORT_EMAIL when set', () => {
    const config = parseConfig(gatewayEnvSchema, {
      ...required,
      SUPPORT_EMAIL: 'help@example.org',
      ADMIN_EMAIL: 'boss@example.org',
    })
    expect(config.SUPPORT_EMAIL).toBe('help@example.org')
  })

  it('defaults to the first administrator, then to a valid address, never to one the page refuses', () => {
    expect(
      parseConfig(gatewayEnvSchema, { ...required, ADMIN_EMAIL: 'boss@example.org' }).SUPPORT_EMAIL,
    ).toBe('boss@example.org')
    // An empty value, as compose passes an unset variable, counts as unset.
    const bare = parseConfig(gatewayEnvSchema, { ...required, SUPPORT_EMAIL: '', ADMIN_EMAIL: '' })
    expect(bare.SUPPORT_EMAIL).toBe(DEFAULT_SUPPORT_EMAIL)
    for (const address of [DEFAULT_SUPPORT_EMAIL, 'boss@example.org']) {
      expect(() => ClientConfigSchema.parse({ supportEmail: address })).not.toThrow()
      expect(parseConfig(gatewayEnvSchema, { ...required, SUPPORT_EMAIL: address }).SUPPORT_EMAIL).toBe(
        address,
      )
    }
  })

  it('refuses to start with an address that is not an e-mail address', () => {
    for (const SUPPORT_EMAIL of ['support@localhost', 'not an address']) {
      expect(() => parseConfig(gatewayEnvSchema, { ...required, SUPPORT_EMAIL })).toThrow(ConfigError)
      expect(() => parseConfig(gatewayEnvSchema, { ...required, SUPPORT_EMAIL })).toThrow(/SUPPORT_EMAIL/)
    }
  })
})
