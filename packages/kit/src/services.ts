import { AUDIT_TOPICS } from '@app/contracts/audit'
import {
  ACCESS_REVOKED,
  INVITATIONS_ACCEPTED,
  USERS_CREATED,
  USERS_DELETED,
  USERS_UPDATED,
} from '@app/contracts/events'
import { internalCalls } from '@app/contracts/internal'
import { SERVICES, type ServiceName } from '@app/contracts/services'

export { SERVICES, type ServiceName }

/** Who signs tokens the services accept: the gateway for users, a service for its own internal calls. */
export type Caller = 'gateway' | ServiceName

/**
 * The only synchronous calls between services, caller → called (docs/architecture.md, Calls between services),
 * derived from the callers of the internal route catalog (`@app/contracts/internal`), never kept by hand.
 * Each pair is one NetworkPolicy edge and one public key the called service holds; keep it one level deep.
 */
export const INTERNAL_CALLS: Partial<Record<ServiceName, readonly ServiceName[]>> = internalCalls

export function calledBy(service: ServiceName): ServiceName[] {
  return (Object.entries(INTERNAL_CALLS) as Array<[ServiceName, readonly ServiceName[]]>)
    .filter(([, targets]) => targets.includes(service))
    .map(([caller]) => caller)
}

export function callsOf(service: ServiceName): readonly ServiceName[] {
  return (INTERNAL_CALLS as Partial<Record<ServiceName, readonly ServiceName[]>>)[service] ?? []
}

export const upperName = (service: ServiceName) => service.toUpperCase() as Uppercase<ServiceName>

/**
 * Who publishes each event topic (decision 021). A publisher signs its events with its own key; a consumer
 * holds the public key of each publisher it hears and honours a topic only when its publisher signed it.
 */
export const EVENT_PUBLISHERS = {
  auth: [USERS_CREATED, USERS_UPDATED, USERS_DELETED, AUDIT_TOPICS.auth],
  sharing: [INVITATIONS_ACCEPTED, ACCESS_REVOKED, AUDIT_TOPICS.sharing],
  import: [AUDIT_TOPICS.import],
} as const satisfies Partial<Record<ServiceName, readonly string[]>>

/** The topics each service subscribes to; a subscription outside this table does not build. */
export const EVENT_SUBSCRIPTIONS = {
  profiles: [USERS_CREATED, USERS_UPDATED, INVITATIONS_ACCEPTED, ACCESS_REVOKED, USERS_DELETED],
  // An account's deletion: the services that keep anything naming the person (docs/decisions/061-account-deletion.md).
  sharing: [USERS_DELETED],
  import: [USERS_DELETED],
  // The audit log's one consumer (docs/decisions/059-audit-log.md).
  auth: [AUDIT_TOPICS.auth, AUDIT_TOPICS.import, AUDIT_TOPICS.sharing],
} as const satisfies Partial<Record<ServiceName, readonly string[]>>

export function publisherOf(topic: string): ServiceName | undefined {
  return (Object.entries(EVENT_PUBLISHERS) as Array<[ServiceName, readonly string[]]>).find(([, topics]) =>
    topics.includes(topic),
  )?.[0]
}

export function topicsPublishedBy(service: ServiceName): readonly string[] {
  return (EVENT_PUBLISHERS as Partial<Record<ServiceName, readonly string[]>>)[service] ?? []
}

export function topicsHeardBy(service: ServiceName): readonly string[] {
  return (EVENT_SUBSCRIPTIONS as Partial<Record<ServiceName, readonly string[]>>)[service] ?? []
}

/** The publishers whose events `service` consumes: it holds their public keys. */
export function publishersHeardBy(service: ServiceName): ServiceName[] {
  const publishers = topicsHeardBy(service).map((topic) => publisherOf(topic))
  return SERVICES.filter((candidate) => publishers.includes(candidate))
}

/** A service signs with its own private key when it calls another or publishes events. */
export const signsWithOwnKey = (service: ServiceName): boolean =>
  callsOf(service).length > 0 || topicsPublishedBy(service).length > 0

/** Everyone with a private key: the gateway for users, then each service that calls another or publishes. */
export const SIGNERS: Caller[] = ['gateway', ...SERVICES.filter(signsWithOwnKey)]

/** The public keys a service holds: the gateway's, its callers' and the publishers' it hears, each once. */
export function publicKeysHeldBy(service: ServiceName): Caller[] {
  const held = new Set<Caller>(['gateway', ...calledBy(service), ...publishersHeardBy(service)])
  return (['gateway', ...SERVICES] as Caller[]).filter((caller) => held.has(caller))
}
