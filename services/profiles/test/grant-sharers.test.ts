import { describe, expect, it } from 'vitest'
import { createEvent } from '@app/kit/bus/port'
import { testEventBus } from '@app/kit/testing/service-dependencies'
import { INVITATIONS_ACCEPTED, type InvitationAccepted } from '@app/contracts/events'
import { ada, as, discScores, guest, useProfilesService } from './support/profiles-app.ts'

const context = useProfilesService()

const grant = (invitationId: number, extra: Partial<InvitationAccepted>): InvitationAccepted => ({
  invitationId,
  rootInvitationId: invitationId,
  parentInvitationId: null,
  ownerId: ada.userId,
  granteeId: guest.userId,
  inviteeRole: 'guest_standard',
  sharedBy: { name: 'Ada Lovelace', email: 'ada@example.com' },
  acceptedAt: new Date().toISOString(),
  ...extra,
})
/** Published as sharing publishes it: signed with its key (decision 021). */
const publish = (data: InvitationAccepted) =>
  testEventBus(context.dependencies.bus, 'sharing').publish(
    createEvent(INVITATIONS_ACCEPTED, data),
    String(data.rootInvitationId),
  )
type Listed = { name: string; sharedBy?: object; sharedVia?: object; mayForward?: boolean }
const visible = async () =>
  (
    await context.app.inject({ method: 'GET', url: '/api/accessible-profiles', headers: as(guest) })
  ).json() as Listed[]

describe('who shared a profile, as the grants projection keeps it', () => {
  it('names the owner and, for a forward, the guest owner it came through', async () => {
    await context.app.inject({
      method: 'POST',
      url: '/api/assessments',
      headers: as(ada),
      payload: { name: 'Ada Profile', ...discScores },
    })
    await publish(
      grant(7, {
        rootInvitationId: 3,
        parentInvitationId: 3,
        sharedVia: { name: 'Fred Forwarder', email: 'fred@example.com' },
      }),
    )
    await expect.poll(async () => (await visible()).length).toBe(1)
    const [profile] = await visible()
    expect(profile).toMatchObject({
      name: 'Ada Profile',
      sharedBy: { name: 'Ada Lovelace', email: 'ada@example.com' },
      sharedVia: { name: 'Fred Forwarder', email: 'fred@example.com' },
    })
    expect(profile).not.toHaveProperty('mayForward')
  })

  it("marks a profile the grantee may share on, and a later 'View and share' adds that right", async () => {
    await context.app.inject({
      method: 'POST',
      url: '/api/assessments',
      headers: as(ada),
      payload: { name: 'Ada Profile', ...discScores },
    })
    await publish(grant(1, {}))
    await expect.poll(async () => (await visible()).length).toBe(1)
    expect((await visible())[0]).not.toHaveProperty('mayForward')
    await publish(grant(2, { inviteeRole: 'guest_owner' }))
    await expect.poll(async () => (await visible())[0]?.mayForward).toBe(true)
    expect((await visible())[0]).not.toHaveProperty('sharedVia')
  })
})
