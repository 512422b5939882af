import { createMemoryEventBus } from '../bus/memory.ts'
import { createHash, createPrivateKey } from 'node:crypto'
import { createTokenSigner, IDENTITY_HEADER, publicKeyOf, type Identity } from '../identity.ts'
import { createMemoryKeyValueStore } from '../kv/memory.ts'
import type { ServiceDependencies } from '../service.ts'
import { createServiceClient, type ServiceClientOptions } from '../service-client.ts'
import { publicKeysHeldBy, SERVICES, topicsPublishedBy, type Caller, type ServiceName } from '../services.ts'
import type { EventBus } from '../bus/port.ts'
import { signingEventBus } from '../bus/signature.ts'
import { createNedbStore } from '../store/nedb.ts'
import type { DocumentStore } from '../store/port.ts'
import { createProcessedEventLog } from '../store/processed-events.ts'

/** PKCS#8 DER of an Ed25519 key is this prefix and the 32-byte seed (RFC 8410). */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex')

function testKeyPair(caller: Caller) {
  const seed = createHash('sha256').update(`test identity key of ${caller}`).digest()
  const privateKey = createPrivateKey({
    key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]),
    format: 'der',
    type: 'pkcs8',
  })
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKeyOf(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()),
  }
}

/**
 * One key pair per signer, the same in every test and bench process (derived from the signer's name), so
 * that a gateway and a service started as separate processes trust each other. For tests only.
 */
export const TEST_KEYS = Object.fromEntries(
  (['gateway', ...SERVICES] as Caller[]).map((caller) => [caller, testKeyPair(caller)]),
) as Record<Caller, { privateKey: string; publicKey: string }>

/** The public keys `service` holds in production: the gateway's, its callers' and its events' publishers'. */
export function testPublicKeys(service: ServiceName): Partial<Record<Caller, string>> {
  return Object.fromEntries(publicKeysHeldBy(service).map((holder) => [holder, TEST_KEYS[holder].publicKey]))
}

/**
 * The bus as `service` gets it in production: a publisher's events leave signed with its test key. Tests
 * that play a publisher (sharing's grants reaching profiles) publish through `testEventBus(bus, 'sharing')`.
 */
export function testEventBus(bus: EventBus, service: ServiceName): EventBus {
  return topicsPublishedBy(service).length > 0
    ? signingEventBus(bus, service, TEST_KEYS[service].privateKey)
    : bus
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
    bus: testEventBus(bus, service),
    kv,
    async close() {
      await bus.close()
      await kv.close()
      await store.close()
    },
  }
}

/**
 * Several services as the all-in-one mode runs them: one in-process bus and key-value store they all
 * share, and an in-memory NeDB store for each. `of(service)` is what that service's buildApp takes.
 */
export async function createSharedDependencies<Service extends ServiceName>(services: readonly Service[]) {
  const busStore = await createNedbStore({ directory: null })
  const stores = new Map<Service, DocumentStore>()
  for (const service of services) stores.set(service, await createNedbStore({ directory: null }))
  const bus = createMemoryEventBus({
    processedLog: await createProcessedEventLog(busStore),
    retry: { initialDelayMs: 5, maxDelayMs: 20 },
  })
  const kv = createMemoryKeyValueStore()
  return {
    bus,
    kv,
    of(service: Service): ServiceDependencies {
      return {
        publicKeys: testPublicKeys(service),
        store: stores.get(service)!,
        bus: testEventBus(bus, service),
        kv,
      }
    },
    /** Close the services first: this closes what they share. */
    async close() {
      await bus.close()
      await kv.close()
      await Promise.all([busStore, ...stores.values()].map((store) => store.close()))
    },
  }
}

/** A client from `caller` to `target` at `baseUrl`, signed with the caller's test key. */
export function testServiceClient(
  caller: ServiceName,
  target: ServiceName,
  baseUrl: string,
  options: Pick<ServiceClientOptions, 'retries' | 'timeoutMs'> = {},
) {
  return createServiceClient({
    caller,
    target,
    baseUrl,
    privateKey: TEST_KEYS[caller].privateKey,
    ...options,
  })
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
