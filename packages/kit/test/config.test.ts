import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ConfigError, internalCallEnv, parseConfig, serviceEnvSchema } from '../src/config.ts'
import { generateIdentityKeyPair } from '../src/identity.ts'

const problemsOf = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    return (error as ConfigError).message
  }
  throw new Error('the configuration was accepted')
}

describe('configuration', () => {
  it('lists every bad key at once and never echoes their values', () => {
    const pair = generateIdentityKeyPair()
    const message = problemsOf(() =>
      parseConfig(serviceEnvSchema, {
        PORT: 'eighty',
        // The gateway's private key where its public key belongs: refused, and never printed.
        GATEWAY_PUBLIC_KEY: pair.privateKey,
        REDIS_URL: 'http://x',
      }),
    )
    expect(message).toContain('PORT')
    expect(message).toContain('GATEWAY_PUBLIC_KEY: must be an Ed25519 public key in PEM')
    expect(message).toContain('REDIS_URL: must be a redis:// URL')
    expect(message).not.toContain('PRIVATE KEY')
  })

  it('names every key an internal call needs, on both sides of it', () => {
    const gateway = generateIdentityKeyPair()
    const profiles = serviceEnvSchema.extend(internalCallEnv('profiles'))
    const missing = problemsOf(() =>
      parseConfig(profiles, { PORT: '1', GATEWAY_PUBLIC_KEY: gateway.publicKey }),
    )
    expect(missing).toContain('SHARING_PUBLIC_KEY')
    expect(missing).toContain('IMPORT_PUBLIC_KEY')
    expect(missing).toContain('ADVICE_PUBLIC_KEY')
    // The publishers of the events profiles consumes (decision 021).
    expect(missing).toContain('AUTH_PUBLIC_KEY')
    expect(missing).not.toContain('QUESTIONS_PUBLIC_KEY')
    expect(missing).not.toContain('SERVICE_PRIVATE_KEY')
    // Nobody calls questions, and it neither publishes nor consumes events: no key but the gateway's.
    const questions = serviceEnvSchema.extend(internalCallEnv('questions'))
    expect(parseConfig(questions, { PORT: '1', GATEWAY_PUBLIC_KEY: gateway.publicKey }).PORT).toBe(1)
    // auth calls nobody, but signs the users.* events it publishes.
    const auth = serviceEnvSchema.extend(internalCallEnv('auth'))
    expect(
      problemsOf(() => parseConfig(auth, { PORT: '1', GATEWAY_PUBLIC_KEY: gateway.publicKey })),
    ).toContain('SERVICE_PRIVATE_KEY')
    const advice = serviceEnvSchema.extend(internalCallEnv('advice'))
    const adviceProblems = problemsOf(() =>
      parseConfig(advice, {
        PORT: '1',
        GATEWAY_PUBLIC_KEY: gateway.publicKey,
        SERVICE_PRIVATE_KEY: 'garbage',
      }),
    )
    expect(adviceProblems).toContain('SERVICE_PRIVATE_KEY: must be an Ed25519 private key in PEM')
    expect(adviceProblems).toContain('PROFILES_SERVICE_URL')
    expect(adviceProblems).not.toContain('garbage')
  })

  it('reads keys with escaped line breaks, as environment files carry them', () => {
    const pair = generateIdentityKeyPair()
    const config = parseConfig(serviceEnvSchema.extend({ KEY: z.string() }), {
      PORT: '1',
      GATEWAY_PUBLIC_KEY: pair.publicKey.trim().replaceAll('\n', '\\n'),
      KEY: 'x',
    })
    expect(config.GATEWAY_PUBLIC_KEY).toBe(pair.publicKey)
  })

  it('applies defaults and splits the Kafka broker list', () => {
    const config = parseConfig(serviceEnvSchema, {
      PORT: '4001',
      GATEWAY_PUBLIC_KEY: generateIdentityKeyPair().publicKey,
      KAFKA_BROKERS: 'a:9092, b:9092',
      LOG_LEVEL: '',
    })
    expect(config).toMatchObject({
      PORT: 4001,
      HOST: '127.0.0.1',
      DATA_DIR: './data',
      LOG_LEVEL: 'info',
      KAFKA_BROKERS: ['a:9092', 'b:9092'],
    })
  })
})
