/** Every query of the administrator screens sits under this key, so an import or an edit refreshes them all. */
export const ADMIN_QUERY_KEY = ['admin'] as const
export const ADMIN_USERS_QUERY_KEY = [...ADMIN_QUERY_KEY, 'users'] as const
