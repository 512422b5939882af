import { describe, expect, it } from 'vitest'
import { ConfigError, parseConfig, serviceEnvSchema } from '../src/config.ts'

describe('configuration', () => {
  it('lists every bad key at once and never echoes their values', () => {
    let error: unknown
    try {
      parseConfig(serviceEnvSchema, {
        PORT: 'eighty',
        INTERNAL_TOKEN_SECRET: 'short-secret-value',
        REDIS_URL: 'http://x',
      })
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(ConfigError)
    const message = (error as ConfigError).message
    expect(message).toContain('PORT')
    expect(message).toContain('INTERNAL_TOKEN_SECRET: must be at least 32 characters')
    expect(message).toContain('REDIS_URL: must be a redis:// URL')
    expect(message).not.toContain('short-secret-value')
  })

  it('applies defaults and splits the Kafka broker list', () => {
    const config = parseConfig(serviceEnvSchema, {
      PORT: '4001',
      INTERNAL_TOKEN_SECRET: 'x'.repeat(32),
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
