import { describe, expect, it } from 'vitest'
import type { DiscType } from '../src/disc.ts'
import { readTeam, TEAM_MAX_MEMBERS, teamSizeProblem } from '../src/team-blind-spots.ts'

const team = (styles: string) => [...styles].map((primaryType) => ({ primaryType: primaryType as DiscType }))
const kinds = (styles: string) =>
  readTeam(team(styles)).blindSpots.map((spot) => [spot.kind, spot.styles.join('')])

describe('readTeam: the blind spots of hand-made teams', () => {
  it('counts the team by primary style', () => {
    expect(readTeam(team('DDISC')).composition).toEqual({ D: 2, I: 1, S: 1, C: 1 })
    expect(readTeam(team('DDISC')).size).toBe(5)
  })

  it('names a style no one leads with, in plain words and with what to do', () => {
    const reading = readTeam(team('DDIICC'))
    const missing = reading.blindSpots.filter((spot) => spot.kind === 'missing-style')
    expect(missing).toEqual([
      {
        kind: 'missing-style',
        styles: ['S'],
        text: 'No one leads with Steadiness: plans may change faster than people can absorb.',
        actions: ['Announce changes early, say what stays the same, and check workloads before adding more'],
      },
    ])
  })

  it('a team of one style: the other three are missing, and everyone shares the one', () => {
    const reading = readTeam(team('SSSS'))
    expect(kinds('SSSS')).toEqual([
      ['missing-style', 'D'],
      ['missing-style', 'I'],
      ['missing-style', 'C'],
      ['shared-style', 'S'],
    ])
    expect(reading.blindSpots[3]!.text).toBe(
      'Everyone leads with Steadiness: change may be resisted and problems left unsaid.',
    )
  })

  it('a style most people share is more than half the team; half is not most', () => {
    expect(kinds('CCCDI').filter(([kind]) => kind === 'shared-style')).toEqual([['shared-style', 'C']])
    expect(readTeam(team('CCCDI')).blindSpots.find((spot) => spot.kind === 'shared-style')!.text).toBe(
      '3 of 5 people lead with Conscientiousness: analysis may hold up decisions.',
    )
    expect(kinds('CCDI').filter(([kind]) => kind === 'shared-style')).toEqual([])
    // One person is not a team that shares a style.
    expect(kinds('D').filter(([kind]) => kind === 'shared-style')).toEqual([])
  })

  it("the clashing pairs, the most frequent first, in the advisor's words with what to agree", () => {
    // 1 D × 3 S = 3 pairs; 2 I × 1 C = 2 pairs; one D, so no D–D pair.
    const reading = readTeam(team('DSSSIIC'))
    const clashes = reading.blindSpots.filter((spot) => spot.kind === 'clashing-pair')
    expect(clashes.map((spot) => spot.styles.join(''))).toEqual(['DS', 'IC'])
    expect(clashes[0]!.text).toBe(
      'Dominance meets Steadiness (3 pairs): The Driver can steamroll without noticing, and the Supporter may comply outwardly while disagreeing inside.',
    )
    expect(clashes[0]!.actions).toContain('Give notice of changes rather than surprises')
    expect(clashes[0]!.actions[0]).toBe("The Driver asks for the Supporter's view before stating their own")
    expect(clashes[1]!.text).toMatch(
      /^Influence meets Conscientiousness \(2 pairs\): The Motivator may find the Analyst/,
    )
  })

  it('two or more who lead with Dominance clash with each other; a team without opposites has no clash', () => {
    const clashes = readTeam(team('DDDI')).blindSpots.filter((spot) => spot.kind === 'clashing-pair')
    expect(clashes.map((spot) => [spot.styles.join(''), spot.text.split(':')[0]])).toEqual([
      ['DD', '3 people lead with Dominance (3 pairs)'],
    ])
    expect(kinds('IIS').filter(([kind]) => kind === 'clashing-pair')).toEqual([])
  })

  it('an empty team has nothing to read', () => {
    expect(readTeam([])).toEqual({ size: 0, composition: { D: 0, I: 0, S: 0, C: 0 }, blindSpots: [] })
  })
})

describe('teamSizeProblem', () => {
  it('refuses an empty team and one over the limit, saying the limit', () => {
    expect(teamSizeProblem(0)).toBe('Choose at least one person for the team')
    expect(teamSizeProblem(1)).toBeNull()
    expect(teamSizeProblem(TEAM_MAX_MEMBERS)).toBeNull()
    expect(teamSizeProblem(TEAM_MAX_MEMBERS + 1)).toBe('A team report covers at most 500 people')
  })
})
