import { createMemoryEventBus } from '../bus/memory.ts'
import { createTokenSigner, generateIdentityKeyPair, IDENTITY_HEADER, type Identity } from '../identity.ts'
import { createMemoryKeyValueStore } from '../kv/memory.ts'
import type { ServiceDependencies } from '../service.ts'
import { calledBy, SERVICES, type Caller, type ServiceName } from '../services.ts'
import { createNedbStore } from '../store/nedb.ts'
import { createProcessedEventLog } from '../store/processed-events.ts'

/** One key pair per signer for the whole test process, as the runners generate them into DATA_DIR. */
export const TEST_KEYS = Object.fromEntries(
  (['gateway', ...SERVICES] as Caller[]).map((caller) => [caller, generateIdentityKeyPair()]),
) as Record<Caller, { privateKey: string; publicKey: string }>

/** The public keys `service` holds in production: the gateway's and its callers'. */
export function testPublicKeys(service: ServiceName): Partial<Record<Caller, string>> {
  return Object.fromEntries(
    (['gateway', ...calledBy(service)] as Caller[]).map((caller) => [caller, TEST_KEYS[caller].publicKey]),
  )
}

/** Real embedded adapters for a service under test: in-memory NeDB, the in-process bus and key-value store. */
export async function createEmbeddedDependencies(
  service: ServiceName,
): Promise<ServiceDependencies & { close(): Promise<void> }> {
  const store = await createNedbStore({ directory: null })
  const bus = createMemoryEventBus({
    processedLog: await createProcessedEventLog(store),
    retry: { initialDelayMs: 5, maxDelayMs: 20 },
  })
  const kv = createMemoryKeyValueStore()
  return {
    publicKeys: testPublicKeys(service),
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

const signers = new Map<Caller, ReturnType<typeof createTokenSigner>>()
function signerOf(caller: Caller) {
  let signer = signers.get(caller)
  if (!signer) {
    signer = createTokenSigner(caller, TEST_KEYS[caller].privateKey)
    signers.set(caller, signer)
  }
  return signer
}

/** The header the gateway would add for this caller (null: an anonymous request through the gateway). */
export function identityHeaders(audience: ServiceName, identity: Identity | null): Record<string, string> {
  return { [IDENTITY_HEADER]: signerOf('gateway')(audience, identity) }
}

/** The header `caller` adds to an internal call, acting for `identity` where there is one. */
export function serviceHeaders(
  caller: ServiceName,
  audience: ServiceName,
  identity: Identity | null = null,
): Record<string, string> {
  return { [IDENTITY_HEADER]: signerOf(caller)(audience, identity) }
}
