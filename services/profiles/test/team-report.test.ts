import { describe, expect, it } from 'vitest'
import type { Identity } from '@app/kit/identity'
import { TEAM_MAX_MEMBERS } from '@app/domain/team-size'
import {
  ada,
  administrator,
  as,
  grace,
  guest,
  prevueScores,
  saveAs,
  useProfilesService,
} from './support/profiles-app.ts'
import { inspectPdf, wordsOffPage } from './support/pdf.ts'

const context = useProfilesService()

const save = (caller: Identity, body: object) => saveAs(context, caller, body)
const disc = (name: string, [dScore, iScore, sScore, cScore]: number[]) => ({
  name,
  dScore,
  iScore,
  sScore,
  cScore,
})
const teamReport = (caller: Identity, payload: object) =>
  context.app.inject({ method: 'POST', url: '/api/teams/report', headers: as(caller), payload })

describe('POST /api/teams/report', () => {
  it('is a PDF of the team: its composition, its map, its blind spots in words and who is in it', async () => {
    const ids = [
      await save(ada, disc('Dana Driver', [90, 20, 10, 30])),
      await save(ada, disc('Sol Steady', [10, 30, 85, 20])),
      await save(grace, disc('Sky Support', [20, 10, 80, 40])),
      await save(grace, { assessmentType: 'prevue', name: 'Pia Prevue', scoresData: prevueScores(5.5) }),
    ]
    const response = await teamReport(administrator, { name: 'Launch <team> & co', profileIds: ids })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/pdf')
    const read = await inspectPdf(response.rawPayload)
    expect(read.info.Title).toBe('Team Report: Launch <team> & co')
    expect(read.text).toContain('Launch <team> & co')
    expect(read.text).toContain('Composition by primary style')
    expect(read.text).toContain('Team map')
    expect(read.flat).toContain('No one leads with Conscientiousness: details and risks may slip through.')
    expect(read.flat).toContain('Dominance meets Steadiness (4 pairs)')
    // The flat Prevue result reads as Dominance, derived: two drivers make one pair that may clash.
    expect(read.flat).toContain('2 people lead with Dominance (1 pair)')
    expect(read.flat).toContain('Give notice of changes rather than surprises')
    for (const name of ['Dana Driver', 'Sol Steady', 'Sky Support', 'Pia Prevue'])
      expect(read.text).toContain(name)
    expect(read.text).toContain('(derived from Prevue)')
    expect(wordsOffPage(read.pages)).toEqual([])
    expect(read.renderedPages).toBe(Number(read.info.Pages))
    expect(response.rawPayload.length).toBeLessThanOrEqual(250_000)
  })

  it("refuses the whole report, never a PDF, when one profile is not the caller's to see", async () => {
    const own = await save(ada, disc('Ada Own', [70, 20, 20, 20]))
    const others = await save(grace, disc('Grace Other', [20, 70, 20, 20]))
    expect((await teamReport(ada, { profileIds: [own] })).statusCode).toBe(200)
    const refused = await teamReport(ada, { profileIds: [own, others] })
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toEqual({
      code: 'PROFILES_FORBIDDEN',
      message: 'You do not have access to this profile',
    })
    // Guests own no team: the role is refused before any profile is read.
    expect((await teamReport(guest, { profileIds: [own] })).statusCode).toBe(403)
  })

  it('answers an empty team and one over the limit with 400 and the rule in words', async () => {
    const empty = await teamReport(ada, { profileIds: [] })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().message).toContain('Choose at least one person for the team')
    const tooMany = await teamReport(administrator, {
      profileIds: Array.from({ length: TEAM_MAX_MEMBERS + 1 }, (_, index) => index + 1),
    })
    expect(tooMany.statusCode).toBe(400)
    expect(tooMany.json().message).toContain('A team report covers at most 500 people')
  })
})
