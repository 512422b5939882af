import { createHash } from 'node:crypto'
import { DuplicateKeyError, type Collection } from '@app/kit/store/port'

/** Usernames and e-mails are compared without regard to case or surrounding spaces. */
export const usernameKey = (username: string) => username.trim().toLowerCase()
export const normaliseEmail = (email: string) => email.trim().toLowerCase()

/**
 * The names that reach an account: its username and its e-mail, normalised. A unique index over them keeps
 * each on one account, whichever field holds it, in every store and across replicas (decision 023).
 */
export function identityKeysOf(username: string, email: string): string[] {
  return [...new Set([usernameKey(username), normaliseEmail(email)])].filter(Boolean)
}

/**
 * What a reset link was issued for: a change of password, e-mail or username, by anyone, changes it and so
 * voids every link asked for before.
 */
export function credentialStampOf(user: {
  passwordHash: string
  email: string
  usernameKey: string
}): string {
  return createHash('sha256')
    .update(`${user.passwordHash}\n${user.email}\n${user.usernameKey}`, 'utf8')
    .digest('hex')
}

interface KeyedUser {
  id: number
  username: string
  email: string
  identityKeys?: string[] | undefined
  identityConflict?: boolean | undefined
}

/** The part of the users collection the migration needs. */
type Users = Pick<Collection<Omit<KeyedUser, 'id'>, 'int'>, 'find' | 'findOne' | 'updateOne'>

const MIGRATION_BATCH = 500
const CLAIM_ATTEMPTS = 5

/**
 * Gives every account stored before decision 023 its identity keys, oldest first, so that when two accounts
 * share an address the oldest keeps it. A younger one keeps the keys nobody else holds and is flagged with
 * `identityConflict` for an administrator to give it another address; nothing is deleted and start-up goes on.
 * Safe to run on several replicas at once: the unique index decides, and an account another replica already
 * keyed is left alone. Returns the ids flagged by this run.
 */
export async function migrateIdentityKeys(users: Users): Promise<number[]> {
  const flagged: number[] = []
  for (;;) {
    const legacy = await users.find(
      { identityKeys: { $exists: false }, identityConflict: { $exists: false } },
      { sort: { id: 1 }, limit: MIGRATION_BATCH },
    )
    if (legacy.length === 0) return flagged
    // Accounts sharing no key within the batch are keyed at once, so their writes share the store's syncs
    // (10,000 accounts one by one would hold start-up for a sync each); the others one by one, oldest first.
    const [alone, sharing] = splitBySharedKeys(legacy)
    const claimed = await Promise.all(alone.map((user) => claimIdentityKeys(users, user)))
    alone.forEach((user, index) => claimed[index] && flagged.push(user.id))
    for (const user of sharing) if (await claimIdentityKeys(users, user)) flagged.push(user.id)
  }
}

/** The accounts of a batch whose keys no other account of the batch has, and the rest (in their order). */
function splitBySharedKeys(batch: KeyedUser[]): [KeyedUser[], KeyedUser[]] {
  const keysOf = (user: KeyedUser) => identityKeysOf(user.username, user.email)
  const holders = new Map<string, number>()
  for (const user of batch) for (const key of keysOf(user)) holders.set(key, (holders.get(key) ?? 0) + 1)
  const alone: KeyedUser[] = []
  const sharing: KeyedUser[] = []
  for (const user of batch) (keysOf(user).some((key) => holders.get(key)! > 1) ? sharing : alone).push(user)
  return [alone, sharing]
}

/** Claims the user's keys; true when some were held by another account and the user is flagged. */
async function claimIdentityKeys(users: Users, user: KeyedUser): Promise<boolean> {
  const unkeyed = { id: user.id, identityKeys: { $exists: false } }
  const wanted = identityKeysOf(user.username, user.email)
  for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt += 1) {
    try {
      if (attempt === 0) {
        await users.updateOne(unkeyed, { $set: { identityKeys: wanted } })
        return false
      }
      const free: string[] = []
      for (const key of wanted) {
        const holder = await users.findOne({ identityKeys: key })
        if (!holder || holder.id === user.id) free.push(key)
      }
      await users.updateOne(unkeyed, {
        $set: free.length > 0 ? { identityKeys: free, identityConflict: true } : { identityConflict: true },
      })
      return true
    } catch (error) {
      // A key was taken between the look and the write: look again.
      if (!(error instanceof DuplicateKeyError)) throw error
    }
  }
  throw new Error(`The identity keys of user ${user.id} could not be settled`)
}
