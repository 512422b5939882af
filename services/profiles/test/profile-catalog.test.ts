import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createEmbeddedDependencies } from '@app/kit/testing/service-dependencies'
import { buildApp } from '../src/app.ts'
import { CATALOG_VERSION_KEY, createProfileCatalog } from '../src/profile-catalog.ts'
import { createAssessmentsRepository } from '../src/repositories/assessments-repository.ts'
import { ada, as, discScores } from './support/profiles-app.ts'

let dependencies: Awaited<ReturnType<typeof createEmbeddedDependencies>>
beforeEach(async () => {
  dependencies = await createEmbeddedDependencies()
})
afterEach(async () => {
  await dependencies.close()
})

const silent = { warn: () => undefined }

const stored = (name: string) => ({
  userId: '12',
  name,
  assessmentType: 'disc' as const,
  ...discScores,
  primaryType: 'D' as const,
  scoresData: null,
  answers: [],
  timestamp: new Date().toISOString(),
})

describe('the profile catalog', () => {
  it('shows a save made by another replica on the next request', async () => {
    // Two replicas of the service on one store and one key-value store, as in the networked mode.
    const first = await buildApp(dependencies)
    const second = await buildApp(dependencies)
    const names = async (app: typeof first) =>
      (await app.inject({ method: 'GET', url: '/api/accessible-profiles', headers: as(ada) }))
        .json()
        .map((profile: { name: string }) => profile.name)
    const save = (app: typeof first, name: string) =>
      app.inject({
        method: 'POST',
        url: '/api/assessments',
        headers: as(ada),
        payload: { ...discScores, name },
      })

    expect(await names(first)).toEqual([])
    expect(await names(second)).toEqual([])
    await save(first, 'Saved on the first')
    await save(second, 'Saved on the second')
    await save(first, 'Saved on the first again')
    const expected = ['Saved on the first again', 'Saved on the second', 'Saved on the first']
    expect(await names(first)).toEqual(expected)
    expect(await names(second)).toEqual(expected)
    await first.close()
    await second.close()
  })

  it('reloads when its snapshot is older than the maximum age, even if the version was lost', async () => {
    const assessments = await createAssessmentsRepository(dependencies.store)
    let clock = 1_000
    const catalog = createProfileCatalog({
      assessments,
      kv: dependencies.kv,
      log: silent,
      maxAgeMs: 5_000,
      now: () => clock,
    })
    await catalog.added(await assessments.create(stored('Through the catalog')))
    expect((await catalog.view()).ofOwner('12').map((profile) => profile.name)).toEqual([
      'Through the catalog',
    ])
    // Written behind the catalog's back and the version forgotten, as after a key-value store restart.
    await assessments.create(stored('Behind its back'))
    await dependencies.kv.delete(CATALOG_VERSION_KEY)
    await dependencies.kv.increment(CATALOG_VERSION_KEY, 60_000)
    clock += 1_000
    expect((await catalog.view()).all.map((profile) => profile.name)).toEqual(['Through the catalog'])
    clock += 5_000
    expect((await catalog.view()).all.map((profile) => profile.name)).toEqual([
      'Behind its back',
      'Through the catalog',
    ])
    expect((await catalog.view()).ofOwner('13')).toEqual([])
  })

  it('never lists a profile twice when a save races a reload', async () => {
    const assessments = await createAssessmentsRepository(dependencies.store)
    const catalog = createProfileCatalog({ assessments, kv: dependencies.kv, log: silent })
    const reading = catalog.view()
    const profile = await assessments.create(stored('Racing'))
    await catalog.added(profile)
    await reading
    const profiles = (await catalog.view()).all
    expect(profiles.filter((candidate) => candidate.id === profile.id)).toHaveLength(1)
  })
})

describe('texts cached per catalog state', () => {
  it('are computed once, and again after a save, which a view from before the save never caches', async () => {
    const assessments = await createAssessmentsRepository(dependencies.store)
    const catalog = createProfileCatalog({ assessments, kv: dependencies.kv, log: silent })
    let computed = 0
    const text = (view: Awaited<ReturnType<typeof catalog.view>>) =>
      view.cachedText('names', () => {
        computed += 1
        return view.all.map((profile) => profile.name).join(',')
      })
    await catalog.added(await assessments.create(stored('One')))
    const before = await catalog.view()
    expect(text(before)).toBe('One')
    expect(text(await catalog.view())).toBe('One')
    expect(computed).toBe(1)
    await catalog.added(await assessments.create(stored('Two')))
    expect(text(before)).toBe('Two,One')
    expect(computed).toBe(2)
    expect(text(await catalog.view())).toBe('Two,One')
    expect(text(await catalog.view())).toBe('Two,One')
    expect(computed).toBe(3)
  })
})
