import { describe, expect, it } from 'vitest'
import {
  accounts,
  administrator,
  as,
  assessments,
  DISC_HEADER,
  eventsOf,
  importCsv,
  SPEC_PASSWORD_IMPORTS,
  standardUser,
  useImportProduct,
} from './support/import-product.ts'

const context = useImportProduct(SPEC_PASSWORD_IMPORTS)

describe('Idempotency-Key', () => {
  it('answers a repeat from the job, with the same passwords, and imports nothing twice', async () => {
    const csvText = `${DISC_HEADER}\nJohn,Smith,john@example.com,1,2,3,4\nBad,Row,bad,1,2,3,4`
    const first = await importCsv(context.app, csvText, { 'idempotency-key': 'key-1' })
    const again = await importCsv(context.app, csvText, { 'idempotency-key': 'key-1' })
    expect(again.statusCode).toBe(200)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.json()).toEqual(first.json())
    const streamed = await importCsv(context.app, csvText, {
      'idempotency-key': 'key-1',
      accept: 'text/event-stream',
    })
    expect(eventsOf(streamed.body).at(-1)).toEqual({ type: 'result', result: first.json() })
    expect((await accounts(context)).filter((user) => user.email === 'john@example.com')).toHaveLength(1)
    expect(await assessments(context)).toHaveLength(1)
  })

  it('refuses the same key with another file, and a malformed key', async () => {
    await importCsv(context.app, `${DISC_HEADER}\nJohn,Smith,john@example.com,1,2,3,4`, {
      'idempotency-key': 'key-2',
    })
    const other = await importCsv(context.app, `${DISC_HEADER}\nAnn,Lee,ann@example.com,1,2,3,4`, {
      'idempotency-key': 'key-2',
    })
    expect(other.statusCode).toBe(422)
    expect(other.json().code).toBe('IMPORT_IDEMPOTENCY_KEY_REUSED')
    const malformed = await importCsv(context.app, `${DISC_HEADER}\nAnn,Lee,ann@example.com,1,2,3,4`, {
      'idempotency-key': 'bad key',
    })
    expect(malformed.statusCode).toBe(400)
  })

  it('replays the single add, and keeps keys apart per administrator', async () => {
    const headers = { 'idempotency-key': 'single-1' }
    const body = {
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.com',
      dScore: 1,
      iScore: 2,
      sScore: 3,
      cScore: 4,
    }
    const send = (identity = administrator) =>
      context.app.inject({
        method: 'POST',
        url: '/api/admin/import/single',
        headers: { ...as('import', identity), ...headers },
        payload: body,
      })
    const first = await send()
    const again = await send()
    expect(again.json()).toEqual(first.json())
    const otherAdmin = await send({ ...administrator, userId: 99 })
    expect(otherAdmin.statusCode).toBe(409)
  })
})

describe('the jobs', () => {
  it('lists jobs newest first without reports, and shows one with its report but no password', async () => {
    const first = (await importCsv(context.app, `${DISC_HEADER}\nJohn,Smith,john@example.com,1,2,3,4`)).json()
    const second = (
      await importCsv(context.app, `${DISC_HEADER}\nAnn,Lee,ann@example.com,1,2,3,4\nx,y,z,1,2,3,4`)
    ).json()
    const list = await context.app.inject({
      method: 'GET',
      url: '/api/admin/imports',
      headers: as('import', administrator),
    })
    expect(list.statusCode).toBe(200)
    expect(list.json().map((job: { id: string }) => job.id)).toEqual([second.jobId, first.jobId])
    expect(list.json()[0]).not.toHaveProperty('report')
    expect(list.json()[0]).toMatchObject({
      kind: 'disc',
      status: 'completed',
      createdBy: 1,
      totalRecords: 2,
      processedRecords: 2,
      successfulRecords: 1,
      failedRecords: 1,
    })

    const one = await context.app.inject({
      method: 'GET',
      url: `/api/admin/imports/${second.jobId}`,
      headers: as('import', administrator),
    })
    expect(one.statusCode).toBe(200)
    expect(one.json()).toMatchObject({
      id: second.jobId,
      message: second.message,
      report: second.report,
      finishedAt: expect.any(String),
    })
    expect(one.body).not.toContain('#AnnLee3')
  })

  it('answers 404 for an unknown job and 400 for a malformed id', async () => {
    const unknown = await context.app.inject({
      method: 'GET',
      url: '/api/admin/imports/7b0c7e7e-2f0a-4c4b-9a55-3f9d0f8d2a11',
      headers: as('import', administrator),
    })
    expect(unknown.statusCode).toBe(404)
    const malformed = await context.app.inject({
      method: 'GET',
      url: '/api/admin/imports/not-a-uuid',
      headers: as('import', administrator),
    })
    expect(malformed.statusCode).toBe(400)
    const guest = await context.app.inject({
      method: 'GET',
      url: '/api/admin/imports',
      headers: as('import', standardUser),
    })
    expect(guest.statusCode).toBe(403)
  })
})
