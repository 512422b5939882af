/** The six services behind the gateway (DESIGN.md section 1). */
export const SERVICES = ['auth', 'profiles', 'sharing', 'questions', 'import', 'advice'] as const
export type ServiceName = (typeof SERVICES)[number]

/** Who signs tokens the services accept: the gateway for users, a service for its own internal calls. */
export type Caller = 'gateway' | ServiceName

/**
 * The only synchronous calls between services, caller → called (DESIGN.md, Calls between services).
 * Each pair is one NetworkPolicy edge and one public key the called service holds; keep it one level deep.
 */
export const INTERNAL_CALLS = {
  sharing: ['auth', 'profiles'],
  import: ['auth', 'profiles'],
  advice: ['profiles'],
} as const satisfies Partial<Record<ServiceName, readonly ServiceName[]>>

export function calledBy(service: ServiceName): ServiceName[] {
  return (Object.entries(INTERNAL_CALLS) as Array<[ServiceName, readonly ServiceName[]]>)
    .filter(([, targets]) => targets.includes(service))
    .map(([caller]) => caller)
}

export function callsOf(service: ServiceName): readonly ServiceName[] {
  return (INTERNAL_CALLS as Partial<Record<ServiceName, readonly ServiceName[]>>)[service] ?? []
}

export const upperName = (service: ServiceName) => service.toUpperCase() as Uppercase<ServiceName>
