import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { internalCallEnv, serviceEnvSchema } from '../../src/config.ts'
import { normalisePem } from '../../src/identity.ts'
import { requiredClients } from '../../src/service.ts'
import { testConfig } from '../../src/testing/config.ts'
import { TEST_KEYS, testServiceClient } from '../../src/testing/service-dependencies.ts'

const sharingLikeSchema = serviceEnvSchema.extend({
  ...internalCallEnv('sharing'),
  MAIL_FROM: z.string().default('from the schema'),
})

describe('a test config', () => {
  it("is parsed by the service's own schema: its defaults, the test keys, then the overrides", () => {
    const config = testConfig('sharing', sharingLikeSchema, { PORT: '4100', DATA_DIR: '/tmp/x' })
    expect(config.MAIL_FROM).toBe('from the schema')
    expect(config.PORT).toBe(4100)
    expect(config.DATA_DIR).toBe('/tmp/x')
    expect(config.GATEWAY_PUBLIC_KEY).toBe(normalisePem(TEST_KEYS.gateway.publicKey))
    const calls: Record<string, unknown> = config // internalCallEnv's keys are named at run time
    expect(calls.SERVICE_PRIVATE_KEY).toBe(normalisePem(TEST_KEYS.sharing.privateKey))
    expect(calls.AUTH_SERVICE_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+/)
  })

  it('refuses an override the schema refuses, as the service would at start-up', () => {
    expect(() => testConfig('sharing', sharingLikeSchema, { PORT: 'eighty' })).toThrow('PORT')
  })
})

describe('the clients a service requires', () => {
  const auth = testServiceClient('sharing', 'auth', 'http://127.0.0.1:9')

  it('are handed back by name when all are there', () => {
    const profiles = testServiceClient('sharing', 'profiles', 'http://127.0.0.1:9')
    expect(requiredClients('sharing', { auth, profiles }, ['auth', 'profiles'])).toEqual({ auth, profiles })
  })

  it('stop the build naming the address of each missing one', () => {
    expect(() => requiredClients('sharing', { auth }, ['auth', 'profiles'])).toThrow(
      'sharing: no client of a service it calls; set PROFILES_SERVICE_URL',
    )
    expect(() => requiredClients('advice', undefined, ['profiles'])).toThrow('set PROFILES_SERVICE_URL')
  })

  it('may only name services INTERNAL_CALLS lets it call', () => {
    expect(() => requiredClients('advice', { auth }, ['auth'])).toThrow(
      'INTERNAL_CALLS lists no calls to auth',
    )
  })
})
