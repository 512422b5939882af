/** Every sharing query sits under this key, so a create or revoke refreshes the lists and the history. */
export const SHARING_QUERY_KEY = ['sharing'] as const
