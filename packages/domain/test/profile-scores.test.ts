import { describe, expect, it } from 'vitest'
import { PREVUE_DIMENSIONS, type PrevueScores } from '../src/prevue.ts'
import { derivedDiscReading, discFromPrevue } from '../src/prevue-disc.ts'
import {
  discPositionOf,
  discWheelPoint,
  formatDiscScore,
  formatDiscScores,
  formatPrevueSummary,
  formatProfileSummary,
  formatSten,
  measuredDiscScores,
  type ProfileResult,
  withoutUnmeasuredScores,
} from '../src/profile-scores.ts'

const prevue = (value: number, overrides: Partial<PrevueScores> = {}): PrevueScores => ({
  ...(Object.fromEntries(PREVUE_DIMENSIONS.map((dimension) => [dimension, value])) as PrevueScores),
  ...overrides,
})
const alice: ProfileResult = {
  assessmentType: 'disc',
  dScore: 80,
  iScore: 40,
  sScore: 30,
  cScore: 50,
  primaryType: 'D',
  scoresData: null,
}
const prevueProfile = (scoresData: PrevueScores | null): ProfileResult => ({
  assessmentType: 'prevue',
  dScore: null,
  iScore: null,
  sScore: null,
  cScore: null,
  primaryType: null,
  scoresData,
})

describe('the one DISC score formatter', () => {
  it('shows each stored percentage as it is, never as a share of the four', () => {
    // Alice's scores add up to 200: a share would read D 40 %, which no other screen shows.
    expect(formatDiscScore(80)).toBe('80%')
    expect(formatDiscScore(0)).toBe('0%')
    expect(formatDiscScore(72.6)).toBe('73%')
    expect(formatDiscScores({ D: 80, I: 40, S: 30, C: 50 })).toBe('D 80% · I 40% · S 30% · C 50%')
    expect(formatProfileSummary(alice)).toBe('D 80% · I 40% · S 30% · C 50% — Primary: D')
  })

  it('shows a Prevue dimension out of 10', () => {
    expect(formatSten(7.5)).toBe('7.5/10')
    expect(formatSten(10)).toBe('10/10')
  })
})

describe('a Prevue profile', () => {
  it('has no measured DISC scores, even if zeros were stored beside its result', () => {
    expect(measuredDiscScores(prevueProfile(prevue(5)))).toBeNull()
    expect(
      measuredDiscScores({ ...prevueProfile(prevue(5)), dScore: 0, iScore: 0, sScore: 0, cScore: 0 }),
    ).toBeNull()
    expect(measuredDiscScores(alice)).toEqual({ D: 80, I: 40, S: 30, C: 50 })
  })

  it('reads as having no DISC scores when zeros were stored beside its result; other profiles are untouched', () => {
    const stored = {
      ...prevueProfile(prevue(5)),
      dScore: 0,
      iScore: 0,
      sScore: 0,
      cScore: 0,
      primaryType: 'D' as const,
    }
    expect(withoutUnmeasuredScores(stored)).toEqual(prevueProfile(prevue(5)))
    const clean = prevueProfile(prevue(5))
    expect(withoutUnmeasuredScores(clean)).toBe(clean)
    expect(withoutUnmeasuredScores(alice)).toBe(alice)
  })

  it('is summed up by its strongest ability and motivation, ties going to the first listed', () => {
    const scores = prevue(5, { workingWithShapes: 8, workingWithWords: 8, workingWithThings: 9.5 })
    expect(formatPrevueSummary(scores)).toBe(
      'Strongest ability: Working with Words 8/10 · Strongest motivation: Working with Things 9.5/10',
    )
    expect(formatProfileSummary(prevueProfile(scores))).toBe(`Prevue — ${formatPrevueSummary(scores)}`)
    expect(formatProfileSummary(prevueProfile(null))).toBe('Prevue — no result recorded')
  })
})

describe('the DISC reading derived from a Prevue result', () => {
  it('maps each style from the mean of its scales, 1 to 0 % and 10 to 100 %', () => {
    const high = prevue(1, { submissiveAssertive: 10, cooperativeCompetitive: 10, diplomaticIndependent: 10 })
    // Competitive at 10 is cooperative at 1, which counts against S.
    expect(discFromPrevue(high)).toEqual({ D: 100, I: 0, S: 0, C: 0 })
    expect(discFromPrevue(prevue(5.5))).toEqual({ D: 50, I: 50, S: 50, C: 50 })
    const people = prevue(5.5, { reservedOutgoing: 10, introvertExtrovert: 10, workingWithPeople: 10 })
    expect(derivedDiscReading(people)).toEqual({ scores: { D: 50, I: 100, S: 50, C: 50 }, primaryType: 'I' })
    const careful = prevue(1, { spontaneousConscientious: 7, reactiveOrganized: 7, workingWithData: 7 })
    expect(discFromPrevue(careful)).toEqual({ D: 0, I: 0, S: 33, C: 67 })
  })

  it('is the position a Prevue profile takes where one is needed, marked derived; a DISC one is measured', () => {
    expect(discPositionOf(alice)).toEqual({
      scores: { D: 80, I: 40, S: 30, C: 50 },
      primaryType: 'D',
      derived: false,
    })
    const people = prevue(5.5, { reservedOutgoing: 10, introvertExtrovert: 10, workingWithPeople: 10 })
    expect(discPositionOf(prevueProfile(people))).toEqual({
      scores: { D: 50, I: 100, S: 50, C: 50 },
      primaryType: 'I',
      derived: true,
    })
    expect(discPositionOf(prevueProfile(null))).toBeNull()
  })
})

describe('the point on the DISC circle', () => {
  it('puts each style in its own corner and a balanced profile at the centre', () => {
    expect(discWheelPoint({ D: 100, I: 0, S: 0, C: 0 })).toEqual({ x: -1, y: 1 })
    expect(discWheelPoint({ D: 0, I: 100, S: 0, C: 0 })).toEqual({ x: 1, y: 1 })
    expect(discWheelPoint({ D: 0, I: 0, S: 100, C: 0 })).toEqual({ x: 1, y: -1 })
    expect(discWheelPoint({ D: 0, I: 0, S: 0, C: 100 })).toEqual({ x: -1, y: -1 })
    expect(discWheelPoint({ D: 50, I: 50, S: 50, C: 50 })).toEqual({ x: 0, y: 0 })
    expect(discWheelPoint({ D: 0, I: 0, S: 0, C: 0 })).toEqual({ x: 0, y: 0 })
  })
})
