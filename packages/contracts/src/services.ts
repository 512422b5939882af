/** The six services behind the gateway (docs/architecture.md). */
export const SERVICES = ['auth', 'profiles', 'sharing', 'questions', 'import', 'advice'] as const
export type ServiceName = (typeof SERVICES)[number]

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
