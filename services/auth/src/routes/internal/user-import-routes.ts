import type { FastifyInstance } from 'fastify'
import { ErrorBodySchema } from '@app/contracts/errors'
import {
  InternalImportMailOptionsSchema,
  InternalUserImportRequestSchema,
  InternalUserImportResponseSchema,
  type InternalUserImportRequest,
  type InternalUserImportResponse,
} from '@app/contracts/imports'
import { passwordProblem } from '@app/domain/passwords'
import { AppError } from '@app/kit/errors'
import { DuplicateKeyError } from '@app/kit/store/port'
import type { ZodTypeProvider } from '@app/kit/validation'
import { snapshotOf } from '../../accounts.ts'
import { isUnconfirmedGuest, takeOverAddress, type TakeoverDependencies } from '../../address-takeover.ts'
import type { Mailer } from '../../mailer.ts'
import { newOneTimeToken } from '../../one-time-token.ts'
import { hashPassword } from '../../passwords.ts'
import type { ResetTokensRepository } from '../../repositories/reset-tokens-repository.ts'
import { normaliseEmail, type StoredUser, type UsersRepository } from '../../repositories/users-repository.ts'
import { sendSetPasswordLinks } from '../../set-password-links.ts'
import { isAccountEmail } from '@app/domain/email'

type Result = InternalUserImportResponse['results'][number]
type Row = InternalUserImportRequest['users'][number]
type Candidate = { index: number; row: Row; email: string }

/** A batch of 500 rows whose names are all escaped characters is still far below this. */
const BATCH_BODY_LIMIT_BYTES = 8 * 1_048_576
export const DUPLICATE_EMAIL_REASON = 'A user with this email already exists'

const ERRORS = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema }

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

  routes.get(
    '/internal/users/import/options',
    {
      config: { access: { services: ['import'] } },
      schema: { response: { 200: InternalImportMailOptionsSchema, ...ERRORS } },
    },
    async () => ({ setPasswordLinks: links !== null }),
  )

  routes.post(
    '/internal/users/import',
    {
      config: { access: { services: ['import'] } },
      bodyLimit: BATCH_BODY_LIMIT_BYTES,
      schema: {
        body: InternalUserImportRequestSchema,
        response: { 200: InternalUserImportResponseSchema, ...ERRORS },
      },
    },
    async (request) => {
      const rows = request.body.users
      const withLinks = request.body.setPasswordLinks === true
      if (withLinks && !links) throw linksUnavailable()
      const plan = await planBatch(users, rows, withLinks)
      const { results } = plan
      // A link's account gets a secret nobody sees; the person sets their own through the link.
      const passwordOf = (candidate: Candidate) => (withLinks ? newOneTimeToken() : candidate.row.password!)
      // Every hash at once: @node-rs/argon2 runs each on the libuv pool, so they spread over every core.
      const [createHashes, takeoverHashes] = await Promise.all([
        Promise.all(plan.toCreate.map((candidate) => hashPassword(passwordOf(candidate)))),
        Promise.all(plan.toTakeOver.map((candidate) => hashPassword(passwordOf(candidate)))),
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
      await createAccounts(users, plan, (candidate, position) =>
        accountOf(candidate, createHashes[position]!),
      )
      for (const [position, candidate] of plan.toTakeOver.entries()) {
        const taken = await takeOverAddress(
          takeover,
          candidate.holder,
          accountOf(candidate, takeoverHashes[position]!),
          { event: 'import' },
        )
        const { importKey } = candidate.row
        results[candidate.index] = taken
          ? { importKey, status: 'taken-over', userId: taken.id }
          : { importKey, status: 'duplicate', reason: DUPLICATE_EMAIL_REASON }
        if (taken) plan.accounts.set(taken.id, taken)
      }
      for (const [index, row] of rows.entries()) {
        if (results[index]) continue
        const first = results[plan.firstIndexOfKey.get(row.importKey)!]!
        results[index] = first.userId
          ? { importKey: row.importKey, status: 'existing', userId: first.userId }
          : { ...first }
      }

      if (withLinks && links) {
        const sent = await sendSetPasswordLinks({ ...links, log: request.log }, [...plan.accounts.values()])
        for (const result of results) if (result?.userId) result.linkSent = sent.get(result.userId) === true
      }
      // No users.created.v1 per account: the import hands each account to profiles in its batch, the one
      // road of an imported name (docs/decisions/047-imported-names-in-the-batch.md).
      for (const result of results) {
        const account = result?.userId === undefined ? undefined : plan.accounts.get(result.userId)
        if (account) result!.account = snapshotOf(account)
      }
      const counts = { created: 0, existing: 0, 'taken-over': 0, duplicate: 0, invalid: 0 }
      for (const result of results) counts[result!.status] += 1
      request.log.info(
        { event: 'users_imported', rows: rows.length, links: withLinks, ...counts },
        'import batch of users',
      )
      return { results: results as Result[] }
    },
  )
}

interface BatchPlan {
  results: Array<Result | undefined>
  firstIndexOfKey: Map<string, number>
  toCreate: Candidate[]
  toTakeOver: Array<Candidate & { holder: StoredUser }>
  /** Every account the batch answers with, by id: the ones to mail a set-password link to. */
  accounts: Map<number, StoredUser>
}

/** Answers what needs no write (earlier accounts, refusals, duplicates) and sorts the rest. */
async function planBatch(users: UsersRepository, rows: Row[], withLinks: boolean): Promise<BatchPlan> {
  const results: Array<Result | undefined> = new Array(rows.length)
  const accounts = new Map<number, StoredUser>()
  const earlier = new Map(
    (await users.findByImportKeys(rows.map((row) => row.importKey))).map((user) => [user.importKey!, user]),
  )
  const candidates: Candidate[] = []
  const firstIndexOfKey = new Map<string, number>()
  const claimedEmails = new Set<string>()
  for (const [index, row] of rows.entries()) {
    const { importKey } = row
    const before = earlier.get(importKey)
    if (before) {
      results[index] = { importKey, status: 'existing', userId: before.id }
      accounts.set(before.id, before)
      continue
    }
    if (firstIndexOfKey.has(importKey)) continue // a repeat inside the batch: answered at the end
    firstIndexOfKey.set(importKey, index)
    const email = normaliseEmail(row.email)
    if (!isAccountEmail(email)) {
      results[index] = { importKey, status: 'invalid', reason: 'Invalid email address' }
      continue
    }
    const problem = withLinks
      ? null
      : row.password === undefined
        ? 'A password or a set-password link is needed'
        : passwordProblem(row.password, [email])
    if (problem) {
      results[index] = { importKey, status: 'invalid', reason: problem }
      continue
    }
    if (claimedEmails.has(email)) {
      results[index] = { importKey, status: 'duplicate', reason: DUPLICATE_EMAIL_REASON }
      continue
    }
    claimedEmails.add(email)
    candidates.push({ index, row, email })
  }

  // Who holds each address, as e-mail or username: nobody, one unconfirmed guest account, or someone else.
  const holders = new Map<string, StoredUser[]>()
  if (candidates.length > 0) {
    for (const holder of await users.findHoldersOf(candidates.map((candidate) => candidate.email))) {
      for (const address of new Set([holder.email, holder.usernameKey]))
        holders.set(address, [...(holders.get(address) ?? []), holder])
    }
  }
  const toCreate: Candidate[] = []
  const toTakeOver: BatchPlan['toTakeOver'] = []
  for (const candidate of candidates) {
    const held = holders.get(candidate.email) ?? []
    const [holder] = held
    if (!holder) toCreate.push(candidate)
    else if (held.length === 1 && holder.email === candidate.email && isUnconfirmedGuest(holder))
      toTakeOver.push({ ...candidate, holder })
    else
      results[candidate.index] = {
        importKey: candidate.row.importKey,
        status: 'duplicate',
        reason: DUPLICATE_EMAIL_REASON,
      }
  }
  return { results, firstIndexOfKey, toCreate, toTakeOver, accounts }
}

/** Creates the new accounts at once (concurrent inserts share the store's fsyncs) and answers their rows. */
async function createAccounts(
  users: UsersRepository,
  plan: BatchPlan,
  accountOf: (
    candidate: Candidate,
    position: number,
  ) => Omit<Parameters<UsersRepository['create']>[0], 'username' | 'email'>,
): Promise<StoredUser[]> {
  const outcomes = await Promise.allSettled(
    plan.toCreate.map((candidate, position) =>
      users.create({ username: candidate.email, email: candidate.email, ...accountOf(candidate, position) }),
    ),
  )
  const created: StoredUser[] = []
  for (const [position, outcome] of outcomes.entries()) {
    const { index, row } = plan.toCreate[position]!
    const { importKey } = row
    if (outcome.status === 'fulfilled') {
      created.push(outcome.value)
      plan.accounts.set(outcome.value.id, outcome.value)
      plan.results[index] = { importKey, status: 'created', userId: outcome.value.id }
      continue
    }
    const error = outcome.reason as unknown
    if (!(error instanceof DuplicateKeyError)) throw error
    // The same batch ran concurrently and created it first, or another account took the address.
    const raced = await users.findByImportKey(importKey)
    if (raced) plan.accounts.set(raced.id, raced)
    plan.results[index] = raced
      ? { importKey, status: 'existing', userId: raced.id }
      : { importKey, status: 'duplicate', reason: DUPLICATE_EMAIL_REASON }
  }
  return created
}
