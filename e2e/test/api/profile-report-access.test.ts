import { describe, expect, it } from 'vitest'
import { PREVUE_DIMENSIONS } from '@app/domain/prevue'
import { ApiSession, saveDiscProfile, SESSION_COOKIE } from '../../src/api.ts'
import { useProduct } from '../../src/fixture.ts'
import { linkSentTo as sentLink } from '../../src/outbox.ts'

/**
 * The profile report through the whole product (issue 28, decision 057): every role against the report
 * route, a guest before and after a revoke, DISC and Prevue. The answer is a PDF only for a caller who may
 * see the profile; everyone else gets the JSON refusal and none of its bytes.
 */
const fixture = useProduct()

const linkSentTo = (email: string) => sentLink(fixture.product.dataDirectory, email)

async function acceptAs(email: string, password: string): Promise<ApiSession> {
  const session = new ApiSession(fixture.product.url)
  const token = (await linkSentTo(email)).split('/invite/')[1]!
  await session.expect(200, 'POST', `/api/invitations/accept/${token}`, { password })
  return session
}

/** The report as a browser fetches it: the session cookie, any Accept, the bytes as they come. */
async function report(session: ApiSession | null, profileId: number) {
  const headers: Record<string, string> = { accept: '*/*' }
  if (session?.sessionToken) headers.cookie = `${SESSION_COOKIE}=${session.sessionToken}`
  const response = await fetch(new URL(`/api/profiles/${profileId}/report`, fixture.product.url), { headers })
  const bytes = Buffer.from(await response.arrayBuffer())
  return { status: response.status, type: response.headers.get('content-type'), bytes, response }
}

async function expectPdf(session: ApiSession, profileId: number, kind: 'disc' | 'prevue') {
  const answer = await report(session, profileId)
  expect(answer.status, answer.bytes.toString('utf8').slice(0, 200)).toBe(200)
  expect(answer.type).toBe('application/pdf')
  expect(answer.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
  const disposition = answer.response.headers.get('content-disposition')
  expect(disposition).toMatch(/^attachment; filename="[\w-]+\.pdf"$/)
  expect(disposition).toContain(`-${kind}-report.pdf"`)
  expect(answer.bytes.length).toBeLessThanOrEqual(250_000)
}

async function expectRefused(session: ApiSession | null, profileId: number, status: 401 | 403) {
  const answer = await report(session, profileId)
  expect(answer.status).toBe(status)
  expect(answer.type).toContain('application/json')
  expect(answer.bytes.toString('latin1')).not.toContain('%PDF')
  return JSON.parse(answer.bytes.toString('utf8')) as { code: string }
}

describe('GET /api/profiles/:id/report, every role', () => {
  it('answers the owner, an administrator and invited guests; refuses others, and a guest after a revoke', async () => {
    const alice = await fixture.createAccount('standard', { firstName: 'Alice', lastName: 'Reporter' })
    const profileId = await saveDiscProfile(alice.session, 'Alice Reporter')
    await expectPdf(alice.session, profileId, 'disc')
    await expectPdf(fixture.administrator, profileId, 'disc')

    const stranger = await fixture.createAccount('standard', { firstName: 'Sam', lastName: 'Stranger' })
    expect((await expectRefused(stranger.session, profileId, 403)).code).toBe('PROFILES_FORBIDDEN')
    const lonelyGuest = await fixture.createAccount('guest_standard', {
      firstName: 'Lone',
      lastName: 'Guest',
    })
    expect((await expectRefused(lonelyGuest.session, profileId, 403)).code).toBe('PROFILES_FORBIDDEN')
    expect((await expectRefused(null, profileId, 401)).code).toBe('GATEWAY_UNAUTHENTICATED')

    const invitation = (await alice.session.expect(201, 'POST', '/api/invitations', {
      inviteeName: 'Bob Reader',
      inviteeEmail: 'bob.reader@example.test',
      inviteeRole: 'guest_owner',
    })) as { id: number }
    const bob = await acceptAs('bob.reader@example.test', 'bob chosen password')
    await expect.poll(async () => (await report(bob, profileId)).status).toBe(200)
    await expectPdf(bob, profileId, 'disc')
    await bob.expect(201, 'POST', '/api/invitations', {
      inviteeName: 'Carol Reader',
      inviteeEmail: 'carol.reader@example.test',
      inviteeRole: 'guest_owner',
      originalOwnerId: alice.user.id,
    })
    const carol = await acceptAs('carol.reader@example.test', 'carol chosen password')
    expect(await carol.expect(200, 'GET', '/api/auth/me')).toMatchObject({ role: 'guest_standard' })
    await expect.poll(async () => (await report(carol, profileId)).status).toBe(200)
    await expectPdf(carol, profileId, 'disc')

    // The revoke takes the report away on the very next request, from Bob and from the guest he forwarded to.
    await alice.session.expect(200, 'DELETE', `/api/invitations/${invitation.id}`)
    expect((await expectRefused(bob, profileId, 403)).code).toBe('PROFILES_FORBIDDEN')
    expect((await expectRefused(carol, profileId, 403)).code).toBe('PROFILES_FORBIDDEN')
    await expectPdf(alice.session, profileId, 'disc')
  })

  it('answers a Prevue profile with its Prevue report, to its owner only', async () => {
    const pat = await fixture.createAccount('standard', { firstName: 'Pat', lastName: 'Prevue' })
    const scoresData = Object.fromEntries(
      PREVUE_DIMENSIONS.map((dimension, index) => [dimension, (index % 10) + 1]),
    )
    const { id: profileId } = (await pat.session.expect(201, 'POST', '/api/assessments', {
      assessmentType: 'prevue',
      name: 'Pat Prevue',
      scoresData,
    })) as { id: number }
    await expectPdf(pat.session, profileId, 'prevue')
    const stranger = await fixture.createAccount('standard', { firstName: 'Una', lastName: 'Other' })
    await expectRefused(stranger.session, profileId, 403)
    // Ids that name nothing, or are not ids, never reach a PDF.
    await expectRefused(pat.session, 99_999_999, 403)
    expect((await report(pat.session, 'x' as unknown as number)).status).toBe(400)
  })

  it("answers a team report to owners for profiles they may see, and refuses guests and others' profiles", async () => {
    const lead = await fixture.createAccount('standard', { firstName: 'Tia', lastName: 'Lead' })
    const own = await saveDiscProfile(lead.session, 'Tia Lead', [80, 20, 10, 30])
    const other = await fixture.createAccount('standard', { firstName: 'Olu', lastName: 'Other' })
    const others = await saveDiscProfile(other.session, 'Olu Other', [10, 20, 90, 30])
    const post = async (session: ApiSession, profileIds: number[]) => {
      const response = await fetch(new URL('/api/teams/report', fixture.product.url), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: new URL(fixture.product.url).origin,
          cookie: `${SESSION_COOKIE}=${session.sessionToken}`,
        },
        body: JSON.stringify({ name: 'Tia and Olu', profileIds }),
      })
      return {
        status: response.status,
        type: response.headers.get('content-type'),
        bytes: Buffer.from(await response.arrayBuffer()),
      }
    }
    const mine = await post(lead.session, [own])
    expect(mine.status).toBe(200)
    expect(mine.type).toBe('application/pdf')
    const refused = await post(lead.session, [own, others])
    expect(refused.status).toBe(403)
    expect(refused.bytes.toString('latin1')).not.toContain('%PDF')
    const both = await post(fixture.administrator, [own, others])
    expect(both.status).toBe(200)
    expect(both.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    const guest = await fixture.createAccount('guest_owner', { firstName: 'Gus', lastName: 'Guest' })
    expect((await post(guest.session, [own])).status).toBe(403)
    const empty = await post(lead.session, [])
    expect(empty.status).toBe(400)
    expect(JSON.parse(empty.bytes.toString('utf8')).message).toContain(
      'Choose at least one person for the team',
    )
  })
})
