import { describe, expect, it } from 'vitest'
import { USERS_DELETED, type UserDeleted } from '@app/contracts/events'
import { createEvent } from '@app/kit/bus/port'
import { testEventBus } from '@app/kit/testing/service-dependencies'
import {
  accounts,
  administrator,
  as,
  assessments,
  DISC_HEADER,
  getJob,
  importCsv,
  useImportProduct,
} from './support/import-product.ts'

const context = useImportProduct()

describe('users.deleted.v1 in the import service', () => {
  it('blanks every report row naming the person, however often it arrives, and leaves the others', async () => {
    const imported = await importCsv(
      context.app,
      `${DISC_HEADER}\nAnn,Lee,ann@example.com,70,20,5,5\nBo,Quist,bo@example.com,10,60,20,10\nAnn,Again,ANN@example.com,1,2,3,4`,
    )
    expect(imported.statusCode, imported.body).toBe(200)
    const jobId = (imported.json() as { jobId: string }).jobId
    const ann = (await accounts(context)).find((account) => account.email === 'ann@example.com')!
    const before = (await getJob(context.app, jobId)).body
    expect(before).toContain('ann@example.com')

    const deleted = await context.auth.inject({
      method: 'DELETE',
      url: `/api/admin/user/${ann.id}`,
      headers: as('auth', administrator),
    })
    expect(deleted.statusCode, deleted.body).toBe(200)

    await expect.poll(async () => (await getJob(context.app, jobId)).body.toLowerCase()).not.toContain('ann@')
    const report = (await getJob(context.app, jobId)).json() as { report: object[] }
    expect(report.report).toEqual([
      { row: 2, name: '', email: '', status: 'imported', reason: 'The account was deleted' },
      expect.objectContaining({ row: 3, name: 'Bo Quist', email: 'bo@example.com', status: 'imported' }),
      { row: 4, name: '', email: '', status: 'failed', reason: 'The account was deleted' },
    ])
    await expect
      .poll(async () => (await assessments(context)).map((profile) => profile.name))
      .toEqual(['Bo Quist'])

    const data: UserDeleted = {
      userId: ann.id,
      email: 'ann@example.com',
      deletedBy: administrator.userId,
      deletedAt: new Date().toISOString(),
    }
    const auth = testEventBus(context.bus, 'auth')
    await auth.publish(createEvent(USERS_DELETED, data), String(ann.id))
    await auth.publish(createEvent(USERS_DELETED, data), String(ann.id))
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect((await getJob(context.app, jobId)).json()).toEqual(report)
  })
})
