import { strFromU8, unzipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { AccountExportDataSchema, type AccountExportData } from '@app/contracts/account-export'
import { csvRecords } from '@app/domain/csv'
import { ApiSession, saveDiscProfile, SESSION_COOKIE } from '../../src/api.ts'
import { useProduct } from '../../src/fixture.ts'
import { linkSentTo as sentLink } from '../../src/outbox.ts'

/**
 * "Download my data" through the whole product (issue 29, decision 060): an account with profiles,
 * invitations both ways, a forward and a revoke finds every item in its archive, as JSON and as CSV, and
 * not one byte of anyone else's data.
 */
const fixture = useProduct()

const linkSentTo = (email: string) => sentLink(fixture.product.dataDirectory, email)

async function acceptAs(email: string, password: string, session = new ApiSession(fixture.product.url)) {
  const token = (await linkSentTo(email)).split('/invite/')[1]!
  await session.expect(200, 'POST', `/api/invitations/accept/${token}`, { password })
  return session
}

const invite = async (session: ApiSession, name: string, email: string, extra: object = {}) =>
  (await session.expect(201, 'POST', '/api/invitations', {
    inviteeName: name,
    inviteeEmail: email,
    inviteeRole: 'guest_owner',
    ...extra,
  })) as { id: number }

/** The archive as the browser downloads it: the session cookie, the bytes as they come. */
async function download(session: ApiSession | null) {
  const headers: Record<string, string> = { accept: '*/*' }
  if (session?.sessionToken) headers.cookie = `${SESSION_COOKIE}=${session.sessionToken}`
  const response = await fetch(new URL('/api/account/export', fixture.product.url), { headers })
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) }
}

async function archiveOf(session: ApiSession) {
  const { response, bytes } = await download(session)
  expect(response.status, strFromU8(bytes).slice(0, 300)).toBe(200)
  expect(response.headers.get('content-type')).toBe('application/zip')
  expect(response.headers.get('content-disposition')).toMatch(
    /^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.zip"$/,
  )
  const files = Object.fromEntries(
    Object.entries(unzipSync(bytes)).map(([name, content]) => [name, strFromU8(content)]),
  )
  expect(Object.keys(files).sort()).toEqual([
    'README.txt',
    'access-history.csv',
    'access.csv',
    'account.csv',
    'data.json',
    'invitations.csv',
    'profiles.csv',
  ])
  const data: AccountExportData = AccountExportDataSchema.strict().parse(JSON.parse(files['data.json']!))
  /** A CSV file as objects keyed by its header. */
  const table = (name: string) => {
    const [header, ...rows] = [...csvRecords(files[name]!)].map((record) => record.fields)
    return rows.map((row) => Object.fromEntries(header!.map((column, index) => [column, row[index]])))
  }
  const everything = Object.values(files).join('\n')
  return { files, data, table, everything }
}

describe('GET /api/account/export', () => {
  it('holds every item of the account and nothing of anyone else', async () => {
    const alice = await fixture.createAccount('standard', { firstName: 'Alice', lastName: 'Exporter' })
    const first = await saveDiscProfile(alice.session, 'Alice First', [80, 40, 20, 10])
    const second = await saveDiscProfile(alice.session, '=HYPERLINK("http://evil.test","Alice")')

    // Alice shares with Bob, who forwards to Carol; Dave is invited, accepts, and is revoked.
    const toBob = await invite(alice.session, 'Bob Guest', 'bob.export@example.test')
    const bob = await acceptAs('bob.export@example.test', 'bob chosen password')
    const toCarol = await invite(bob, 'Carol Forwarded', 'carol.export@example.test', {
      originalOwnerId: alice.user.id,
    })
    await acceptAs('carol.export@example.test', 'carol chosen password')
    const toDave = await invite(alice.session, 'Dave Revoked', 'dave.export@example.test')
    await acceptAs('dave.export@example.test', 'dave chosen password')
    await alice.session.expect(200, 'DELETE', `/api/invitations/${toDave.id}`)

    // Zed shares with Alice (received); Zed's own profile and other invitation stay Zed's.
    const zed = await fixture.createAccount('standard', { firstName: 'Zed', lastName: 'Sharer' })
    await saveDiscProfile(zed.session, 'Zed Secret Profile')
    const toAlice = await invite(zed.session, 'Alice Exporter', alice.username)
    await acceptAs(alice.username, alice.password)
    await invite(zed.session, 'Yolanda Elsewhere', 'yolanda.elsewhere@example.test')

    // Someone unrelated, with a profile and an invitation of their own.
    const mallory = await fixture.createAccount('standard', { firstName: 'Mallory', lastName: 'Stranger' })
    await saveDiscProfile(mallory.session, 'Mallory Private Profile')
    await invite(mallory.session, 'Oscar Outsider', 'oscar.outsider@example.test')

    const { data, table, files, everything } = await archiveOf(alice.session)

    expect(data.account).toMatchObject({ id: alice.user.id, username: alice.username, role: 'standard' })
    expect(table('account.csv')).toEqual([expect.objectContaining({ id: String(alice.user.id) })])
    expect(data.profiles.map((profile) => profile.id)).toEqual([first, second])
    expect(data.profiles[0]).toMatchObject({ name: 'Alice First', dScore: 80, userId: alice.user.id })
    const profileRows = table('profiles.csv')
    expect(profileRows.map((row) => row.id)).toEqual([String(first), String(second)])
    // A name a spreadsheet would run as a formula is kept as text in the CSV, as it is in data.json.
    expect(profileRows[1]!.name).toBe(`'=HYPERLINK("http://evil.test","Alice")`)
    expect(data.profiles[1]!.name).toBe('=HYPERLINK("http://evil.test","Alice")')

    const invitations = data.invitations.map(({ id, direction, status }) => ({ id, direction, status }))
    expect(invitations).toEqual([
      { id: toBob.id, direction: 'sent', status: 'accepted' },
      { id: toDave.id, direction: 'sent', status: 'revoked' },
      { id: toAlice.id, direction: 'received', status: 'accepted' },
    ])
    expect(table('invitations.csv').map((row) => [row.id, row.direction, row.inviteeEmail])).toEqual([
      [String(toBob.id), 'sent', 'bob.export@example.test'],
      [String(toDave.id), 'sent', 'dave.export@example.test'],
      [String(toAlice.id), 'received', alice.username],
    ])

    // Who can see Alice's profiles: Bob, Carol through Bob, and Dave no more.
    const access = data.access.map(({ invitationId, guestEmail, viaEmail, forwarded, canSeeNow }) => ({
      invitationId,
      guestEmail,
      viaEmail,
      forwarded,
      canSeeNow,
    }))
    expect(access).toEqual([
      {
        invitationId: toBob.id,
        guestEmail: 'bob.export@example.test',
        viaEmail: alice.username,
        forwarded: false,
        canSeeNow: true,
      },
      {
        invitationId: toCarol.id,
        guestEmail: 'carol.export@example.test',
        viaEmail: 'bob.export@example.test',
        forwarded: true,
        canSeeNow: true,
      },
      {
        invitationId: toDave.id,
        guestEmail: 'dave.export@example.test',
        viaEmail: alice.username,
        forwarded: false,
        canSeeNow: false,
      },
    ])
    expect(data.access.find((row) => row.invitationId === toDave.id)!.revokedAt).not.toBeNull()
    expect(table('access.csv').map((row) => row.guestEmail)).toEqual(access.map((row) => row.guestEmail))
    const history = data.accessHistory.map(({ invitationId, kind }) => `${invitationId}:${kind}`)
    for (const event of [
      `${toBob.id}:invited`,
      `${toBob.id}:accepted`,
      `${toCarol.id}:invited`,
      `${toCarol.id}:accepted`,
      `${toDave.id}:invited`,
      `${toDave.id}:accepted`,
      `${toDave.id}:revoked`,
    ])
      expect(history).toContain(event)
    expect(table('access-history.csv')).toHaveLength(data.accessHistory.length)
    expect(files['README.txt']).toContain('Quick questions')
    expect(data.notKept.aiQuestions).toContain('keeps no question')

    // Not one byte of anyone else's data, nor a secret of Alice's own.
    for (const foreign of [
      'Zed Secret Profile',
      'yolanda.elsewhere@example.test',
      'Mallory',
      'mallory.stranger',
      'Oscar Outsider',
      'oscar.outsider@example.test',
    ])
      expect(everything).not.toContain(foreign)
    for (const secret of [alice.password, alice.initialPassword, '$argon2', 'tokenHash', 'sealedToken'])
      expect(everything).not.toContain(secret)
  }, 60_000)

  it("gives a guest who forwarded their own side, not the owner's profiles", async () => {
    const owner = await fixture.createAccount('standard', { firstName: 'Olga', lastName: 'Owner' })
    await saveDiscProfile(owner.session, 'Olga Only Profile')
    const toGuest = await invite(owner.session, 'Gus Guest', 'gus.export@example.test')
    const gus = await acceptAs('gus.export@example.test', 'gus chosen password')
    const forward = await invite(gus, 'Fay Forwarded', 'fay.export@example.test', {
      originalOwnerId: owner.user.id,
    })
    const { data, everything } = await archiveOf(gus)
    expect(data.account.role).toBe('guest_owner')
    expect(data.profiles).toEqual([])
    expect(data.access).toEqual([])
    expect(data.invitations.map(({ id, direction }) => [id, direction])).toEqual([
      [forward.id, 'sent'],
      [toGuest.id, 'received'],
    ])
    expect(everything).not.toContain('Olga Only Profile')
  }, 30_000)

  it('is for signed-in users only, and documented with its files on the API page', async () => {
    const { response } = await download(null)
    expect(response.status).toBe(401)
    expect(response.headers.get('content-type')).toContain('application/json')
    const document = (await fixture.administrator.expect(200, 'GET', '/api/docs/openapi.json')) as {
      paths: Record<string, { get: { responses: Record<string, Record<string, unknown>> } }>
    }
    const success = document.paths['/api/account/export']!.get.responses['200']!
    expect(Object.keys(success.content as object)).toEqual(['application/zip'])
    const files = success['x-archive-files'] as Record<string, { properties: Record<string, unknown> }>
    expect(Object.keys(files['data.json']!.properties)).toEqual(Object.keys(AccountExportDataSchema.shape))
    expect(files['account.csv']!.properties).not.toHaveProperty('passwordHash')
  })
})
