import { z } from 'zod'
import { teamNameKey } from '@app/domain/saved-teams'
import type { DocumentStore } from '@app/kit/store/port'
import { UserIdSchema } from './assessments-repository.ts'

/**
 * A saved team (docs/decisions/058-saved-teams.md): its creator, its name, and the profile ids saved in it,
 * in the order they were chosen. `ownerNameKey` ties the name to its owner for the unique index, the port's
 * way of modelling a compound key; the ids are kept as saved, and who may see each is decided at every read.
 */
export const TeamDocumentSchema = z.object({
  ownerId: UserIdSchema,
  name: z.string(),
  ownerNameKey: z.string(),
  memberIds: z.array(z.number().int().positive()),
  createdAt: z.date(),
  updatedAt: z.date(),
})

export interface StoredTeam {
  id: number
  ownerId: number
  name: string
  memberIds: number[]
  createdAt: Date
  updatedAt: Date
}

/** A save's outcome: the team as stored, or the owner already has a team of that name. */
export type TeamSave = { saved: StoredTeam } | { nameTaken: true }

const ownerNameKeyOf = (ownerId: number, name: string) => `${ownerId}:${teamNameKey(name)}`
const isDuplicate = (error: unknown) => (error as Error).name === 'DuplicateKeyError'

const toTeam = (document: z.output<typeof TeamDocumentSchema> & { id: number }): StoredTeam => ({
  id: document.id,
  ownerId: document.ownerId,
  name: document.name,
  memberIds: document.memberIds,
  createdAt: document.createdAt,
  updatedAt: document.updatedAt,
})

/** Teams of one owner are found only with that owner's id: no method reads a team by its id alone. */
export async function createTeamsRepository(store: DocumentStore, now: () => Date = () => new Date()) {
  const teams = await store.collection('teams', {
    schema: TeamDocumentSchema,
    idKind: 'int',
    indexes: [{ field: 'ownerNameKey', unique: true }, { field: 'ownerId' }],
  })
  return {
    async create(ownerId: number, team: { name: string; memberIds: readonly number[] }): Promise<TeamSave> {
      const at = now()
      try {
        const inserted = await teams.insert({
          ownerId,
          name: team.name,
          ownerNameKey: ownerNameKeyOf(ownerId, team.name),
          memberIds: [...team.memberIds],
          createdAt: at,
          updatedAt: at,
        })
        return { saved: toTeam(inserted) }
      } catch (error) {
        if (isDuplicate(error)) return { nameTaken: true }
        throw error
      }
    },
    /** The owner's teams by name, letter case aside. */
    async listOf(ownerId: number): Promise<StoredTeam[]> {
      return (await teams.find({ ownerId }, { sort: { ownerNameKey: 1 } })).map(toTeam)
    },
    countOf(ownerId: number): Promise<number> {
      return teams.count({ ownerId })
    },
    async findOwned(ownerId: number, id: number): Promise<StoredTeam | null> {
      const found = await teams.findOne({ id, ownerId })
      return found ? toTeam(found) : null
    },
    /** A new name, new members, or both; null when the owner has no such team. */
    async update(
      ownerId: number,
      id: number,
      change: { name?: string | undefined; memberIds?: readonly number[] | undefined },
    ): Promise<TeamSave | null> {
      const fields = {
        ...(change.name !== undefined
          ? { name: change.name, ownerNameKey: ownerNameKeyOf(ownerId, change.name) }
          : {}),
        ...(change.memberIds !== undefined ? { memberIds: [...change.memberIds] } : {}),
        updatedAt: now(),
      }
      try {
        const updated = await teams.updateOne({ id, ownerId }, { $set: fields })
        return updated ? { saved: toTeam(updated) } : null
      } catch (error) {
        if (isDuplicate(error)) return { nameTaken: true }
        throw error
      }
    },
    remove(ownerId: number, id: number): Promise<boolean> {
      return teams.deleteOne({ id, ownerId })
    },
    /** Every team of an owner, for when their account goes; answers how many there were. */
    removeAllOf(ownerId: number): Promise<number> {
      return teams.deleteMany({ ownerId })
    },
  }
}
export type TeamsRepository = Awaited<ReturnType<typeof createTeamsRepository>>
