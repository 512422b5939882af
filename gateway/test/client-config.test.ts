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
      expect(() => ClientConfigSchema.parse({ supportEmail: address, logos: [] })).not.toThrow()
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

describe('the sister-company logos of the header', () => {
  it('are two neutral marks of our own unless the tenant sets them', () => {
    const { logos } = parseConfig(gatewayEnvSchema, required)
    expect(logos).toHaveLength(2)
    for (const logo of logos) {
      expect(logo.src).toMatch(/^data:image\/svg\+xml;charset=utf-8,/)
      expect(logo.alt).toMatch(/^Sister company/)
      expect(logo).not.toHaveProperty('href')
    }
  })

  it('take a path, a data:image URL or inline SVG, with alt text and an optional link', () => {
    const { logos } = parseConfig(gatewayEnvSchema, {
      ...required,
      LOGO_1_SRC: '/brand/acme.png',
      LOGO_1_ALT: 'Acme',
      LOGO_1_HREF: 'https://acme.example.com/',
      LOGO_2_SRC: '<svg xmlns="http://www.w3.org/2000/svg"><rect width="4" height="4"/></svg>',
      LOGO_2_ALT: ' Globex ',
    })
    expect(logos[0]).toEqual({ src: '/brand/acme.png', alt: 'Acme', href: 'https://acme.example.com/' })
    expect(logos[1]!.alt).toBe('Globex')
    expect(decodeURIComponent(logos[1]!.src)).toBe(
      'data:image/svg+xml;charset=utf-8,<svg xmlns="http://www.w3.org/2000/svg"><rect width="4" height="4"/></svg>',
    )
  })

  it('refuse to start with a source the page could not show, a link that is not http(s), or no alt text', () => {
    const refused = [
      { LOGO_1_SRC: 'https://elsewhere.example.com/logo.png', LOGO_1_ALT: 'x' }, // blocked by img-src
      { LOGO_1_SRC: '//elsewhere.example.com/logo.png', LOGO_1_ALT: 'x' },
      { LOGO_1_SRC: '/logo.png' },
      { LOGO_2_SRC: '/logo.png', LOGO_2_ALT: 'x', LOGO_2_HREF: 'javascript:alert(1)' },
    ]
    for (const env of refused) {
      expect(() => parseConfig(gatewayEnvSchema, { ...required, ...env })).toThrow(/LOGO_[12]_(SRC|ALT|HREF)/)
    }
  })
})
