import { createMemoryEventBus } from '../bus/memory.ts'
import { createIdentitySigner, IDENTITY_HEADER, type Identity } from '../identity.ts'
import { createMemoryKeyValueStore } from '../kv/memory.ts'
import type { ServiceDependencies } from '../service.ts'
import { createNedbStore } from '../store/nedb.ts'
import { createProcessedEventLog } from '../store/processed-events.ts'

export const TEST_INTERNAL_TOKEN_SECRET = 'test-internal-token-secret-0123456789'

/** Real embedded adapters for a service under test: in-memory NeDB, the in-process bus and key-value store. */
export async function createEmbeddedDependencies(): Promise<
  ServiceDependencies & { close(): Promise<void> }
> {
  const store = await createNedbStore({ directory: null })
  const bus = createMemoryEventBus({
    processedLog: await createProcessedEventLog(store),
    retry: { initialDelayMs: 5, maxDelayMs: 20 },
  })
  const kv = createMemoryKeyValueStore()
  return {
    internalTokenSecret: TEST_INTERNAL_TOKEN_SECRET,
    store,
    bus,
    kv,
    async close() {
      await bus.close()
      await kv.close()
      await store.close()
    },
  }
}

const sign = createIdentitySigner(TEST_INTERNAL_TOKEN_SECRET)

/** The header the gateway would add for this caller (null: an anonymous request through the gateway). */
export function identityHeaders(identity: Identity | null): Record<string, string> {
  return { [IDENTITY_HEADER]: sign(identity) }
}
