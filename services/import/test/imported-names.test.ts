import { describe, expect, it } from 'vitest'
import { USERS_CREATED } from '@app/contracts/events'
import type { Identity } from '@app/kit/identity'
import { catalogChangeLogOf } from '@app/profiles/catalog-changes'
import { administrator, as, DISC_HEADER, importCsv, useImportProduct } from './support/import-product.ts'

/**
 * An imported person's name reaches profiles one way, in the import's batch (docs/decisions/047-imported-
 * names-in-the-batch.md): no users.created.v1 per row, one catalog change per batch, and the names shown
 * wherever they were.
 */
const BATCH = 4
const context = useImportProduct({ config: { IMPORT_BATCH_SIZE: BATCH } })

/** Counts the users.created.v1 events the bus delivers from now on. */
async function countAnnouncements() {
  const seen: number[] = []
  const subscription = await context.bus.subscribe(
    USERS_CREATED,
    async (event) => void seen.push((event.data as { id: number }).id),
    { group: 'test.announcements' },
  )
  return { seen, close: () => subscription.close() }
}

const people = (rows: number) =>
  Array.from({ length: rows }, (_, index) => ({
    first: `Person${index}`,
    last: `Surname${String.fromCharCode(97 + index)}`,
    email: `Person${index}@Example.com`,
  }))

const get = (url: string, identity: Identity = administrator) =>
  context.profiles.inject({ method: 'GET', url, headers: as('profiles', identity) })

describe('the names of imported people', () => {
  it('reach profiles in the batch only: no users.created.v1, one catalog change per batch', async () => {
    const rows = people(10)
    const announcements = await countAnnouncements()
    const changes = catalogChangeLogOf(context.kv)
    const before = await changes.latest()

    const response = await importCsv(
      context.app,
      [DISC_HEADER, ...rows.map((row) => `${row.first},${row.last},${row.email},60,20,30,10`)].join('\n'),
    )
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json().successfulRecords).toBe(rows.length)

    // The event road, were it taken, would add one change per person to the one per batch. (The first
    // administrator's own announcement may land meanwhile: it names no one imported.)
    const imported = new Set((response.json().report as Array<{ userId: number }>).map((row) => row.userId))
    const recorded = await changes.read(before + 1, await changes.latest())
    const batches = recorded.flatMap((change) => (change?.kind === 'profiles-saved' ? [change] : []))
    expect(batches).toHaveLength(Math.ceil(rows.length / BATCH))
    expect(
      recorded.filter((change) => change?.kind === 'person-changed' && imported.has(change.userId)),
    ).toEqual([])
    expect(recorded.length - batches.length).toBeLessThanOrEqual(1)
    const owners = batches.flatMap((change) => change.owners ?? [])
    expect(owners.map((owner) => owner.userId).sort()).toEqual([...imported].sort())

    // An account made another way is still announced, and the counter hears it.
    const registered = await context.auth.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: as('auth', administrator),
      payload: {
        username: 'reg@example.com',
        email: 'reg@example.com',
        password: 'a long password 1',
        name: 'Reg Ister',
      },
    })
    expect(registered.statusCode, registered.body).toBe(201)
    await expect.poll(() => announcements.seen).toContain(registered.json().id)
    // Published before it, had they been (the first administrator's may be among them).
    expect(announcements.seen.filter((id) => imported.has(id))).toEqual([])
    await announcements.close()
  })

  it('show in search, the team map and the administrator’s list, and name a later save without one', async () => {
    const rows = people(6)
    const response = await importCsv(
      context.app,
      [DISC_HEADER, ...rows.map((row) => `${row.first},${row.last},${row.email},60,20,30,10`)].join('\n'),
    )
    expect(response.statusCode, response.body).toBe(200)
    const report = response.json().report as Array<{ userId: number; name: string; email: string }>
    const third = report[2]!
    expect(third).toMatchObject({ name: 'Person2 Surnamec', email: 'person2@example.com' })

    const search = await get(`/api/profiles/search?name=${encodeURIComponent(third.name)}`)
    expect(search.json().match).toMatchObject({ userId: third.userId, name: third.name })

    const map = await get('/api/profiles/map?q=surnamec')
    expect(map.json()).toMatchObject({ total: 6, matching: 1, people: [{ name: third.name }] })

    const listed = (await get('/api/all-profiles')).json() as Array<{
      userId: number
      name: string
      sharedBy?: { name: string; email: string }
    }>
    expect(listed).toHaveLength(rows.length)
    for (const row of report)
      expect(listed.find((profile) => profile.userId === row.userId)).toMatchObject({
        name: row.name,
        sharedBy: { name: row.name, email: row.email },
      })

    // Profiles holds the person too: their own save without a name is named after them.
    const person: Identity = {
      userId: third.userId,
      role: 'standard',
      username: third.email,
      mustChangePassword: false,
    }
    const saved = await context.profiles.inject({
      method: 'POST',
      url: '/api/assessments',
      headers: as('profiles', person),
      payload: {
        assessmentType: 'disc',
        dScore: 10,
        iScore: 20,
        sScore: 30,
        cScore: 40,
        answers: [],
      },
    })
    expect(saved.statusCode, saved.body).toBe(201)
    expect(saved.json()).toMatchObject({ userId: third.userId, name: third.name })
  })
})
