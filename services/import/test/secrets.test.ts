import { describe, expect, it } from 'vitest'
import { createImportJobsRepository } from '../src/repositories/import-jobs-repository.ts'
import { administrator, as, DISC_HEADER, eventsOf, useImportProduct } from './support/import-product.ts'

const logLines: string[] = []
const context = useImportProduct({
  logLines,
  config: { IMPORT_BATCH_SIZE: 2, IMPORT_PASSWORD_FORMAT: 'spec' },
})

describe('generated passwords', () => {
  it('are shown in the answers only: never in any log line or stored document', async () => {
    const csvText = `${DISC_HEADER}\nJohn,Smith,john@example.com,1,2,3,4\nAnn,Lee,ann@example.com,1,2,3,4\nBo,Quist,bo@example.com,1,2,3,4`
    const headers = { ...as('import', administrator), 'idempotency-key': 'secret-test' }
    const plain = await context.app.inject({
      method: 'POST',
      url: '/api/simple-import',
      headers,
      payload: { csvText },
    })
    const replayed = await context.app.inject({
      method: 'POST',
      url: '/api/simple-import',
      headers: { ...headers, accept: 'text/event-stream' },
      payload: { csvText },
    })
    const single = await context.app.inject({
      method: 'POST',
      url: '/api/admin/import/single',
      headers: as('import', administrator),
      payload: {
        firstName: 'Cy',
        lastName: 'Young',
        email: 'cy@example.com',
        dScore: 1,
        iScore: 2,
        sScore: 3,
        cScore: 4,
      },
    })
    const passwords = [...plain.json().importedUsers, ...single.json().importedUsers].map(
      (user: { password: string }) => user.password,
    )
    expect(passwords).toEqual(['#JohnSmith5', '#AnnLee3', '#BoQuist5', '#cyyoung5'])
    expect(eventsOf(replayed.body).at(-1)).toMatchObject({
      result: { importedUsers: plain.json().importedUsers },
    })

    // The log lines exist (so the check below can fail), and hold no password in any spelling.
    const logs = logLines.join('')
    expect(logs).toContain('import_finished')
    expect(logs).toContain('users_imported')
    for (const password of passwords) {
      expect(logs).not.toContain(password)
      expect(logs).not.toContain(JSON.stringify(password).slice(1, -1))
    }

    const repository = await createImportJobsRepository(context.store)
    const jobs = await repository.listJobs(10)
    expect(jobs).toHaveLength(2)
    const stored = JSON.stringify([
      jobs,
      ...(await Promise.all(jobs.map((job) => repository.rowsOf(job.id)))),
    ])
    for (const password of passwords) expect(stored.toLowerCase()).not.toContain(password.toLowerCase())
  })
})
