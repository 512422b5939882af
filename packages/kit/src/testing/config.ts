import type { z } from 'zod'
import { parseConfig } from '../config.ts'
import { callsOf, publicKeysHeldBy, signsWithOwnKey, upperName, type ServiceName } from '../services.ts'
import { TEST_KEYS } from './service-dependencies.ts'

/** Nothing listens on the discard port: a test that means a service to be reached hands in its own client. */
const UNREACHABLE_URL = 'http://127.0.0.1:9'

/**
 * `service`'s config parsed by its own schema from `overrides`, with the test keys and the addresses of what it
 * calls filled in. Every default is the schema's, so tests never hold a second copy of them.
 */
export function testConfig<S extends z.ZodType>(
  service: ServiceName,
  schema: S,
  overrides: Partial<z.input<S>> = {},
): z.output<S> {
  const keys: Record<string, string> = { GATEWAY_PUBLIC_KEY: TEST_KEYS.gateway.publicKey }
  for (const holder of publicKeysHeldBy(service))
    if (holder !== 'gateway') keys[`${upperName(holder)}_PUBLIC_KEY`] = TEST_KEYS[holder].publicKey
  if (signsWithOwnKey(service)) keys.SERVICE_PRIVATE_KEY = TEST_KEYS[service].privateKey
  for (const target of callsOf(service)) keys[`${upperName(target)}_SERVICE_URL`] = UNREACHABLE_URL
  return parseConfig(schema, { ...keys, ...overrides })
}
