import { describe, expect, it } from 'vitest'
import {
  administrator,
  as,
  DISC_HEADER,
  importRecords,
  SPEC_PASSWORD_IMPORTS,
  useImportProduct,
} from './support/import-product.ts'

const logLines: string[] = []
const context = useImportProduct({ ...SPEC_PASSWORD_IMPORTS, logLines })

describe('the audit record of an import', () => {
  it('says once who imported how many rows, how many failed, from where, and no password', async () => {
    const csvText = `${DISC_HEADER}\nJohn,Smith,john@example.com,1,2,3,4\nAnn,Lee,not-an-address,1,2,3,4\nBo,Quist,bo@example.com,1,2,3,4`
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/simple-import',
      headers: {
        ...as('import', administrator),
        'x-forwarded-for': '198.51.100.4',
        'x-request-id': 'import-req-1',
      },
      payload: { csvText },
    })
    expect(response.statusCode, response.body).toBe(200)
    const [record] = await importRecords(context, 1)
    expect(record).toMatchObject({
      actor: { id: administrator.userId, role: 'administrator' },
      details: { importKind: 'disc', rows: 3, imported: 2, failed: 1 },
      address: '198.51.100.4',
      requestId: 'import-req-1',
    })
    const passwords = (response.json() as { importedUsers: Array<{ password?: string }> }).importedUsers
      .map((user) => user.password)
      .filter((password): password is string => Boolean(password))
    expect(passwords.length).toBe(2)
    const recordText = JSON.stringify(record)
    for (const password of passwords) expect(recordText).not.toContain(password)
    // Still one record a moment later: the job ended once.
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(await importRecords(context, 1)).toHaveLength(1)
  })
})
