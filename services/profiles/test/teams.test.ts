import { describe, expect, it } from 'vitest'
import { ACCESS_REVOKED, INVITATIONS_ACCEPTED } from '@app/contracts/events'
import { revokedGrantKey } from '@app/contracts/sharing'
import { TEAM_MAX_MEMBERS } from '@app/domain/team-size'
import { TEAMS_PER_OWNER_MAX } from '@app/domain/saved-teams'
import { createEvent } from '@app/kit/bus/port'
import type { Identity } from '@app/kit/identity'
import { testEventBus } from '@app/kit/testing/service-dependencies'
import { createTeamsRepository } from '../src/repositories/teams-repository.ts'
import { inspectPdf } from './support/pdf.ts'
import { ada, administrator, as, grace, guest, saveAs, useProfilesService } from './support/profiles-app.ts'

const context = useProfilesService()

const disc = (name: string, [dScore, iScore, sScore, cScore]: number[]) => ({
  name,
  dScore,
  iScore,
  sScore,
  cScore,
})
const save = (caller: Identity, name: string, scores: number[]) => saveAs(context, caller, disc(name, scores))
const call = (
  caller: Identity | null,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => context.app.inject({ method, url, headers: as(caller), ...(payload ? { payload } : {}) })

type TeamAnswer = { id: number; name: string; leftOut: number; members: Array<{ id: number; name: string }> }
async function createTeam(caller: Identity, name: string, profileIds: number[]): Promise<TeamAnswer> {
  const response = await call(caller, 'POST', '/api/teams', { name, profileIds })
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}

/** Grace is given Ada's profiles through a share, as sharing announces it. */
const grant = {
  invitationId: 41,
  rootInvitationId: 41,
  parentInvitationId: null,
  ownerId: ada.userId,
  granteeId: grace.userId,
  inviteeRole: 'guest_standard' as const,
  sharedBy: { name: 'Ada Lovelace', email: 'ada@example.com' },
  acceptedAt: new Date().toISOString(),
}
const sharing = () => testEventBus(context.dependencies.bus, 'sharing')

describe('saved teams', () => {
  it('saves a named team of people the owner may see, lists it, reopens it, renames it and deletes it', async () => {
    const dana = await save(ada, 'Dana Driver', [90, 20, 10, 30])
    const sol = await save(ada, 'Sol Steady', [10, 30, 85, 20])
    // The exact body the Teams page sends; an ownerId in it is ignored (identity comes from the session).
    const created = await call(ada, 'POST', '/api/teams', {
      name: '  Launch   crew ',
      profileIds: [sol, dana, sol],
      ownerId: grace.userId,
    })
    expect(created.statusCode).toBe(201)
    const team = created.json() as TeamAnswer
    expect(team).toMatchObject({ name: 'Launch crew', leftOut: 0 })
    expect(team.members.map((member) => member.name)).toEqual(['Sol Steady', 'Dana Driver'])
    expect(team.members[0]).toMatchObject({ id: sol, accessType: 'owner', primaryType: 'S', sScore: 85 })

    const listed = await call(ada, 'GET', '/api/teams')
    expect(listed.json()).toEqual({
      teams: [
        {
          id: team.id,
          name: 'Launch crew',
          members: 2,
          leftOut: 0,
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
        },
      ],
    })
    expect((await call(grace, 'GET', '/api/teams')).json()).toEqual({ teams: [] })
    expect((await call(ada, 'GET', `/api/teams/${team.id}`)).json()).toMatchObject({ name: 'Launch crew' })

    const renamed = await call(ada, 'PATCH', `/api/teams/${team.id}`, { name: 'Crew' })
    expect(renamed.statusCode).toBe(200)
    expect(renamed.json()).toMatchObject({ name: 'Crew', members: [{ id: sol }, { id: dana }] })
    const replaced = await call(ada, 'PATCH', `/api/teams/${team.id}`, { profileIds: [dana] })
    expect((replaced.json() as TeamAnswer).members.map((member) => member.id)).toEqual([dana])
    expect((await call(ada, 'PATCH', `/api/teams/${team.id}`, {})).statusCode).toBe(400)

    const deleted = await call(ada, 'DELETE', `/api/teams/${team.id}`)
    expect(deleted.json()).toEqual({ message: 'Team deleted' })
    expect((await call(ada, 'GET', `/api/teams/${team.id}`)).statusCode).toBe(404)
    expect((await call(ada, 'DELETE', `/api/teams/${team.id}`)).statusCode).toBe(404)
  })

  it('answers a team of someone else like a missing one, to every caller, the administrator too', async () => {
    const own = await save(ada, 'Ada Own', [70, 20, 20, 20])
    const team = await createTeam(ada, 'Private', [own])
    for (const other of [grace, administrator]) {
      for (const [method, url, body] of [
        ['GET', `/api/teams/${team.id}`],
        ['GET', `/api/teams/${team.id}/report`],
        ['PATCH', `/api/teams/${team.id}`, { name: 'Taken over' }],
        ['DELETE', `/api/teams/${team.id}`],
      ] as const) {
        const response = await call(other, method, url, body)
        expect(response.statusCode, `${other.role} ${method} ${url}`).toBe(404)
        expect(response.json()).toEqual({ code: 'PROFILES_TEAM_NOT_FOUND', message: 'Team not found' })
      }
    }
    expect((await call(ada, 'GET', `/api/teams/${team.id}`)).json()).toMatchObject({ name: 'Private' })
    // Guests keep no teams: their role is refused before anything is read.
    for (const [method, url] of [
      ['GET', '/api/teams'],
      ['GET', `/api/teams/${team.id}`],
      ['GET', `/api/teams/${team.id}/report`],
    ] as const)
      expect((await call(guest, method, url)).statusCode).toBe(403)
    expect((await call(guest, 'POST', '/api/teams', { name: 'G', profileIds: [own] })).statusCode).toBe(403)
    expect((await call(null, 'GET', '/api/teams')).statusCode).toBe(401)
  })

  it('saves only people the caller may see: an owner their own and shared ones, an administrator anyone', async () => {
    const own = await save(ada, 'Ada Own', [70, 20, 20, 20])
    const others = await save(grace, 'Grace Other', [20, 70, 20, 20])
    const refused = await call(ada, 'POST', '/api/teams', { name: 'Mixed', profileIds: [own, others] })
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toEqual({
      code: 'PROFILES_FORBIDDEN',
      message: 'You do not have access to this profile',
    })
    const missing = await call(ada, 'POST', '/api/teams', { name: 'Ghost', profileIds: [own, 999_999] })
    expect(missing.statusCode).toBe(403)
    expect((await call(ada, 'GET', '/api/teams')).json()).toEqual({ teams: [] })
    const team = await createTeam(ada, 'Mine', [own])
    const widened = await call(ada, 'PATCH', `/api/teams/${team.id}`, { profileIds: [own, others] })
    expect(widened.statusCode).toBe(403)
    expect((await call(ada, 'GET', `/api/teams/${team.id}`)).json()).toMatchObject({ members: [{ id: own }] })
    const everyone = await createTeam(administrator, 'Everyone', [own, others])
    expect(everyone.members.map((member) => member.name)).toEqual(['Ada Own', 'Grace Other'])
  })

  it('drops a member whose share was revoked from the view, the list and the report, and says how many', async () => {
    const adaDriver = await save(ada, 'Ada Driver', [90, 20, 10, 30])
    const graceOwn = await save(grace, 'Grace Analyst', [20, 20, 20, 90])
    await sharing().publish(createEvent(INVITATIONS_ACCEPTED, grant), String(ada.userId))
    await expect
      .poll(
        async () =>
          (await call(grace, 'POST', '/api/teams', { name: 'Pair', profileIds: [graceOwn, adaDriver] }))
            .statusCode,
      )
      .toBe(201)
    const [team] = ((await call(grace, 'GET', '/api/teams')).json() as { teams: Array<{ id: number }> }).teams
    const before = await inspectPdf((await call(grace, 'GET', `/api/teams/${team!.id}/report`)).rawPayload)
    expect(before.text).toContain('Ada Driver')

    // Sharing marks the grant revoked before its event arrives (decision 044): the next read is refused.
    await context.dependencies.kv.set(revokedGrantKey(grant.invitationId), '1')
    const after = (await call(grace, 'GET', `/api/teams/${team!.id}`)).json() as TeamAnswer
    expect(after.members.map((member) => member.name)).toEqual(['Grace Analyst'])
    expect(after.leftOut).toBe(1)
    expect((await call(grace, 'GET', '/api/teams')).json()).toMatchObject({
      teams: [{ members: 1, leftOut: 1 }],
    })
    const report = await call(grace, 'GET', `/api/teams/${team!.id}/report`)
    expect(report.statusCode).toBe(200)
    const read = await inspectPdf(report.rawPayload)
    expect(read.text).toContain('Grace Analyst')
    expect(read.text).not.toContain('Ada Driver')
    expect(read.flat).toContain(
      // With its full stop: a report made after others in the process once lost it (report/fonts.ts).
      '1 person saved in this team is left out: their profile is no longer available to you.',
    )

    await sharing().publish(
      createEvent(ACCESS_REVOKED, { ...grant, revokedBy: ada.userId, revokedAt: new Date().toISOString() }),
      String(ada.userId),
    )
    // Once the revoke itself arrives, the team reads the same: the stored ids stay, the view follows access.
    const settled = async () =>
      ((await call(grace, 'GET', `/api/teams/${team!.id}`)).json() as TeamAnswer).leftOut
    await expect.poll(settled).toBe(1)
    expect((await call(ada, 'GET', `/api/profiles/${adaDriver}/report`)).statusCode).toBe(200)
  })

  it('refuses the report of a saved team no one of which the caller may still see, with a message', async () => {
    const teams = await createTeamsRepository(context.dependencies.store)
    // A team saved while Grace could see Ada's profile, kept as saved.
    const adaOnly = await save(ada, 'Ada Only', [90, 10, 10, 10])
    const saved = await teams.create(grace.userId, { name: 'Gone', memberIds: [adaOnly] })
    if (!('saved' in saved)) throw new Error('the team was not saved')
    const report = await call(grace, 'GET', `/api/teams/${saved.saved.id}/report`)
    expect(report.statusCode).toBe(400)
    expect(report.json()).toEqual({
      code: 'PROFILES_TEAM_EMPTY',
      message: 'No one in this team is visible to you any more: add people to it to download its report',
    })
    expect((await call(grace, 'GET', `/api/teams/${saved.saved.id}`)).json()).toMatchObject({
      members: [],
      leftOut: 1,
    })
  })

  it("answers a saved team's report as a PDF named after the team, with its blind spots", async () => {
    const ids = [
      await save(administrator, 'Dana Driver', [90, 20, 10, 30]),
      await save(ada, 'Ivy Influence', [20, 90, 10, 30]),
    ]
    const team = await createTeam(administrator, 'Sales & <Co>', ids)
    const response = await call(administrator, 'GET', `/api/teams/${team.id}/report`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/pdf')
    expect(response.headers['content-disposition']).toBe('attachment; filename="Sales-Co-team-report.pdf"')
    const read = await inspectPdf(response.rawPayload)
    expect(read.info.Title).toBe('Team Report: Sales & <Co>')
    expect(read.flat).toContain(
      'No one leads with Steadiness: plans may change faster than people can absorb.',
    )
    expect(read.text).toContain('Ivy Influence: Influence')
    expect(read.text).not.toContain('left out')
  })

  it('validates names and sizes with messages, and keeps names unique per owner with a 409', async () => {
    const own = await save(ada, 'Ada Own', [70, 20, 20, 20])
    const messageOf = async (body: object) => {
      const response = await call(ada, 'POST', '/api/teams', body)
      expect(response.statusCode).toBe(400)
      return (response.json() as { message: string }).message
    }
    expect(await messageOf({ name: '   ', profileIds: [own] })).toContain('Enter a name for the team')
    expect(await messageOf({ profileIds: [own] })).toContain('Enter a name for the team')
    expect(await messageOf({ name: 'x'.repeat(101), profileIds: [own] })).toContain(
      'Team names are limited to 100 characters',
    )
    expect(await messageOf({ name: 'Empty', profileIds: [] })).toContain(
      'Choose at least one person for the team',
    )
    const tooMany = Array.from({ length: TEAM_MAX_MEMBERS + 1 }, (_, index) => index + 1)
    expect(await messageOf({ name: 'Huge', profileIds: tooMany })).toContain(
      'A team report covers at most 500 people',
    )
    expect(await messageOf({ name: { $ne: null }, profileIds: [own] })).toContain('Enter a name for the team')

    const first = await createTeam(ada, 'Core', [own])
    const taken = await call(ada, 'POST', '/api/teams', { name: ' core ', profileIds: [own] })
    expect(taken.statusCode).toBe(409)
    expect(taken.json()).toEqual({
      code: 'PROFILES_TEAM_NAME_TAKEN',
      message: 'You already have a team named "core"',
    })
    const second = await createTeam(ada, 'Edge', [own])
    const renamed = await call(ada, 'PATCH', `/api/teams/${second.id}`, { name: 'CORE' })
    expect(renamed.statusCode).toBe(409)
    expect((await call(ada, 'PATCH', `/api/teams/${first.id}`, { name: 'CORE' })).statusCode).toBe(200)
    // Another owner may use the same name.
    const graceOwn = await save(grace, 'Grace', [20, 20, 20, 90])
    await createTeam(grace, 'Core', [graceOwn])
  })

  it(`keeps at most ${TEAMS_PER_OWNER_MAX} teams per person, and says so`, async () => {
    const own = await save(ada, 'Ada Own', [70, 20, 20, 20])
    const teams = await createTeamsRepository(context.dependencies.store)
    for (let index = 0; index < TEAMS_PER_OWNER_MAX; index += 1)
      await teams.create(ada.userId, { name: `Team ${index}`, memberIds: [own] })
    const refused = await call(ada, 'POST', '/api/teams', { name: 'One more', profileIds: [own] })
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toEqual({
      code: 'PROFILES_TOO_MANY_TEAMS',
      message: `You can keep at most ${TEAMS_PER_OWNER_MAX} teams: delete one to save another`,
    })
  })
})
