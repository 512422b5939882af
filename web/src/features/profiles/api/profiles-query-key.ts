/** Every profile query sits under this key, so one save can refresh lists and searches alike. */
export const PROFILES_QUERY_KEY = ['profiles'] as const
