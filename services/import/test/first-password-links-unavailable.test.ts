import { describe, expect, it } from 'vitest'
import { accounts, administrator, as, DISC_HEADER, useImportProduct } from './support/import-product.ts'

// Auth without SMTP_URL: its e-mails would only reach the outbox file, which reaches nobody.
const context = useImportProduct({ mail: false })

describe('set-password links without e-mail', () => {
  it('are not offered, and an import asking for them is refused before any account is made', async () => {
    const options = await context.app.inject({
      method: 'GET',
      url: '/api/admin/import/options',
      headers: as('import', administrator),
    })
    expect(options.json()).toEqual({ passwordFormat: 'random', setPasswordLinks: false })
    const refused = await context.app.inject({
      method: 'POST',
      url: '/api/simple-import',
      headers: as('import', administrator),
      payload: { csvText: `${DISC_HEADER}\nAnn,Lee,ann@example.com,1,2,3,4`, firstPassword: 'link' },
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({ code: 'IMPORT_LINKS_UNAVAILABLE' })
    expect((await accounts(context)).map((user) => user.email)).toEqual(['admin@example.com'])
  })
})
