import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { ErrorBodySchema } from '@app/contracts/errors'
import {
  InternalUserImportRequestSchema,
  InternalUserImportResponseSchema,
  type InternalUserImportRequest,
  type InternalUserImportResponse,
} from '@app/contracts/imports'
import { passwordProblem } from '@app/domain/passwords'
import type { EventBus } from '@app/kit/bus/port'
import { DuplicateKeyError } from '@app/kit/store/port'
import type { ZodTypeProvider } from '@app/kit/validation'
import { announceUserCreated } from '../../accounts.ts'
import { hashPassword } from '../../passwords.ts'
import { normaliseEmail, type StoredUser, type UsersRepository } from '../../repositories/users-repository.ts'

type Result = InternalUserImportResponse['results'][number]
type Row = InternalUserImportRequest['users'][number]

const EmailSchema = z.email()
/** A batch of 500 rows whose names are all escaped characters is still far below this. */
const BATCH_BODY_LIMIT_BYTES = 8 * 1_048_576
export const DUPLICATE_EMAIL_REASON = 'A user with this email already exists'

const ERRORS = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema }

/**
 * Accounts for an import (import → auth): standard users who choose their own password at the first login
 * (DESIGN.md decision 3), username their e-mail. Every row carries an import key, so a batch sent again
 * after a crash or a timeout finds the accounts it made instead of making them twice.
 */
export async function userImportRoutes(
  app: FastifyInstance,
  options: { users: UsersRepository; bus: EventBus },
) {
  const { users, bus } = options
  const routes = app.withTypeProvider<ZodTypeProvider>()

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
      const results: Array<Result | undefined> = new Array(rows.length)
      const earlier = new Map(
        (await users.findByImportKeys(rows.map((row) => row.importKey))).map((user) => [
          user.importKey!,
          user,
        ]),
      )

      // Rows refused without touching the store; the rest are candidates to create.
      const candidates: Array<{ index: number; row: Row; email: string }> = []
      const firstIndexOfKey = new Map<string, number>()
      const claimedEmails = new Set<string>()
      for (const [index, row] of rows.entries()) {
        const { importKey } = row
        const before = earlier.get(importKey)
        if (before) {
          results[index] = { importKey, status: 'existing', userId: before.id }
          continue
        }
        if (firstIndexOfKey.has(importKey)) continue // a repeat inside the batch: answered below
        firstIndexOfKey.set(importKey, index)
        const email = normaliseEmail(row.email)
        if (!EmailSchema.safeParse(email).success) {
          results[index] = { importKey, status: 'invalid', reason: 'Invalid email address' }
          continue
        }
        const problem = passwordProblem(row.password, [email])
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

      const held = new Set<string>()
      if (candidates.length > 0) {
        for (const holder of await users.findHoldersOf(candidates.map((candidate) => candidate.email))) {
          held.add(holder.email)
          held.add(holder.usernameKey)
        }
      }
      const toCreate = candidates.filter((candidate) => {
        if (!held.has(candidate.email)) return true
        results[candidate.index] = {
          importKey: candidate.row.importKey,
          status: 'duplicate',
          reason: DUPLICATE_EMAIL_REASON,
        }
        return false
      })

      // Every hash at once: @node-rs/argon2 runs each on the libuv pool, so they spread over every core.
      const hashes = await Promise.all(toCreate.map((candidate) => hashPassword(candidate.row.password)))
      // Concurrent inserts also share the store's fsyncs.
      const outcomes = await Promise.allSettled(
        toCreate.map(({ row, email }, position) =>
          users.create({
            username: email,
            email,
            firstName: row.firstName.trim(),
            lastName: row.lastName.trim(),
            name: row.name.trim() || `${row.firstName.trim()} ${row.lastName.trim()}`.trim(),
            role: 'standard',
            passwordHash: hashes[position]!,
            mustChangePassword: true,
            importKey: row.importKey,
          }),
        ),
      )
      const created: StoredUser[] = []
      for (const [position, outcome] of outcomes.entries()) {
        const { index, row } = toCreate[position]!
        const { importKey } = row
        if (outcome.status === 'fulfilled') {
          created.push(outcome.value)
          results[index] = { importKey, status: 'created', userId: outcome.value.id }
          continue
        }
        const error = outcome.reason as unknown
        if (!(error instanceof DuplicateKeyError)) throw error
        // The same batch ran concurrently and created it first, or another account took the address.
        const raced = await users.findByImportKey(importKey)
        results[index] = raced
          ? { importKey, status: 'existing', userId: raced.id }
          : { importKey, status: 'duplicate', reason: DUPLICATE_EMAIL_REASON }
      }
      for (const [index, row] of rows.entries()) {
        if (results[index]) continue
        const first = results[firstIndexOfKey.get(row.importKey)!]!
        results[index] = first.userId
          ? { importKey: row.importKey, status: 'existing', userId: first.userId }
          : { ...first }
      }

      for (const user of created) await announceUserCreated(bus, user)
      const counts = { created: 0, existing: 0, duplicate: 0, invalid: 0 }
      for (const result of results) counts[result!.status] += 1
      request.log.info({ event: 'users_imported', rows: rows.length, ...counts }, 'import batch of users')
      return { results: results as Result[] }
    },
  )
}
