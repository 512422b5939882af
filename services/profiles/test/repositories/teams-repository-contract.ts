import { describe, expect, it } from 'vitest'
import type { DocumentStore } from '@app/kit/store/port'
import { createTeamsRepository } from '../../src/repositories/teams-repository.ts'

export type MakeStore = () => Promise<{ store: DocumentStore; reopen(): Promise<DocumentStore> }>

/**
 * The saved teams' repository, run unchanged over every document store the machine can run (the embedded
 * NeDB store always, MongoDB when a Docker engine answers): what it keeps, and whose it is.
 */
export function teamsRepositoryContract(name: string, makeStore: MakeStore) {
  describe(`teams repository: ${name}`, () => {
    const open = async () => {
      const opened = await makeStore()
      let at = Date.parse('2026-11-27T10:00:00Z')
      const clock = () => new Date((at += 1000))
      return { ...opened, teams: await createTeamsRepository(opened.store, clock), clock }
    }

    it('keeps a team with its name and members in the chosen order, for its owner only', async () => {
      const { store, teams } = await open()
      const created = await teams.create(7, { name: 'Launch crew', memberIds: [30, 10, 20] })
      if (!('saved' in created)) throw new Error('the team was not saved')
      const team = created.saved
      expect(team).toMatchObject({ ownerId: 7, name: 'Launch crew', memberIds: [30, 10, 20] })
      expect(Number.isInteger(team.id)).toBe(true)
      expect(team.createdAt).toEqual(team.updatedAt)
      expect(await teams.findOwned(7, team.id)).toEqual(team)
      // Another user's id finds nothing, and changes nothing.
      expect(await teams.findOwned(8, team.id)).toBeNull()
      expect(await teams.update(8, team.id, { name: 'Mine now' })).toBeNull()
      expect(await teams.remove(8, team.id)).toBe(false)
      expect(await teams.findOwned(7, team.id)).toEqual(team)
      await store.close()
    })

    it("refuses a second team of the same name for one owner, letter case aside, but not another's", async () => {
      const { store, teams } = await open()
      expect(await teams.create(7, { name: 'Design', memberIds: [1] })).toHaveProperty('saved')
      expect(await teams.create(7, { name: 'DESIGN', memberIds: [2] })).toEqual({ nameTaken: true })
      expect(await teams.create(8, { name: 'Design', memberIds: [3] })).toHaveProperty('saved')
      const other = await teams.create(7, { name: 'Support', memberIds: [4] })
      if (!('saved' in other)) throw new Error('the team was not saved')
      expect(await teams.update(7, other.saved.id, { name: 'design' })).toEqual({ nameTaken: true })
      expect((await teams.findOwned(7, other.saved.id))?.name).toBe('Support')
      expect(await teams.countOf(7)).toBe(2)
      await store.close()
    })

    it('renames and replaces members apart, each change stamping the time', async () => {
      const { store, teams } = await open()
      const created = await teams.create(7, { name: 'Ops', memberIds: [1, 2] })
      if (!('saved' in created)) throw new Error('the team was not saved')
      const { id, createdAt } = created.saved
      const renamed = await teams.update(7, id, { name: 'Operations' })
      expect(renamed).toMatchObject({ saved: { name: 'Operations', memberIds: [1, 2], createdAt } })
      const replaced = await teams.update(7, id, { memberIds: [5] })
      expect(replaced).toMatchObject({ saved: { name: 'Operations', memberIds: [5] } })
      if (!replaced || !('saved' in replaced)) throw new Error('the team was not updated')
      expect(replaced.saved.updatedAt.getTime()).toBeGreaterThan(createdAt.getTime())
      // The old name is free again for the same owner.
      expect(await teams.create(7, { name: 'Ops', memberIds: [9] })).toHaveProperty('saved')
      await store.close()
    })

    it("lists an owner's teams by name and deletes them one by one or all at once", async () => {
      const { store, teams } = await open()
      for (const name of ['zeta', 'Alpha', 'beta']) await teams.create(7, { name, memberIds: [1] })
      await teams.create(8, { name: 'Other', memberIds: [1] })
      const listed = await teams.listOf(7)
      expect(listed.map((team) => team.name)).toEqual(['Alpha', 'beta', 'zeta'])
      expect(await teams.remove(7, listed[0]!.id)).toBe(true)
      expect(await teams.remove(7, listed[0]!.id)).toBe(false)
      expect(await teams.removeAllOf(7)).toBe(2)
      expect(await teams.listOf(7)).toEqual([])
      expect((await teams.listOf(8)).map((team) => team.name)).toEqual(['Other'])
      await store.close()
    })

    it('keeps what was saved across a restart of the store', async () => {
      const { reopen, teams } = await open()
      const created = await teams.create(7, { name: 'Kept', memberIds: [3, 1, 2] })
      if (!('saved' in created)) throw new Error('the team was not saved')
      const reopened = await reopen()
      const again = await createTeamsRepository(reopened)
      expect(await again.findOwned(7, created.saved.id)).toEqual(created.saved)
      expect(await again.create(7, { name: 'kept', memberIds: [1] })).toEqual({ nameTaken: true })
      await reopened.close()
    })
  })
}
