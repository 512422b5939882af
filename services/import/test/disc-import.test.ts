import { describe, expect, it } from 'vitest'
import {
  accounts,
  administrator,
  as,
  assessments,
  DISC_HEADER,
  eventsOf,
  importCsv,
  logIn,
  SPEC_PASSWORD_IMPORTS,
  standardUser,
  useImportProduct,
} from './support/import-product.ts'

const context = useImportProduct(SPEC_PASSWORD_IMPORTS)

describe('POST /api/simple-import (DISC CSV)', () => {
  it('imports good rows, reports bad ones, and gives each imported person a working password', async () => {
    const response = await importCsv(
      context.app,
      [
        DISC_HEADER,
        'John,Smith,John.Smith@example.com,80,60,40,20',
        'ann,LEE,ann@example.com,10,20,"30.4",30',
        'Bad,Score,bad@example.com,10,150,30,40',
        'Same,Person,JOHN.SMITH@example.com,1,2,3,4',
        'Old,Admin,admin@example.com,1,2,3,4',
      ].join('\r\n'),
    )
    expect(response.statusCode, response.body).toBe(200)
    const result = response.json()
    expect(result).toMatchObject({
      message: 'Successfully imported 2 of 5 users; 3 failed (see the report)',
      totalRecords: 5,
      successfulRecords: 2,
      failedRecords: 3,
      importedUsers: [
        { name: 'John Smith', email: 'john.smith@example.com', password: '#JohnSmith5' },
        { name: 'ann LEE', email: 'ann@example.com', password: '#AnnLee3' },
      ],
    })
    expect(result.report).toEqual([
      {
        row: 2,
        name: 'John Smith',
        email: 'john.smith@example.com',
        status: 'imported',
        userId: expect.any(Number),
      },
      { row: 3, name: 'ann LEE', email: 'ann@example.com', status: 'imported', userId: expect.any(Number) },
      {
        row: 4,
        name: 'Bad Score',
        email: 'bad@example.com',
        status: 'failed',
        reason: 'DISC scores must be between 0 and 100 (iScore: 150)',
      },
      {
        row: 5,
        name: 'Same Person',
        email: 'john.smith@example.com',
        status: 'failed',
        reason: 'Duplicate email: already on line 2 of this file',
      },
      {
        row: 6,
        name: 'Old Admin',
        email: 'admin@example.com',
        status: 'failed',
        reason: 'A user with this email already exists',
      },
    ])

    const users = await accounts(context)
    expect(users.filter((user) => user.email !== 'admin@example.com')).toMatchObject([
      { email: 'john.smith@example.com', role: 'standard' },
      { email: 'ann@example.com', role: 'standard' },
    ])
    const saved = await assessments(context)
    expect(saved).toHaveLength(2)
    expect(saved.find((profile) => profile.userId === result.report[1].userId)).toMatchObject({
      name: 'ann LEE',
      assessmentType: 'disc',
      dScore: 10,
      iScore: 20,
      sScore: 30,
      cScore: 30,
      primaryType: 'S',
    })
    const signedIn = await logIn(context, 'ann@example.com', '#AnnLee3')
    expect(signedIn.statusCode, signedIn.body).toBe(200)
  })

  it('streams progress as server-sent events: at once, per batch, then the result', async () => {
    const rows = Array.from(
      { length: 5 },
      (_, index) => `Person,Number${index},p${index}@example.com,1,2,3,4`,
    )
    const response = await importCsv(context.app, [DISC_HEADER, ...rows].join('\n'), {
      accept: 'text/event-stream',
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8')
    const events = eventsOf(response.body)
    expect(events[0]).toEqual({
      type: 'progress',
      progress: {
        jobId: expect.any(String),
        totalRecords: 5,
        processedRecords: 0,
        successfulRecords: 0,
        failedRecords: 0,
      },
    })
    const processed = events
      .filter((event) => event.type === 'progress')
      .map((event) => (event.progress as { processedRecords: number }).processedRecords)
    // At once, then one event per finished batch (2 + 2 + 1 rows), in whichever order the batches in flight end.
    expect(processed[0]).toBe(0)
    expect(processed.at(-1)).toBe(5)
    const steps = processed.slice(1).map((value, index) => value - processed[index]!)
    expect(steps.toSorted()).toEqual([1, 2, 2])
    expect(events.at(-1)).toMatchObject({
      type: 'result',
      result: { successfulRecords: 5, failedRecords: 0 },
    })
    expect(events.filter((event) => event.type === 'result')).toHaveLength(1)
  })

  it('answers a file where nothing imports with the failure message and a per-row report', async () => {
    const response = await importCsv(
      context.app,
      `${DISC_HEADER}\nJohn,Smith,john.example.com,1,2,3,4\nAnn,Lee,ann@example.com,high,2,3,4`,
    )
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      message: 'No users were imported successfully: 2 of 2 rows failed (see the report)',
      successfulRecords: 0,
      failedRecords: 2,
      importedUsers: [],
      report: [
        { row: 2, status: 'failed', reason: 'Invalid email address: john.example.com' },
        { row: 3, status: 'failed', reason: 'DISC scores must be numbers (dScore: "high")' },
      ],
    })
    expect(await assessments(context)).toEqual([])
  })

  it('imports a formula in a name as text, and names the columns it ignored', async () => {
    const response = await importCsv(
      context.app,
      `${DISC_HEADER},Department\n"=HYPERLINK(""http://evil.test"",""x"")",Smith,f@example.com,1,2,3,4,Sales`,
    )
    expect(response.json()).toMatchObject({
      message: 'Successfully imported 1 of 1 user. Columns ignored: Department',
      report: [{ name: '=HYPERLINK("http://evil.test","x") Smith', status: 'imported' }],
    })
  })

  it.each([
    [
      'empty text',
      '',
      400,
      'IMPORT_EMPTY_INPUT',
      'Empty input: paste the CSV text, starting with its header row',
    ],
    [
      'blank lines',
      '\r\n \n',
      400,
      'IMPORT_EMPTY_INPUT',
      'Empty input: paste the CSV text, starting with its header row',
    ],
    [
      'a header without rows',
      `${DISC_HEADER}\n`,
      400,
      'IMPORT_EMPTY_INPUT',
      'Empty input: the CSV has a header row but no people under it',
    ],
    [
      'a wrong header',
      'name,mail,d,i,s,c\nJohn,j@example.com,1,2,3,4',
      400,
      'IMPORT_BAD_HEADER',
      'The first line must be the DISC header row (firstName, lastName, email, dScore, iScore, sScore, cScore); missing columns: firstName, lastName, email, dScore, iScore, sScore, cScore; unknown columns: name, mail, d, i, s, c.',
    ],
    [
      'a missing column',
      'firstName,lastName,email,dScore,iScore,sScore\nJohn,Smith,j@example.com,1,2,3',
      400,
      'IMPORT_BAD_HEADER',
      'The first line must be the DISC header row (firstName, lastName, email, dScore, iScore, sScore, cScore); missing column: cScore.',
    ],
  ])('refuses %s with a clear 4xx and starts no job', async (_label, csvText, status, code, message) => {
    const response = await importCsv(context.app, csvText, { accept: 'text/event-stream' })
    expect(response.statusCode).toBe(status)
    expect(response.json()).toEqual({ code, message })
    const jobs = await context.app.inject({
      method: 'GET',
      url: '/api/admin/imports',
      headers: as('import', administrator),
    })
    expect(jobs.json()).toEqual([])
  })

  it.each([
    ['an operator object', { $gt: '' }],
    ['an array', ['a,b']],
    ['a number', 42],
    ['null', null],
    ['a nested operator', { $where: 'sleep(1000)', nested: { $ne: null } }],
    ['a boolean', true],
  ])('answers 400 to csvText as %s', async (_label, csvText) => {
    const response = await importCsv(context.app, csvText)
    expect(response.statusCode).toBe(400)
    expect(response.json().code).toBe('IMPORT_INVALID_INPUT')
  })

  it('answers 400 to a body without csvText', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/simple-import',
      headers: as('import', administrator),
      payload: { csv: 'x' },
    })
    expect(response.statusCode).toBe(400)
  })

  it('is for administrators only', async () => {
    expect(
      (
        await importCsv(
          context.app,
          `${DISC_HEADER}\nA,Bcde,a@example.com,1,2,3,4`,
          as('import', standardUser),
        )
      ).statusCode,
    ).toBe(403)
    expect(
      (await importCsv(context.app, `${DISC_HEADER}\nA,Bcde,a@example.com,1,2,3,4`, as('import', null)))
        .statusCode,
    ).toBe(401)
    expect(await assessments(context)).toEqual([])
  })
})
