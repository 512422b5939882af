import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createDocumentStore } from '../../src/store/index.ts'
import { openPeople, person } from './fixtures.ts'

describe('createDocumentStore', () => {
  const directories: string[] = []
  afterAll(async () => {
    await Promise.all(directories.map((directory) => rm(directory, { recursive: true, force: true })))
  })

  it('uses NeDB files under <dataDirectory>/<service>/ when no MongoDB URL is set', async () => {
    const dataDirectory = await mkdtemp(join(tmpdir(), 'kit-data-'))
    directories.push(dataDirectory)
    const store = await createDocumentStore({ dataDirectory, service: 'profiles' })
    expect(store.kind).toBe('nedb')
    await (await openPeople(store)).insert(person())
    await store.close()
    expect(await readdir(dataDirectory)).toEqual(['profiles'])
    expect((await readdir(join(dataDirectory, 'profiles'))).sort()).toEqual(['counters.db', 'people.db'])
  })

  it('keeps NeDB in memory when the data directory is null', async () => {
    const store = await createDocumentStore({ dataDirectory: null, service: 'auth' })
    expect(store.kind).toBe('nedb')
    expect((await (await openPeople(store)).insert(person())).id).toBe(1)
    await store.close()
  })

  it('refuses a service name that could escape the data directory', async () => {
    await expect(createDocumentStore({ dataDirectory: '/tmp', service: '../etc' })).rejects.toThrow(
      'Invalid service name',
    )
  })
})
