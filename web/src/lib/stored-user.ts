/**
 * The locally stored user record of the spec (section 4). The session itself lives in an HttpOnly
 * cookie; this record only carries names for the page, never a credential.
 */
const STORAGE_KEY = 'user'

export type StoredUser = {
  id: number
  username: string
  name?: string
  firstName?: string
  lastName?: string
}

export function storeUser(user: StoredUser): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(user))
  } catch {
    // Storage can be full or disabled (private mode); the session cookie still signs the user in.
  }
}

export function clearStoredUser(): void {
  try {
    localStorage.removeItem(STORAGE_KEY)
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}
