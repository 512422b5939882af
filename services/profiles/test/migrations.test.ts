import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createEmbeddedDependencies } from '@app/kit/testing/service-dependencies'
import { buildApp } from '../src/app.ts'
import { migrateToNumericUserIds } from '../src/migrations/numeric-user-ids.ts'
import { migrateUnmeasuredDiscScores } from '../src/migrations/unmeasured-disc-scores.ts'
import { ada, as, discScores, prevueScores } from './support/profiles-app.ts'

let dependencies: Awaited<ReturnType<typeof createEmbeddedDependencies>>
beforeEach(async () => {
  dependencies = await createEmbeddedDependencies('profiles')
})
afterEach(async () => {
  await dependencies.close()
})

/** Documents as profiles stored them while user ids were strings. */
async function writeOldShapedDocuments() {
  const assessments = await dependencies.store.collection('assessments', {
    schema: z.object({
      userId: z.string(),
      name: z.string(),
      assessmentType: z.string(),
      dScore: z.number(),
      iScore: z.number(),
      sScore: z.number(),
      cScore: z.number(),
      primaryType: z.string(),
      scoresData: z.null(),
      answers: z.array(z.string()),
      timestamp: z.string(),
    }),
    idKind: 'int',
  })
  const old = (userId: string, name: string) => ({
    userId,
    name,
    assessmentType: 'disc',
    ...discScores,
    primaryType: 'D',
    scoresData: null,
    answers: ['D', 'I', 'S', 'C'],
    timestamp: '2025-06-01T00:00:00.000Z',
  })
  await assessments.insert(old('12', 'Ada before'))
  await assessments.insert(old('13', 'Grace before'))
  await assessments.insert(old('12', 'Ada again'))
  await assessments.insert(old('bench-owner', 'Not a user'))
  const people = await dependencies.store.collection('people', {
    schema: z.object({
      userId: z.string(),
      username: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      name: z.string(),
      updatedAt: z.date(),
    }),
    idKind: 'uuid',
  })
  const person = {
    username: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'L',
    name: 'Ada L',
    updatedAt: new Date(),
  }
  await people.insert({ userId: '12', ...person })
  return { assessments, people }
}

describe('the migration to numeric user ids', () => {
  it('converts stored string ids to numbers at start-up, once, and the lists show them', async () => {
    const { assessments, people } = await writeOldShapedDocuments()
    const app = await buildApp(dependencies)
    const response = await app.inject({ method: 'GET', url: '/api/accessible-profiles', headers: as(ada) })
    expect(response.statusCode).toBe(200)
    expect(
      response.json().map((profile: { name: string; userId: unknown }) => [profile.name, profile.userId]),
    ).toEqual([
      ['Ada again', 12],
      ['Ada before', 12],
    ])
    const all = await assessments.find({})
    expect(all.map((document) => document.userId as unknown)).toEqual([12, 13, 12, 'bench-owner'])
    expect((await people.find({})).map((person) => person.userId as unknown)).toEqual([12])
    await app.close()

    // Idempotent: a second start (or run) finds nothing left to convert and changes nothing.
    expect(await migrateToNumericUserIds(dependencies.store)).toEqual({
      converted: { assessments: 0, people: 0 },
      unconvertible: { assessments: 1, people: 0 },
    })
    expect((await assessments.find({})).map((document) => document.userId as unknown)).toEqual([
      12,
      13,
      12,
      'bench-owner',
    ])
  })

  it('reports what it converted, and keeps the numeric twin of a person announced again', async () => {
    const { people } = await writeOldShapedDocuments()
    const numericPeople = await dependencies.store.collection('people', {
      schema: z.object({ userId: z.union([z.string(), z.number()]), name: z.string() }),
      idKind: 'uuid',
    })
    await numericPeople.insert({ userId: 12, name: 'Ada announced again' })
    expect(await migrateToNumericUserIds(dependencies.store)).toEqual({
      converted: { assessments: 3, people: 1 },
      unconvertible: { assessments: 1, people: 0 },
    })
    expect((await people.find({})).map((person) => [person.userId as unknown, person.name])).toEqual([
      [12, 'Ada announced again'],
    ])
  })
})

describe('the migration that clears DISC scores a Prevue profile never measured', () => {
  it('clears the zero scores and primary type D of stored Prevue profiles, once, and leaves DISC ones', async () => {
    // As saves and imports stored them before: four 0 scores and primary type D beside the Prevue result.
    const assessments = await dependencies.store.collection('assessments', {
      schema: z.object({
        userId: z.number(),
        name: z.string(),
        assessmentType: z.string(),
        dScore: z.number().nullable(),
        iScore: z.number().nullable(),
        sScore: z.number().nullable(),
        cScore: z.number().nullable(),
        primaryType: z.string().nullable(),
        scoresData: z.record(z.string(), z.number()).nullable(),
        answers: z.array(z.string()),
        timestamp: z.string(),
      }),
      idKind: 'int',
    })
    const stored = { userId: 12, answers: [], timestamp: '2025-06-01T00:00:00.000Z' }
    await assessments.insert({
      ...stored,
      name: 'Ada Prevue',
      assessmentType: 'prevue',
      dScore: 0,
      iScore: 0,
      sScore: 0,
      cScore: 0,
      primaryType: 'D',
      scoresData: prevueScores(7),
    })
    await assessments.insert({
      ...stored,
      name: 'Ada DISC',
      assessmentType: 'disc',
      ...discScores,
      primaryType: 'D',
      scoresData: null,
    })

    const app = await buildApp(dependencies)
    const response = await app.inject({ method: 'GET', url: '/api/accessible-profiles', headers: as(ada) })
    expect(response.statusCode).toBe(200)
    const byName = Object.fromEntries(
      response.json().map((profile: Record<string, unknown>) => [profile.name, profile]),
    )
    expect(byName['Ada Prevue']).toMatchObject({
      assessmentType: 'prevue',
      dScore: null,
      iScore: null,
      sScore: null,
      cScore: null,
      primaryType: null,
      scoresData: prevueScores(7),
    })
    expect(byName['Ada DISC']).toMatchObject({ ...discScores, primaryType: 'D', scoresData: null })
    const documents = await assessments.find({})
    expect(documents.map((document) => [document.name, document.dScore, document.primaryType])).toEqual([
      ['Ada Prevue', null, null],
      ['Ada DISC', 75, 'D'],
    ])
    await app.close()

    // Idempotent: a second start finds nothing left to clear.
    expect(await migrateUnmeasuredDiscScores(dependencies.store)).toBe(0)
  })
})
