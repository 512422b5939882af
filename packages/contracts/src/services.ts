/** The six services behind the gateway (docs/architecture.md). */
export const SERVICES = ['auth', 'profiles', 'sharing', 'questions', 'import', 'advice'] as const
export type ServiceName = (typeof SERVICES)[number]

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** Who may call an internal route: a service, or the gateway acting for the signed-in user (decision 060). */
export type InternalCaller = 'gateway' | ServiceName
