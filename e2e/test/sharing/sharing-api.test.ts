import { describe, expect, it } from 'vitest'
import { ApiSession } from '../../src/api.ts'
import { useProduct } from '../../src/fixture.ts'
import { linkSentTo as sentLink } from '../../src/outbox.ts'

const fixture = useProduct()

type Listed = { name: string; accessType: string; sharedBy?: { name: string; email: string } }

const linkSentTo = (email: string) => sentLink(fixture.product.dataDirectory, email)
const tokenOf = (link: string) => link.split('/invite/')[1]!

async function acceptAs(email: string, password: string): Promise<ApiSession> {
  const session = new ApiSession(fixture.product.url)
  const token = tokenOf(await linkSentTo(email))
  const details = await session.expect(200, 'GET', `/api/invitations/details/${token}`)
  expect(details).toMatchObject({ inviteeEmail: email })
  await session.expect(200, 'POST', `/api/invitations/accept/${token}`, { password })
  return session
}

const names = async (session: ApiSession, path = '/api/accessible-profiles') =>
  ((await session.expect(200, 'GET', path)) as Listed[]).map((profile) => profile.name)

describe('sharing through the whole product (docs/security.md 19, 22)', () => {
  it('A shares with B, B forwards to C, A revokes B: B and C are refused on the very next request', async () => {
    const alice = await fixture.createAccount('standard', { firstName: 'Alice', lastName: 'Owner' })
    await alice.session.expect(201, 'POST', '/api/assessments', {
      name: 'Alice Owner',
      dScore: 70,
      iScore: 50,
      sScore: 30,
      cScore: 10,
    })
    const invitation = (await alice.session.expect(201, 'POST', '/api/invitations', {
      inviteeName: 'Bob Forwarder',
      inviteeEmail: 'bob.forwarder@example.test',
      inviteeRole: 'guest_owner',
    })) as { id: number; link: string }
    expect(await linkSentTo('bob.forwarder@example.test')).toBe(invitation.link)

    // Accepting signs Bob in through the gateway's cookie.
    const bob = await acceptAs('bob.forwarder@example.test', 'bob chosen password')
    expect(bob.sessionToken).not.toBeNull()
    expect(await bob.expect(200, 'GET', '/api/auth/me')).toMatchObject({ role: 'guest_owner' })
    await expect.poll(() => names(bob)).toEqual(['Alice Owner'])
    const [shared] = (await bob.expect(200, 'GET', '/api/accessible-profiles')) as Listed[]
    expect(shared).toMatchObject({ accessType: 'shared', sharedBy: { name: 'Alice Owner' } })
    expect(await bob.expect(200, 'GET', '/api/profiles/search?name=Alice')).toMatchObject({
      match: { name: 'Alice Owner', accessType: 'shared' },
    })

    await bob.expect(201, 'POST', '/api/invitations', {
      inviteeName: 'Carol Viewer',
      inviteeEmail: 'carol.viewer@example.test',
      inviteeRole: 'guest_owner',
      originalOwnerId: alice.user.id,
    })
    const carol = await acceptAs('carol.viewer@example.test', 'carol chosen password')
    expect(await carol.expect(200, 'GET', '/api/auth/me')).toMatchObject({ role: 'guest_standard' })
    await expect.poll(() => names(carol)).toEqual(['Alice Owner'])
    // guest_standard may not invite; the gateway refuses before the service.
    expect(
      (await carol.call('POST', '/api/invitations', { inviteeName: 'D', inviteeEmail: 'd@example.test' }))
        .status,
    ).toBe(403)

    // Only the sender revokes.
    expect((await bob.call('DELETE', `/api/invitations/${invitation.id}`)).status).toBe(404)
    await alice.session.expect(200, 'DELETE', `/api/invitations/${invitation.id}`)
    expect(await names(bob)).toEqual([])
    expect(await names(carol)).toEqual([])
    expect(await names(carol, '/api/all-profiles')).toEqual([])
    expect(await bob.expect(200, 'GET', '/api/profiles/search?name=Alice')).toMatchObject({ match: null })
    expect(
      (
        await bob.call('POST', '/api/invitations', {
          inviteeName: 'Eve',
          inviteeEmail: 'eve@example.test',
          originalOwnerId: alice.user.id,
        })
      ).status,
    ).toBe(403)

    // The owner's access history shows all of it, as a tree.
    const history = (await alice.session.expect(200, 'GET', '/api/invitations/history')) as {
      entries: Array<{
        inviteeEmail: string
        depth: number
        acceptedAt: string | null
        revokedAt: string | null
      }>
    }
    expect(history.entries.map(({ inviteeEmail, depth }) => [inviteeEmail, depth])).toEqual([
      ['bob.forwarder@example.test', 0],
      ['carol.viewer@example.test', 1],
    ])
    expect(history.entries.every((entry) => entry.acceptedAt && entry.revokedAt)).toBe(true)
    expect((await bob.call('GET', '/api/invitations/history')).status).toBe(403)
  })

  it('refuses a replayed link and GET acceptance, with the same message for every dead link', async () => {
    const owner = await fixture.createAccount('standard', { firstName: 'Dana', lastName: 'Owner' })
    // An invitation shares a profile: without one it is refused.
    await owner.session.expect(201, 'POST', '/api/assessments', {
      dScore: 60,
      iScore: 40,
      sScore: 30,
      cScore: 20,
    })
    await owner.session.expect(201, 'POST', '/api/invitations', {
      inviteeName: 'Ray Replay',
      inviteeEmail: 'ray.replay@example.test',
    })
    const token = tokenOf(await linkSentTo('ray.replay@example.test'))
    const anonymous = new ApiSession(fixture.product.url)
    const get = await anonymous.call('GET', `/api/invitations/accept/${token}`)
    expect(get.status).toBe(405)
    await anonymous.expect(200, 'POST', `/api/invitations/accept/${token}`, { password: 'ray password' })
    const replay = await new ApiSession(fixture.product.url).call(
      'POST',
      `/api/invitations/accept/${token}`,
      {
        password: 'another password',
      },
    )
    expect(replay.status).toBe(404)
    expect(replay.body).toMatchObject({ message: 'The invitation link is invalid or has expired.' })
    expect(replay.setCookie).toBeUndefined()
  })
})
