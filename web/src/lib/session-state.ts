/**
 * What the client remembers about how the last session ended, kept in storage so it survives a reload:
 * a session the server ended (any 401), shown on the login page (this tab), and a logout whose network
 * call failed, retried before anyone is shown as signed in again (every tab: the cookie is shared).
 * Without storage, the notice is not shown and a failed logout is not retried after a reload.
 */
function flag(storage: () => Storage, key: string) {
  return {
    get: () => {
      try {
        return storage().getItem(key) === '1'
      } catch {
        return false
      }
    },
    set: (on: boolean) => {
      try {
        if (on) storage().setItem(key, '1')
        else storage().removeItem(key)
      } catch {
        // No storage: nothing is remembered.
      }
    },
  }
}

export const sessionEnded = flag(() => sessionStorage, 'session-ended')
export const pendingLogout = flag(() => localStorage, 'pending-logout')
/** The user deleted their own account: the login page says so, once (docs/decisions/061-account-deletion.md). */
export const accountDeleted = flag(() => sessionStorage, 'account-deleted')
