import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe } from 'vitest'
import { createNedbStore } from '@app/kit/store/nedb'
import { dockerUnavailableReason, startMongoForTests } from '@app/kit/testing/containers'
import { teamsRepositoryContract } from './teams-repository-contract.ts'

const directories: string[] = []
afterAll(async () => {
  await Promise.all(directories.map((directory) => rm(directory, { recursive: true, force: true })))
})

teamsRepositoryContract('embedded NeDB files', async () => {
  const directory = await mkdtemp(join(tmpdir(), 'profiles-teams-'))
  directories.push(directory)
  const store = await createNedbStore({ directory })
  return {
    store,
    reopen: async () => {
      await store.close()
      return createNedbStore({ directory })
    },
  }
})

const unavailable = await dockerUnavailableReason()
if (unavailable)
  console.warn(`Skipping the teams repository on MongoDB: no Docker engine is reachable (${unavailable})`)

describe.skipIf(unavailable !== null)('on MongoDB', () => {
  let mongo: Awaited<ReturnType<typeof startMongoForTests>>
  beforeAll(async () => {
    mongo = await startMongoForTests()
  }, 180_000)
  afterAll(async () => {
    await mongo?.stop()
  })
  teamsRepositoryContract('MongoDB', () => mongo.freshStore())
})
