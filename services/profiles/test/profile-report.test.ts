import { describe, expect, it } from 'vitest'
import type { Identity } from '@app/kit/identity'
import { AUDIENCE_LABELS } from '@app/domain/content/advisor/audiences'
import { DISC_ADVICE_GROUPS, DISC_STYLES } from '@app/domain/content/disc-styles'
import { PREVUE_DIMENSION_LABELS, PREVUE_GROUPS } from '@app/domain/content/prevue-dimensions'
import { PREVUE_DIMENSIONS } from '@app/domain/prevue'
import { prevueReadingAtWork } from '@app/domain/prevue-reading'
import { PROFILE_NAME_MAX } from '@app/contracts/profiles'
import {
  ada,
  administrator,
  as,
  discScores,
  grace,
  prevueScores,
  saveAs,
  useProfilesService,
} from './support/profiles-app.ts'
import { inspectPdf, wordsOffPage } from './support/pdf.ts'

const context = useProfilesService()

const save = async (caller: Identity, body: object) => ({ id: await saveAs(context, caller, body) })
const report = (caller: Identity, id: number | string) =>
  context.app.inject({ method: 'GET', url: `/api/profiles/${id}/report`, headers: as(caller) })

/** What every report holds whatever its kind: real fonts, metadata, page numbers, nothing off the page. */
async function expectWellMade(pdf: Buffer, title: string) {
  const read = await inspectPdf(pdf)
  expect(read.info.Title).toBe(title)
  expect(pdf.toString('latin1')).toContain('/Lang (en-GB)')
  expect(read.fontRows.length).toBeGreaterThan(0)
  // Every font is embedded (the "emb" column), none of them a system font the reader must have.
  for (const row of read.fontRows) expect(row.split(/\s+/).at(-5)).toBe('yes')
  const pages = Number(read.info.Pages)
  expect(read.renderedPages).toBe(pages)
  for (let page = 1; page <= pages; page += 1) expect(read.flat).toContain(`Page ${page} of ${pages}`)
  expect(wordsOffPage(read.pages)).toEqual([])
  // The check sees the words near the edges: the footer lies within 60 points of the bottom.
  expect(wordsOffPage(read.pages, 60).length).toBeGreaterThanOrEqual(pages)
  expect(pdf.length).toBeLessThanOrEqual(250_000)
  return read
}

describe('GET /api/profiles/:id/report', () => {
  it("is a PDF of a DISC profile: name, date, scores, style, the advice groups and each audience's page", async () => {
    const { id } = await save(ada, { ...discScores, name: 'Ada Lovelace' })
    const response = await report(ada, id)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/pdf')
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="Ada-Lovelace-disc-report.pdf"',
    )
    const read = await expectWellMade(response.rawPayload, 'DISC Profile Report: Ada Lovelace')
    expect(read.text).toContain('Ada Lovelace')
    expect(read.text).toMatch(/Assessed on \d{1,2} \w+ \d{4}/)
    for (const score of ['75%', '50%', '25%', '0%']) expect(read.text).toContain(score)
    const dominance = DISC_STYLES.D
    expect(read.text).toContain(`Primary style: ${dominance.name} (${dominance.title})`)
    expect(read.flat).toContain(dominance.strengths[0])
    expect(read.flat).toContain(dominance.blindSpots[0])
    expect(read.flat).toContain(dominance.flexFactor.slice(0, 60))
    for (const group of DISC_ADVICE_GROUPS) {
      expect(read.text).toContain(group.title)
      expect(read.flat).toContain(dominance.advice[group.key][0])
    }
    expect(read.text).toContain(`${AUDIENCE_LABELS.self}: working with your own style`)
    for (const audience of ['parents', 'educators', 'employers'] as const)
      expect(read.text).toContain(`${AUDIENCE_LABELS[audience]}: working with Ada Lovelace`)
  })

  it('is a PDF of a Prevue profile: the three groups, each dimension x/10 with its reading at work', async () => {
    const scoresData = prevueScores(5.5, { generalAbility: 8.3, workingWithPeople: 10, emotionalStable: 1 })
    const { id } = await save(ada, { assessmentType: 'prevue', name: 'Ada Lovelace', scoresData })
    const response = await report(ada, id)
    expect(response.statusCode).toBe(200)
    const read = await expectWellMade(response.rawPayload, 'Prevue Profile Report: Ada Lovelace')
    for (const group of PREVUE_GROUPS) expect(read.text).toContain(group.title)
    for (const dimension of PREVUE_DIMENSIONS) {
      expect(read.flat).toContain(PREVUE_DIMENSION_LABELS[dimension])
      expect(read.flat).toContain(prevueReadingAtWork(dimension, scoresData[dimension]!))
    }
    for (const sten of ['8.3/10', '10/10', '1/10', '5.5/10']) expect(read.text).toContain(sten)
    // Prevue shown as Prevue (decision 028): no DISC style, no DISC advice.
    expect(read.text).not.toContain('Primary style')
    expect(read.text).not.toContain('In Meetings')
  })

  it('prints a name with markup as written, and one in right-to-left scripts, within the page', async () => {
    const markup = '<script>alert("x")</script> & <b>Zoë</b>'
    const rightToLeft = 'דוד כהן مريم'
    for (const name of [markup, rightToLeft, 'W'.repeat(PROFILE_NAME_MAX)]) {
      const { id } = await save(ada, { ...discScores, name })
      const response = await report(ada, id)
      expect(response.statusCode).toBe(200)
      const read = await expectWellMade(response.rawPayload, `DISC Profile Report: ${name}`)
      if (name === markup) expect(read.text).toContain(markup)
      else
        for (const word of name.split(' ')) expect(read.text.replace(/\s+/g, '')).toContain(word.slice(0, 40))
    }
  })

  it('answers 403, never a PDF, for a profile the caller may not see and for a missing one', async () => {
    const { id } = await save(grace, { ...discScores, name: 'Grace Hopper' })
    for (const target of [id, 999_999]) {
      const response = await report(ada, target)
      expect(response.statusCode).toBe(403)
      expect(response.headers['content-type']).toContain('application/json')
      expect(response.json()).toEqual({
        code: 'PROFILES_FORBIDDEN',
        message: 'You do not have access to this profile',
      })
    }
    const asAdministrator = await report(administrator, id)
    expect(asAdministrator.statusCode).toBe(200)
    expect(asAdministrator.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    expect((await report(ada, 'abc')).statusCode).toBe(400)
  })
})
