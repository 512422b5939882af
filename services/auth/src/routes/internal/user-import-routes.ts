import type { FastifyInstance } from 'fastify'
import type { InternalUserImportRequest, InternalUserImportResponse } from '@app/contracts/imports'
import { internalApi } from '@app/contracts/internal'
import { internalRouteOptions } from '@app/kit/api-route'
import { passwordProblem } from '@app/domain/passwords'
import { AppError } from '@app/kit/errors'
import { creationsOf, importKeyBatch, type FirstOfKey } from '@app/kit/import-batch'
import type { ZodTypeProvider } from '@app/kit/validation'
import { snapshotOf } from '../../user-events.ts'
import { isUnconfirmedGuest, takeOverAddress, type TakeoverDependencies } from '../../address-takeover.ts'
import type { Mailer } from '@app/kit/mailer'
import { newOneTimeToken } from '../../one-time-token.ts'
import { hashPassword } from '../../passwords.ts'
import type { ResetTokensRepository } from '../../repositories/reset-tokens-repository.ts'
import { normaliseEmail, type StoredUser, type UsersRepository } from '../../repositories/users-repository.ts'
import { sendSetPasswordLinks } from '../../set-password-links.ts'
import { isAccountEmail } from '@app/domain/email'

type Result = InternalUserImportResponse['results'][number]
type Row = InternalUserImportRequest['users'][number]
/** A row to make an account for, at its place among the first rows of the new keys. */
type Candidate = { position: number; row: Row; email: string }

export const DUPLICATE_EMAIL_REASON = 'A user with this email already exists'

const linksUnavailable = () =>
  new AppError(400, 'AUTH_MAIL_NOT_CONFIGURED', 'Set-password links need e-mail: SMTP_URL is not set')

export interface UserImportRoutesOptions {
  users: UsersRepository
  takeover: TakeoverDependencies
  /** What set-password links need; null when e-mail is not configured (no SMTP_URL): no links then. */
  links: { resetTokens: ResetTokensRepository; mailer: Mailer; publicUrl: string } | null
}

/**
 * Accounts for an import (import → auth): standard users, username their e-mail, who either got a generated
 * password (to change at the first login) or are mailed a link to set their own (docs/decisions/024-random-first-passwords.md).
 * Every row carries an import key, so a batch sent again after a crash or a timeout finds the accounts it
 * made instead of making them twice. An address held by an unconfirmed guest account is taken over (decision 025).
 */
export async function userImportRoutes(app: FastifyInstance, options: UserImportRoutesOptions) {
  const { users, takeover, links } = options
  const routes = app.withTypeProvider<ZodTypeProvider>()

  const { userImportOptions, importUsers } = internalApi
  routes.get(userImportOptions.path, internalRouteOptions(userImportOptions), async () => ({
    setPasswordLinks: links !== null,
  }))

  routes.post(importUsers.path, internalRouteOptions(importUsers), async (request) => {
    const rows = request.body.users
    const withLinks = request.body.setPasswordLinks === true
    if (withLinks && !links) throw linksUnavailable()
    const batch: UserBatch = { users, takeover, withLinks, accounts: new Map() }
    const results = await importKeyBatch<Row, Result>(rows, {
      earlier: async (keys) => {
        const earlier = await users.findByImportKeys(keys)
        for (const user of earlier) batch.accounts.set(user.id, user)
        return new Map(
          earlier.map((user) => [
            user.importKey!,
            { importKey: user.importKey!, status: 'existing', userId: user.id },
          ]),
        )
      },
      settle: (firsts) => settleNewRows(batch, firsts),
      repeat: (row, first) =>
        first.userId ? { importKey: row.importKey, status: 'existing', userId: first.userId } : { ...first },
    })

    if (withLinks && links) {
      const sent = await sendSetPasswordLinks({ ...links, log: request.log }, [...batch.accounts.values()])
      for (const result of results) if (result.userId) result.linkSent = sent.get(result.userId) === true
    }
    // No users.created.v1 per account: the import hands each account to profiles in its batch, the one
    // road of an imported name (docs/decisions/047-imported-names-in-the-batch.md).
    for (const result of results) {
      const account = result.userId === undefined ? undefined : batch.accounts.get(result.userId)
      if (account) result.account = snapshotOf(account)
    }
    const counts = { created: 0, existing: 0, 'taken-over': 0, duplicate: 0, invalid: 0 }
    for (const result of results) counts[result.status] += 1
    request.log.info(
      { event: 'users_imported', rows: rows.length, links: withLinks, ...counts },
      'import batch of users',
    )
    return { results }
  })
}

/** One batch's dependencies and what it has made so far. */
interface UserBatch {
  users: UsersRepository
  takeover: TakeoverDependencies
  withLinks: boolean
  /** Every account the batch answers with, by id: the ones to mail a set-password link to. */
  accounts: Map<number, StoredUser>
}

/**
 * The first row of each new import key: refused (invalid, or an address already claimed), created, or, where an
 * unconfirmed guest account holds the address, taken over (decision 025). Answers in the order of `firsts`.
 */
async function settleNewRows(batch: UserBatch, firsts: Array<FirstOfKey<Row>>): Promise<Result[]> {
  const { users, withLinks } = batch
  const results: Array<Result | undefined> = new Array(firsts.length)
  const duplicate = (row: Row): Result => ({
    importKey: row.importKey,
    status: 'duplicate',
    reason: DUPLICATE_EMAIL_REASON,
  })
  const { toCreate, toTakeOver } = await sortCandidates(users, screen(firsts, withLinks, results), results)
  // A link's account gets a secret nobody sees; the person sets their own through the link.
  const passwordOf = (candidate: Candidate) => (withLinks ? newOneTimeToken() : candidate.row.password!)
  // Every hash at once: @node-rs/argon2 runs each on the libuv pool, so they spread over every core.
  const [createHashes, takeoverHashes] = await Promise.all([
    Promise.all(toCreate.map((candidate) => hashPassword(passwordOf(candidate)))),
    Promise.all(toTakeOver.map((candidate) => hashPassword(passwordOf(candidate)))),
  ])
  const accountOf = (candidate: Candidate, passwordHash: string) => ({
    firstName: candidate.row.firstName.trim(),
    lastName: candidate.row.lastName.trim(),
    name:
      candidate.row.name.trim() ||
      `${candidate.row.firstName.trim()} ${candidate.row.lastName.trim()}`.trim(),
    role: 'standard' as const,
    passwordHash,
    mustChangePassword: !withLinks,
    importKey: candidate.row.importKey,
  })
  // At once: concurrent inserts share the store's fsyncs.
  const outcomes = await Promise.allSettled(
    toCreate.map((candidate, position) =>
      users.create({
        username: candidate.email,
        email: candidate.email,
        ...accountOf(candidate, createHashes[position]!),
      }),
    ),
  )
  // The same batch ran concurrently and created it first, or another account took the address.
  const creations = await creationsOf(toCreate, outcomes, ({ row }) => users.findByImportKey(row.importKey))
  for (const [position, creation] of creations.entries()) {
    const { position: at, row } = toCreate[position]!
    if (creation.status === 'taken') {
      results[at] = duplicate(row)
      continue
    }
    batch.accounts.set(creation.made.id, creation.made)
    results[at] = { importKey: row.importKey, status: creation.status, userId: creation.made.id }
  }
  for (const [position, candidate] of toTakeOver.entries()) {
    const taken = await takeOverAddress(
      batch.takeover,
      candidate.holder,
      accountOf(candidate, takeoverHashes[position]!),
      { event: 'import' },
    )
    if (taken) batch.accounts.set(taken.id, taken)
    results[candidate.position] = taken
      ? { importKey: candidate.row.importKey, status: 'taken-over', userId: taken.id }
      : duplicate(candidate.row)
  }
  return results as Result[]
}

/** Answers the rows refused on their own (an invalid address or password, an address earlier in the batch). */
function screen(firsts: Array<FirstOfKey<Row>>, withLinks: boolean, results: Array<Result | undefined>) {
  const candidates: Candidate[] = []
  const claimedEmails = new Set<string>()
  for (const [position, { row }] of firsts.entries()) {
    const { importKey } = row
    const email = normaliseEmail(row.email)
    if (!isAccountEmail(email)) {
      results[position] = { importKey, status: 'invalid', reason: 'Invalid email address' }
      continue
    }
    const problem = withLinks
      ? null
      : row.password === undefined
        ? 'A password or a set-password link is needed'
        : passwordProblem(row.password, [email])
    if (problem) {
      results[position] = { importKey, status: 'invalid', reason: problem }
      continue
    }
    if (claimedEmails.has(email)) {
      results[position] = { importKey, status: 'duplicate', reason: DUPLICATE_EMAIL_REASON }
      continue
    }
    claimedEmails.add(email)
    candidates.push({ position, row, email })
  }
  return candidates
}

/** Who holds each address, as e-mail or username: nobody (create), one unconfirmed guest (take over), or someone else. */
async function sortCandidates(
  users: UsersRepository,
  candidates: Candidate[],
  results: Array<Result | undefined>,
) {
  const holders = new Map<string, StoredUser[]>()
  if (candidates.length > 0) {
    for (const holder of await users.findHoldersOf(candidates.map((candidate) => candidate.email))) {
      for (const address of new Set([holder.email, holder.usernameKey]))
        holders.set(address, [...(holders.get(address) ?? []), holder])
    }
  }
  const toCreate: Candidate[] = []
  const toTakeOver: Array<Candidate & { holder: StoredUser }> = []
  for (const candidate of candidates) {
    const held = holders.get(candidate.email) ?? []
    const [holder] = held
    if (!holder) toCreate.push(candidate)
    else if (held.length === 1 && holder.email === candidate.email && isUnconfirmedGuest(holder))
      toTakeOver.push({ ...candidate, holder })
    else
      results[candidate.position] = {
        importKey: candidate.row.importKey,
        status: 'duplicate',
        reason: DUPLICATE_EMAIL_REASON,
      }
  }
  return { toCreate, toTakeOver }
}
