import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import type { KeyValueStore } from '@app/kit/kv/port'
import type { DocumentStore, Filter, Update } from '@app/kit/store/port'
import { GUEST_ROLES, ROLES, type Role } from '@app/domain/roles'
import type { AdminUser } from '@app/contracts/auth'
import { identityKeysOf, migrateIdentityKeys, normaliseEmail, usernameKey } from './user-identity-keys.ts'

export { credentialStampOf, normaliseEmail, usernameKey } from './user-identity-keys.ts'

export const UserDocumentSchema = z.object({
  username: z.string().min(1),
  /** Usernames are unique without regard to case. */
  usernameKey: z.string().min(1),
  email: z.string(),
  /**
   * The username and the e-mail, normalised, under a unique index: no address reaches two accounts
   * (decision 023). Missing only on accounts stored before it, until start-up keys them.
   */
  identityKeys: z.array(z.string()).optional(),
  /** The account's address was another, older account's when keys were introduced (decision 023). */
  identityConflict: z.boolean().optional(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  passwordHash: z.string().startsWith('$argon2id$'),
  /**
   * True while the hash is of a random password nobody was told (an account made by a provider's sign-in, or
   * by a SCIM client without a password): its holder confirms a deletion through a mailed link
   * (docs/decisions/066-deletion-link.md). Any new hash clears it unless the change sets it again.
   */
  passwordUnusable: z.boolean().optional(),
  mustChangePassword: z.boolean(),
  invitedBy: z.string().optional(),
  invitedByEmail: z.string().optional(),
  dateInvited: z.date().optional(),
  /** `<jobId>:<row>` of the import that created the account: a retried batch finds it instead of a twin. */
  importKey: z.string().optional(),
  /**
   * False on a guest account made by accepting an invitation until a link mailed to its address confirms
   * it; until then an import or register of the address takes the account over (decision 025). Absent:
   * the address came from an administrator, or the account predates the rule.
   */
  emailConfirmed: z.boolean().optional(),
  /**
   * Set (ISO time) when the account's deletion starts, before `users.deleted.v1` is published: it can no
   * longer sign in, its data can no longer be downloaded (docs/decisions/060-download-my-data.md), and auth
   * finishes the deletion after a crash (docs/decisions/061-account-deletion.md).
   */
  deletionStartedAt: z.string().optional(),
  /** Who asked for the deletion: the person, or an administrator. */
  deletionRequestedBy: z.number().int().positive().optional(),
  /**
   * False once a SCIM client deactivated the account: it cannot sign in and its sessions ended; its profiles
   * stay (decision 064). Absent: active.
   */
  active: z.boolean().optional(),
  /** The SCIM client's own id of the account (RFC 7643 `externalId`). */
  externalId: z.string().optional(),
  createdAt: z.date(),
  updatedAt: z.date(),
})
export type UserDocument = z.infer<typeof UserDocumentSchema>
export type StoredUser = UserDocument & { id: number }
export type NewUser = Omit<
  UserDocument,
  'usernameKey' | 'identityKeys' | 'identityConflict' | 'createdAt' | 'updatedAt'
>
export type UserChanges = Partial<
  Omit<UserDocument, 'usernameKey' | 'identityKeys' | 'identityConflict' | 'createdAt' | 'updatedAt'>
>

/**
 * A user as the administrator's answers show one: dates as ISO text. What an answer may carry is its
 * declared schema's business (PublicUserSchema, AdminUserSchema): the serializer drops the hash and the rest.
 */
export function toAdminUser(user: StoredUser): AdminUser {
  const { dateInvited, active, ...rest } = user
  return {
    ...rest,
    ...(dateInvited ? { dateInvited: dateInvited.toISOString() } : {}),
    ...(active === false ? { active } : {}),
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  }
}

/**
 * A list of users as the JSON text of `AdminUser[]`, built field by field: 10,000 users are about 2.5 MB,
 * and checking each against the schema on the way out would cost more than reading them (bench/history/2026-11-21-to-27.md,
 * "User management"). Only the fields named here leave the service; the hash is not among them.
 */
export function adminUserListText(users: StoredUser[]): string {
  return JSON.stringify(
    users.map((user) => ({
      id: user.id,
      username: user.username,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      name: user.name,
      role: user.role,
      mustChangePassword: user.mustChangePassword,
      active: user.active === false ? false : undefined,
      invitedBy: user.invitedBy,
      invitedByEmail: user.invitedByEmail,
      dateInvited: user.dateInvited?.toISOString(),
      createdAt: user.createdAt.toISOString(),
      updatedAt: user.updatedAt.toISOString(),
    })),
  )
}

const USERS_VERSION_KEY = 'auth:users:version'

/** Replicas sharing the embedded key-value store live in one process: their version is a counter here. */
const processVersions = new WeakMap<KeyValueStore, { value: number }>()

/**
 * A token that changes with every write to the users, shared by every replica: a list serialized under one
 * token is served again until the next write anywhere. In Redis it is random (a lost key reads as null,
 * which caches nothing); on the embedded store it is a counter of this process, kept out of its journal.
 */
function usersVersionOf(kv: KeyValueStore) {
  if (kv.kind === 'memory') {
    let version = processVersions.get(kv)
    if (!version) {
      version = { value: 0 }
      processVersions.set(kv, version)
    }
    const shared = version
    return {
      current: async (): Promise<string | null> => String(shared.value),
      bump: async () => void (shared.value += 1),
    }
  }
  return {
    current: () => kv.get(USERS_VERSION_KEY),
    bump: () => kv.set(USERS_VERSION_KEY, randomUUID()),
  }
}

/** How often an update of a username or e-mail is tried again when the account changed meanwhile. */
const RENAME_ATTEMPTS = 5

export async function createUsersRepository(
  store: DocumentStore,
  kv: KeyValueStore,
  log?: { warn: (details: object, message: string) => void },
) {
  const users = await store.collection('users', {
    schema: UserDocumentSchema,
    idKind: 'int',
    indexes: [
      { field: 'usernameKey', unique: true },
      { field: 'identityKeys', unique: true, sparse: true },
      { field: 'role' },
      { field: 'email' },
      { field: 'importKey', unique: true, sparse: true },
      // The sweep's query: the few accounts whose deletion started (docs/decisions/061-account-deletion.md).
      { field: 'deletionStartedAt', sparse: true },
    ],
  })
  const flagged = await migrateIdentityKeys(users)
  if (flagged.length > 0)
    log?.warn(
      { event: 'identity_conflicts', userIds: flagged },
      'accounts sharing an address with an older account keep it only for signing in; give each another e-mail (decision 023)',
    )
  const version = usersVersionOf(kv)
  const listTexts = new Map<'all' | 'guests', { version: string; text: string }>()
  const list = () => users.find({}, { sort: { id: 1 } })
  const listByRoles = (roles: Role[]) => users.find({ role: { $in: roles } }, { sort: { id: 1 } })
  return {
    async create(user: NewUser): Promise<StoredUser> {
      const now = new Date()
      try {
        return await users.insert({
          ...user,
          email: normaliseEmail(user.email),
          usernameKey: usernameKey(user.username),
          identityKeys: identityKeysOf(user.username, user.email),
          createdAt: now,
          updatedAt: now,
        })
      } finally {
        await version.bump()
      }
    },
    findById(id: number): Promise<StoredUser | null> {
      return users.findOne({ id })
    },
    findByUsername(username: string): Promise<StoredUser | null> {
      return users.findOne({ usernameKey: usernameKey(username) })
    },
    /** The account holding this e-mail; a younger account flagged as sharing it is not it (decision 023). */
    findByEmail(email: string): Promise<StoredUser | null> {
      const address = normaliseEmail(email)
      return users.findOne({ email: address, identityKeys: address })
    },
    /** The accounts earlier imports created under these keys. */
    findByImportKeys(importKeys: string[]): Promise<StoredUser[]> {
      return users.find({ importKey: { $in: importKeys } })
    },
    findByImportKey(importKey: string): Promise<StoredUser | null> {
      return users.findOne({ importKey })
    },
    /** The accounts holding any of these addresses, as their e-mail or as their username. */
    findHoldersOf(emails: string[]): Promise<StoredUser[]> {
      const normalised = [...new Set(emails.map(normaliseEmail))]
      return users.find({ $or: [{ email: { $in: normalised } }, { usernameKey: { $in: normalised } }] })
    },
    list,
    listByRoles,
    /** One page of the accounts matching `filter`, oldest first, and how many match in all (SCIM lists). */
    async page(filter: Filter, skip: number, limit: number): Promise<{ total: number; users: StoredUser[] }> {
      const [total, page] = await Promise.all([
        users.count(filter),
        limit > 0 ? users.find(filter, { sort: { id: 1 }, skip, limit }) : Promise.resolve([]),
      ])
      return { total, users: page }
    },
    /**
     * Every user, or every guest, as the JSON text of the administrator's list: serialized again only after
     * a write (10,000 users: about 2.6 MB, bench/history/2026-11-21-to-27.md "Import"). The token is read before the users, so
     * a write landing in between is at worst served under the older token, and replaced at the next call.
     */
    async listText(which: 'all' | 'guests'): Promise<string> {
      const current = await version.current()
      const cached = listTexts.get(which)
      if (current !== null && cached?.version === current) return cached.text
      const text = adminUserListText(which === 'all' ? await list() : await listByRoles([...GUEST_ROLES]))
      if (current !== null) listTexts.set(which, { version: current, text })
      return text
    },
    countByRole(role: Role) {
      return users.count({ role })
    },
    /** Administrators not deactivated and whose deletion has not started: the last one stays (administrators.ts). */
    countActiveAdministrators() {
      return users.count({
        role: 'administrator',
        deletionStartedAt: { $exists: false },
        active: { $ne: false },
      })
    },
    /** Marks the deletion started; null when the account is gone or its deletion already started. */
    async markDeletion(id: number, by: number, at: Date): Promise<StoredUser | null> {
      try {
        return await users.updateOne(
          { id, deletionStartedAt: { $exists: false } },
          { $set: { deletionStartedAt: at.toISOString(), deletionRequestedBy: by } },
        )
      } finally {
        await version.bump()
      }
    },
    /** Accounts whose deletion started and did not finish (a crash, a bus outage). */
    listDeletionsStarted(): Promise<StoredUser[]> {
      return users.find({ deletionStartedAt: { $exists: true } }, { sort: { id: 1 } })
    },
    /** Guests the deleted person invited keep no name or address of theirs; returns how many. */
    async forgetInviter(email: string): Promise<number> {
      try {
        return await users.updateMany(
          { invitedByEmail: email },
          { $unset: { invitedBy: true, invitedByEmail: true } },
        )
      } finally {
        await version.bump()
      }
    },
    /** The last step of a deletion: the account's record goes. */
    async remove(id: number): Promise<boolean> {
      try {
        return await users.deleteOne({ id })
      } finally {
        await version.bump()
      }
    },
    /**
     * Applies the changes; null when the account is gone, when it no longer matches `guard.where`, or, given
     * `guard.unchangedSince`, when its password, e-mail or username changed since that read. A taken username or
     * e-mail throws DuplicateKeyError.
     */
    async update(
      id: number,
      changes: UserChanges,
      guard: { unchangedSince?: StoredUser; where?: Filter } = {},
    ): Promise<StoredUser | null> {
      const { unchangedSince, where } = guard
      const renames = changes.username !== undefined || changes.email !== undefined
      try {
        for (let attempt = 0; attempt < RENAME_ATTEMPTS; attempt += 1) {
          const current = unchangedSince ?? (renames ? await users.findOne({ id }) : null)
          if (renames && !current) return null
          const filter: Filter = current
            ? { ...where, id, usernameKey: current.usernameKey, email: current.email }
            : { ...where, id }
          if (unchangedSince) filter.passwordHash = unchangedSince.passwordHash
          const updated = await users.updateOne(filter, updateOf(changes, current))
          if (updated || !renames || unchangedSince || where) return updated
          // Renamed by another request between the read and the write: the keys are computed again.
        }
        throw new Error(`User ${id} kept changing while its username or e-mail was updated`)
      } finally {
        await version.bump()
      }
    },
  }
}
/**
 * The store update of `changes`. A new username or e-mail replaces the identity keys, computed from `current`
 * for the field that stays, and settles a conflict the migration flagged (decision 023).
 */
function updateOf(changes: UserChanges, current: StoredUser | null): Update {
  const $set: NonNullable<Update['$set']> = { updatedAt: new Date() }
  // A field given as undefined is removed (a SCIM client's replace without an `externalId` clears it).
  const $unset: NonNullable<Update['$unset']> = {}
  // A password someone chose (a reset, an administrator, a SCIM client) makes the account's password usable.
  const passwordChosen = changes.passwordHash !== undefined && !('passwordUnusable' in changes)
  for (const [field, value] of Object.entries(
    passwordChosen ? { ...changes, passwordUnusable: undefined } : changes,
  )) {
    if (value === undefined) $unset[field] = true
    else $set[field] = value
  }
  const withUnset = (update: Update): Update =>
    Object.keys($unset).length > 0 ? { ...update, $unset: { ...update.$unset, ...$unset } } : update
  if (changes.username === undefined && changes.email === undefined) return withUnset({ $set })
  const username = changes.username ?? current!.username
  const email = changes.email ?? current!.email
  $set.usernameKey = usernameKey(username)
  $set.email = normaliseEmail(email)
  $set.identityKeys = identityKeysOf(username, email)
  return withUnset(current?.identityConflict ? { $set, $unset: { identityConflict: true } } : { $set })
}

export type UsersRepository = Awaited<ReturnType<typeof createUsersRepository>>
