import { describe, expect, it } from 'vitest'
import { PREVUE_IMPORT_COLUMNS } from '@app/domain/import-rows'
import {
  administrator,
  as,
  assessments,
  DISC_HEADER,
  importCsv,
  logIn,
  SPEC_PASSWORD_IMPORTS,
  useImportProduct,
} from './support/import-product.ts'

const context = useImportProduct(SPEC_PASSWORD_IMPORTS)

describe('POST /api/admin/import-prevue', () => {
  const header = PREVUE_IMPORT_COLUMNS.join(',')
  const stens = (first: string) =>
    [first, ...Array.from({ length: 19 }, (_, index) => String((index % 10) + 1))].join(',')

  it("imports sten scores under the spec's column spellings", async () => {
    const response = await importCsv(
      context.app,
      `${header}\nAnn,Lee,ann@example.com,${stens('7')}\nBo,Quist,bo@example.com,${stens('11')}`,
      {},
      '/api/admin/import-prevue',
    )
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({
      successfulRecords: 1,
      importedUsers: [{ name: 'Ann Lee', email: 'ann@example.com', password: '#AnnLee3' }],
      report: [
        { row: 2, status: 'imported' },
        { row: 3, status: 'failed', reason: 'Prevue scores must be between 1 and 10 (GeneralAbilities: 11)' },
      ],
    })
    const [profile] = await assessments(context)
    // No DISC scores: a Prevue import never measured them (docs/decisions/028-prevue-shown-as-prevue.md).
    expect(profile).toMatchObject({
      assessmentType: 'prevue',
      name: 'Ann Lee',
      dScore: null,
      iScore: null,
      sScore: null,
      cScore: null,
      primaryType: null,
    })
    expect(profile?.scoresData).toMatchObject({
      generalAbility: 7,
      workingWithNumbers: 1,
      cooperativeCompetitive: 8,
      socialDesirability: 9,
    })
  })

  it('refuses a DISC file, saying which import it looks like', async () => {
    const response = await importCsv(
      context.app,
      `${DISC_HEADER}\nA,Bcde,a@example.com,1,2,3,4`,
      {},
      '/api/admin/import-prevue',
    )
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toMatch(/This looks like a DISC file: use the DISC import\.$/)
  })
})

describe('POST /api/admin/import/single', () => {
  const single = (body: object, headers: Record<string, string> = {}) =>
    context.app.inject({
      method: 'POST',
      url: '/api/admin/import/single',
      headers: { ...as('import', administrator), ...headers },
      payload: {
        firstName: 'John',
        lastName: 'Smith',
        email: 'john@example.com',
        dScore: 50,
        iScore: 70,
        sScore: 50,
        cScore: 50,
        ...body,
      },
    })

  it('adds one person with a lower-case password', async () => {
    const response = await single({})
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({
      message: 'User successfully imported',
      successfulRecords: 1,
      importedUsers: [{ name: 'John Smith', email: 'john@example.com', password: '#johnsmith5' }],
    })
    expect((await assessments(context))[0]).toMatchObject({ primaryType: 'I', iScore: 70 })
    expect((await logIn(context, 'john@example.com', '#johnsmith5')).statusCode).toBe(200)
  })

  it.each([
    [{ firstName: ' ' }, 400, 'First name, last name, and email are required'],
    [{ email: 'john.example.com' }, 400, 'Invalid email address: john.example.com'],
    [{ dScore: 150 }, 400, 'DISC scores must be between 0 and 100 (dScore: 150)'],
    [{ email: 'admin@example.com' }, 409, 'A user with this email already exists'],
  ])('refuses %j', async (body, status, message) => {
    const response = await single(body)
    expect(response.statusCode).toBe(status)
    expect(response.json().message).toBe(message)
  })

  it('answers 400 to text where a score goes', async () => {
    expect((await single({ dScore: '50' })).statusCode).toBe(400)
    expect((await single({ email: { $ne: null } })).statusCode).toBe(400)
  })
})
