import { describe, expect, it } from 'vitest'
import { InternalUserImportResponseSchema } from '@app/contracts/imports'
import { generatedPassword } from '@app/domain/passwords'
import { serviceHeaders, testServiceClient } from '@app/kit/testing/service-dependencies'
import { createImportJobsRepository, type StoredRow } from '../src/repositories/import-jobs-repository.ts'
import {
  accounts,
  administrator,
  as,
  assessments,
  DISC_HEADER,
  eventsOf,
  getJob,
  importCsv,
  importRecords,
  logIn,
  useImportProduct,
} from './support/import-product.ts'

const context = useImportProduct({
  config: { IMPORT_BATCH_SIZE: 5, IMPORT_BATCHES_IN_FLIGHT: 1, IMPORT_PASSWORD_FORMAT: 'spec' },
})

const people = Array.from({ length: 40 }, (_, index) => ({
  first: 'Person',
  last: `Number${index}`,
  email: `person${index}@example.com`,
}))
const csvText = [
  DISC_HEADER,
  ...people.map((person) => `${person.first},${person.last},${person.email},10,20,30,40`),
].join('\n')

const importedEmails = async () =>
  (await accounts(context)).map((user) => user.email).filter((email) => email !== 'admin@example.com')

/** Import's clients when auth stops answering (nothing listens on port 9) and profiles still does. */
const clientsWithAuthDown = () => ({
  auth: testServiceClient('import', 'auth', 'http://127.0.0.1:9', { retries: 0 }),
  profiles: testServiceClient('import', 'profiles', context.profilesUrl),
})

describe('an import whose process stops mid-way', () => {
  it('is finished by the next start: every account made is in the report, none twice, and importing again is safe', async () => {
    const answer = importCsv(context.app, csvText, { accept: 'text/event-stream' })
    // Stop the process once two batches are done.
    let jobId: string | undefined
    for (let waited = 0; waited < 15_000; waited += 10) {
      const [job] = (
        await context.app.inject({
          method: 'GET',
          url: '/api/admin/imports',
          headers: as('import', administrator),
        })
      ).json()
      jobId = job?.id
      if (job && job.processedRecords >= 10) break
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    await context.app.close()
    const stopped = eventsOf((await answer).body).at(-1)
    expect(stopped).toMatchObject({ type: 'error', code: 'IMPORT_STOPPED' })

    const restarted = await context.buildImport({ jobs: { staleAfterMs: 0 } })
    expect(await restarted.recoverImports()).toBe(1)
    const job = (await getJob(restarted, jobId!)).json()
    expect(job.status).toBe('interrupted')
    expect(job.processedRecords).toBeGreaterThanOrEqual(10)
    expect(job.processedRecords).toBeLessThan(40)
    const notReached = 40 - job.processedRecords
    expect(job.message).toBe(
      `The import was interrupted when the import service stopped: ${job.successfulRecords} of 40 users were imported, 0 failed and ${notReached} rows were not reached. Importing the same file again is safe: rows already imported then fail as duplicates.`,
    )
    // No user without a report line, no report line without its user, and each profile once.
    const reported = job.report.filter((row: { status: string }) => row.status === 'imported')
    expect(reported).toHaveLength(job.successfulRecords)
    expect((await importedEmails()).sort()).toEqual(
      reported.map((row: { email: string }) => row.email).sort(),
    )
    expect((await assessments(context)).map((profile) => profile.userId).sort()).toEqual(
      reported.map((row: { userId: number }) => row.userId).sort(),
    )

    const again = await importCsv(restarted, csvText)
    expect(again.json()).toMatchObject({ successfulRecords: notReached, failedRecords: 40 - notReached })
    expect(
      again
        .json()
        .report.filter((row: { reason?: string }) => row.reason === 'A user with this email already exists'),
    ).toHaveLength(40 - notReached)
    expect((await importedEmails()).sort()).toEqual(people.map((person) => person.email).sort())
    expect(new Set((await assessments(context)).map((profile) => profile.userId)).size).toBe(40)
    expect(await assessments(context)).toHaveLength(40)
  })
})

describe('the audit record of an import a restart finished', () => {
  it('names who started it, from where and in which request, with the counts, once', async () => {
    const answer = importCsv(context.app, csvText, {
      accept: 'text/event-stream',
      'x-forwarded-for': '198.51.100.23',
      'x-request-id': 'import-req-7',
    })
    let jobId: string | undefined
    for (let waited = 0; waited < 15_000 && jobId === undefined; waited += 10) {
      const [job] = (
        await context.app.inject({
          method: 'GET',
          url: '/api/admin/imports',
          headers: as('import', administrator),
        })
      ).json()
      if (job && job.processedRecords >= 10) jobId = job.id
      else await new Promise((resolve) => setTimeout(resolve, 10))
    }
    await context.app.close()
    expect(eventsOf((await answer).body).at(-1)).toMatchObject({ type: 'error', code: 'IMPORT_STOPPED' })

    const restarted = await context.buildImport({ jobs: { staleAfterMs: 0 } })
    expect(await restarted.recoverImports()).toBe(1)
    const job = (await getJob(restarted, jobId!)).json()
    expect(job.status).toBe('interrupted')
    const [record] = await importRecords(context, 1)
    expect(record).toMatchObject({
      actor: { id: administrator.userId, role: 'administrator' },
      details: {
        importKind: 'disc',
        rows: 40,
        imported: job.successfulRecords,
        failed: job.failedRecords,
      },
      address: '198.51.100.23',
      requestId: 'import-req-7',
    })
    // Neither the stopped process nor a later sweep records it again.
    expect(await restarted.recoverImports()).toBe(0)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(await importRecords(context, 1)).toHaveLength(1)
  })
})

describe('a job left running with rows sent but unanswered', () => {
  async function crashedJob(heartbeatAt: Date, owner = 'a process that died') {
    const repository = await createImportJobsRepository(context.store)
    const job = await repository.createJob({
      kind: 'disc',
      status: 'running',
      message: 'Importing 5 rows',
      createdBy: 1,
      createdAt: new Date().toISOString(),
      finishedAt: null,
      totalRecords: 5,
      processedRecords: 1,
      successfulRecords: 0,
      failedRecords: 1,
      owner,
      heartbeatAt,
    })
    await repository.insertChunk(
      job.id,
      [{ row: 2, name: 'Bad Row', email: 'bad', status: 'failed', reason: 'Invalid email address: bad' }],
      false,
    )
    const pending: StoredRow[] = [
      ['Ann', 'Lee', 3],
      ['Bo', 'Quist', 4],
      ['Cy', 'Young', 5],
    ].map(([first, last, row]) => ({
      row: row as number,
      name: `${first} ${last}`,
      email: `${String(first).toLowerCase()}@example.com`,
      status: 'pending',
      firstName: first as string,
      lastName: last as string,
      disc: { D: 10, I: 20, S: 30, C: 40 },
      primaryType: 'C',
      prevue: null,
    }))
    await repository.insertChunk(job.id, pending, true)
    return { job, pending }
  }

  it('sends them again under their import keys: accounts made before the crash are found, not made twice', async () => {
    const { job, pending } = await crashedJob(new Date(Date.now() - 60_000))
    // Before it died, the process had auth create Ann and Bo, and profiles save Ann's assessment.
    const madeBefore = await context.auth.inject({
      method: 'POST',
      url: '/internal/users/import',
      headers: serviceHeaders('import', 'auth'),
      payload: {
        users: pending.slice(0, 2).map((row) => ({
          importKey: `${job.id}:${row.row}`,
          email: row.email,
          firstName: row.firstName,
          lastName: row.lastName,
          name: row.name,
          password: generatedPassword(row.firstName!, row.lastName!, 'capitalised'),
        })),
      },
    })
    const [ann] = InternalUserImportResponseSchema.parse(madeBefore.json()).results
    await context.profiles.inject({
      method: 'POST',
      url: '/internal/assessments/import',
      headers: serviceHeaders('import', 'profiles'),
      payload: {
        assessments: [
          {
            importKey: `${job.id}:3`,
            userId: ann!.userId,
            name: 'Ann Lee',
            assessmentType: 'disc',
            dScore: 10,
            iScore: 20,
            sScore: 30,
            cScore: 40,
            primaryType: 'C',
            scoresData: null,
          },
        ],
      },
    })

    const restarted = await context.buildImport()
    expect(await restarted.recoverImports()).toBe(1)
    expect(await restarted.recoverImports()).toBe(0)
    const recovered = (await getJob(restarted, job.id)).json()
    expect(recovered).toMatchObject({
      status: 'interrupted',
      processedRecords: 4,
      successfulRecords: 3,
      failedRecords: 1,
      message:
        'The import was interrupted when the import service stopped: 3 of 5 users were imported, 1 failed and 1 row was not reached. Importing the same file again is safe: rows already imported then fail as duplicates.',
      finishedAt: expect.any(String),
    })
    expect(recovered.report.map((row: { row: number; status: string }) => [row.row, row.status])).toEqual([
      [2, 'failed'],
      [3, 'imported'],
      [4, 'imported'],
      [5, 'imported'],
    ])
    expect(recovered.report[1].userId).toBe(ann!.userId)
    expect((await importedEmails()).sort()).toEqual(['ann@example.com', 'bo@example.com', 'cy@example.com'])
    const saved = await assessments(context)
    expect(saved).toHaveLength(3)
    expect(saved.find((profile) => profile.name === 'Cy Young')).toMatchObject({
      dScore: 10,
      cScore: 40,
      primaryType: 'C',
    })
    expect((await logIn(context, 'cy@example.com', '#CyYoung5')).statusCode).toBe(200)
  })

  it('leaves a job alone while its own process still beats', async () => {
    const { job } = await crashedJob(new Date(), 'a live replica')
    const other = await context.buildImport()
    expect(await other.recoverImports()).toBe(0)
    expect((await getJob(other, job.id)).json().status).toBe('running')
  })

  it('keeps rows pending while auth does not answer, and finishes them on a later sweep', async () => {
    const { job } = await crashedJob(new Date(Date.now() - 60_000))
    const cutOff = await context.buildImport({
      clients: clientsWithAuthDown(),
      jobs: { staleAfterMs: 0 },
    })
    expect(await cutOff.recoverImports()).toBe(0)
    expect((await getJob(cutOff, job.id)).json()).toMatchObject({ status: 'running', processedRecords: 1 })
    expect(await importedEmails()).toEqual([])

    const healthy = await context.buildImport({ jobs: { staleAfterMs: 0 } })
    expect(await healthy.recoverImports()).toBe(1)
    expect((await getJob(healthy, job.id)).json()).toMatchObject({
      status: 'interrupted',
      successfulRecords: 3,
    })
  })
})

describe('an import whose account service stops answering', () => {
  it('ends as interrupted, saying so, with the unanswered rows reported as not confirmed', async () => {
    const cutOff = await context.buildImport({ clients: clientsWithAuthDown() })
    const response = await importCsv(cutOff, csvText)
    expect(response.statusCode).toBe(200)
    const result = response.json()
    expect(result.message).toBe(
      'The import stopped because the account service did not answer: 0 of 40 users were imported, 5 failed and 35 rows were not reached. Importing the same file again is safe: rows already imported then fail as duplicates.',
    )
    expect(result.report[0].reason).toMatch(/^Not confirmed: the account service did not answer/)
    const job = (await getJob(cutOff, result.jobId)).json()
    expect(job).toMatchObject({ status: 'interrupted', processedRecords: 5 })
  })
})
