import { z } from 'zod'
import type { DocumentStore } from '@app/kit/store/port'
import type { ScimToken } from '@app/contracts/scim-tokens'
import { hashOneTimeToken, newOneTimeToken } from '../one-time-token.ts'

/** Tokens say what they are, so a leaked one is recognised by secret scanners and people alike. */
const TOKEN_PREFIX = 'scim_'
/** A token's last use is written at most this often: a provisioning run is hundreds of calls. */
const LAST_USED_GRANULARITY_MS = 60_000

const ScimTokenDocumentSchema = z.object({
  /** Only the SHA-256 is kept, as of reset links: a leaked database holds no usable token (decision 064). */
  tokenHash: z.string().length(64),
  label: z.string(),
  createdBy: z.number().int(),
  createdAt: z.date(),
  lastUsedAt: z.date().optional(),
})
type StoredScimToken = z.infer<typeof ScimTokenDocumentSchema> & { id: string }
export type ScimTokenHolder = Pick<StoredScimToken, 'id' | 'createdBy'>

const toScimToken = (token: StoredScimToken): ScimToken => ({
  id: token.id,
  label: token.label,
  createdAt: token.createdAt.toISOString(),
  createdBy: token.createdBy,
  lastUsedAt: token.lastUsedAt?.toISOString() ?? null,
})

/** The bearer tokens of SCIM clients, created and revoked by administrators (decision 064). */
export async function createScimTokensRepository(store: DocumentStore, now: () => number = Date.now) {
  const tokens = await store.collection('scim_tokens', {
    schema: ScimTokenDocumentSchema,
    idKind: 'uuid',
    indexes: [{ field: 'tokenHash', unique: true }],
  })
  return {
    /** A new token: the only time it exists outside its holder's hands. */
    async create(label: string, createdBy: number): Promise<ScimToken & { token: string }> {
      const token = `${TOKEN_PREFIX}${newOneTimeToken()}`
      const stored = await tokens.insert({
        tokenHash: hashOneTimeToken(token),
        label,
        createdBy,
        createdAt: new Date(now()),
      })
      return { ...toScimToken(stored), token }
    },
    async list(): Promise<ScimToken[]> {
      return (await tokens.find({}, { sort: { createdAt: 1 } })).map(toScimToken)
    },
    /** False when there was no such token. */
    async revoke(id: string): Promise<boolean> {
      return (await tokens.deleteMany({ id })) > 0
    },
    /**
     * The token in force a client presented (its id and the administrator who created it, on whose behalf
     * the client acts), or null; its last use is noted.
     */
    async verify(token: string): Promise<ScimTokenHolder | null> {
      if (!token.startsWith(TOKEN_PREFIX) || token.length > 200) return null
      const tokenHash = hashOneTimeToken(token)
      const found = await tokens.findOne({ tokenHash })
      if (!found) return null
      const moment = now()
      if (!found.lastUsedAt || moment - found.lastUsedAt.getTime() > LAST_USED_GRANULARITY_MS)
        await tokens.updateOne({ tokenHash }, { $set: { lastUsedAt: new Date(moment) } })
      return { id: found.id, createdBy: found.createdBy }
    },
  }
}
export type ScimTokensRepository = Awaited<ReturnType<typeof createScimTokensRepository>>
