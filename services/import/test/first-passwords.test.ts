import { describe, expect, it } from 'vitest'
import { RANDOM_PASSWORD_ALPHABET, RANDOM_PASSWORD_LENGTH } from '@app/domain/first-passwords'
import { generatedPassword } from '@app/domain/passwords'
import { decodeLoginHeader } from '@app/kit/session-headers'
import { createImportJobsRepository } from '../src/repositories/import-jobs-repository.ts'
import {
  administrator,
  as,
  DISC_HEADER,
  importCsv,
  logIn,
  useImportProduct,
} from './support/import-product.ts'

// The default: no IMPORT_PASSWORD_FORMAT, and auth with e-mail configured.
const context = useImportProduct({ config: { IMPORT_BATCH_SIZE: 2 } })

const csvText = [
  DISC_HEADER,
  'John,Smith,john.smith@example.com,80,60,40,20',
  'Ann,Lee,ann@example.com,10,20,30,40',
  'Bo,Quist,bo@example.com,10,20,30,40',
].join('\n')

type Shown = { name: string; email: string; credential: string; password?: string }

const mustChangeOf = (response: { headers: Record<string, unknown> }) =>
  (decodeLoginHeader(String(response.headers['x-session-login'])) as { mustChangePassword: boolean })
    .mustChangePassword

describe('first passwords by default (IMPORT_PASSWORD_FORMAT unset)', () => {
  it("are random: the spec's formula signs an outsider into nobody's account", async () => {
    const response = await importCsv(context.app, csvText)
    expect(response.statusCode, response.body).toBe(200)
    const shown = response.json().importedUsers as Shown[]
    expect(shown.map((user) => user.email)).toEqual([
      'john.smith@example.com',
      'ann@example.com',
      'bo@example.com',
    ])
    for (const user of shown) {
      expect(user.credential).toBe('password')
      expect(user.password).toHaveLength(RANDOM_PASSWORD_LENGTH)
      expect([...user.password!].every((symbol) => RANDOM_PASSWORD_ALPHABET.includes(symbol))).toBe(true)
    }
    expect(new Set(shown.map((user) => user.password)).size).toBe(3)

    // The attack: a colleague who knows the names signs in with the formula, in either spelling.
    for (const [email, first, last] of [
      ['john.smith@example.com', 'John', 'Smith'],
      ['ann@example.com', 'Ann', 'Lee'],
    ] as const) {
      for (const style of ['capitalised', 'lower'] as const) {
        const attempt = await logIn(context, email, generatedPassword(first, last, style))
        expect(attempt.statusCode).toBe(401)
      }
    }
    // The shown password opens the account, whose first session must change it.
    const owner = await logIn(context, 'ann@example.com', shown[1]!.password!)
    expect(owner.statusCode, owner.body).toBe(200)
    expect(mustChangeOf(owner)).toBe(true)
  })

  it('are kept nowhere: a repeat of the finished import shows none of them again', async () => {
    const headers = { 'idempotency-key': 'first-passwords-repeat' }
    const first = await importCsv(context.app, csvText, headers)
    const passwords = (first.json().importedUsers as Shown[]).map((user) => user.password!)
    const repeat = await importCsv(context.app, csvText, headers)
    expect(repeat.statusCode).toBe(200)
    expect(repeat.headers['idempotent-replayed']).toBe('true')
    expect(repeat.json().importedUsers).toEqual([
      { name: 'John Smith', email: 'john.smith@example.com', credential: 'none' },
      { name: 'Ann Lee', email: 'ann@example.com', credential: 'none' },
      { name: 'Bo Quist', email: 'bo@example.com', credential: 'none' },
    ])
    const repository = await createImportJobsRepository(context.store)
    const [job] = await repository.listJobs(1)
    const stored = JSON.stringify([job, await repository.rowsOf(job!.id)])
    expect(stored).toContain('ann@example.com')
    for (const password of passwords) expect(stored).not.toContain(password)
  })

  it('are random for the Single User form too', async () => {
    const response = await context.app.inject({
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
    expect(response.statusCode, response.body).toBe(200)
    const [cy] = response.json().importedUsers as Shown[]
    expect(cy!.credential).toBe('password')
    expect(cy!.password).not.toBe('#cyyoung5')
    expect((await logIn(context, 'cy@example.com', '#cyyoung5')).statusCode).toBe(401)
    expect((await logIn(context, 'cy@example.com', cy!.password!)).statusCode).toBe(200)
  })

  it('are named in the options the page reads, with links on offer where auth has e-mail', async () => {
    const options = await context.app.inject({
      method: 'GET',
      url: '/api/admin/import/options',
      headers: as('import', administrator),
    })
    expect(options.statusCode, options.body).toBe(200)
    expect(options.json()).toEqual({ passwordFormat: 'random', setPasswordLinks: true })
    const spec = await context.buildImport({ config: { IMPORT_PASSWORD_FORMAT: 'spec' } })
    const specOptions = await spec.inject({
      method: 'GET',
      url: '/api/admin/import/options',
      headers: as('import', administrator),
    })
    expect(specOptions.json()).toEqual({ passwordFormat: 'spec', setPasswordLinks: true })
  })
})

describe('set-password links (firstPassword: link)', () => {
  it('mail each person one link, list "link sent", and let the link set the password', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/simple-import',
      headers: as('import', administrator),
      payload: { csvText, firstPassword: 'link' },
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json().importedUsers).toEqual([
      { name: 'John Smith', email: 'john.smith@example.com', credential: 'link-sent' },
      { name: 'Ann Lee', email: 'ann@example.com', credential: 'link-sent' },
      { name: 'Bo Quist', email: 'bo@example.com', credential: 'link-sent' },
    ])
    expect(context.mails.map((mail) => mail.to).sort()).toEqual([
      'ann@example.com',
      'bo@example.com',
      'john.smith@example.com',
    ])
    const mail = context.mails.find((sent) => sent.to === 'ann@example.com')!
    expect(mail.subject).toBe('Set your Prevue DISC Insights password')
    const token = /\/reset-password\?token=([\w-]+)/.exec(mail.text)?.[1]
    expect(token).toBeDefined()
    // Nobody knows the account's password before the link is used: not the formula, not anything shown.
    expect((await logIn(context, 'ann@example.com', '#AnnLee3')).statusCode).toBe(401)

    const set = await context.auth.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: as('auth', null),
      payload: { token, newPassword: 'Ann chose this 1' },
    })
    expect(set.statusCode, set.body).toBe(200)
    const owner = await logIn(context, 'ann@example.com', 'Ann chose this 1')
    expect(owner.statusCode, owner.body).toBe(200)
    expect(mustChangeOf(owner)).toBe(false)
    // Single use.
    const again = await context.auth.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: as('auth', null),
      payload: { token, newPassword: 'Someone else 2' },
    })
    expect(again.statusCode).toBe(400)
  })

  it('say "link sent" again on a repeat, and mail nobody twice', async () => {
    const headers = { ...as('import', administrator), 'idempotency-key': 'links-repeat' }
    const request = {
      method: 'POST' as const,
      url: '/api/simple-import',
      headers,
      payload: { csvText, firstPassword: 'link' },
    }
    await context.app.inject(request)
    const repeat = await context.app.inject(request)
    expect(repeat.json().importedUsers.map((user: Shown) => user.credential)).toEqual([
      'link-sent',
      'link-sent',
      'link-sent',
    ])
    expect(context.mails).toHaveLength(3)
    // The same key with generated passwords is another request.
    const other = await importCsv(context.app, csvText, { 'idempotency-key': 'links-repeat' })
    expect(other.statusCode).toBe(422)
  })
})

describe('a default import finished after its process died', () => {
  it('says that its passwords were never shown, and shows none', async () => {
    const repository = await createImportJobsRepository(context.store)
    const job = await repository.createJob({
      kind: 'disc',
      credentials: 'random',
      status: 'running',
      message: 'Importing 1 row',
      createdBy: 1,
      createdAt: new Date().toISOString(),
      finishedAt: null,
      totalRecords: 1,
      processedRecords: 0,
      successfulRecords: 0,
      failedRecords: 0,
      owner: 'a process that died',
      heartbeatAt: new Date(Date.now() - 60_000),
      idempotencyKey: 'crashed-key',
      fingerprint: 'unused',
    })
    await repository.insertChunk(
      job.id,
      [
        {
          row: 2,
          name: 'Ann Lee',
          email: 'ann@example.com',
          status: 'pending',
          firstName: 'Ann',
          lastName: 'Lee',
          disc: { D: 10, I: 20, S: 30, C: 40 },
          primaryType: 'C',
          prevue: null,
        },
      ],
      true,
    )
    expect(await context.app.recoverImports()).toBe(1)
    const recovered = await context.app.inject({
      method: 'GET',
      url: `/api/admin/imports/${job.id}`,
      headers: as('import', administrator),
    })
    expect(recovered.json()).toMatchObject({
      status: 'interrupted',
      successfulRecords: 1,
      message: expect.stringMatching(
        /The passwords of the accounts it made were never shown: set one for each in User management, or have them use Forgot password\.$/,
      ),
    })
    // Nobody can sign in with anything anyone saw: the formula fails like every guess.
    expect((await logIn(context, 'ann@example.com', '#AnnLee3')).statusCode).toBe(401)
  })
})
