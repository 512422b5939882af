import { describe, expect, it } from 'vitest'
import {
  PREVUE_ABILITIES,
  PREVUE_DIMENSIONS,
  PREVUE_MOTIVATIONS,
  PREVUE_NO_DATA,
  PREVUE_PERSONALITY,
  isPrevueDimension,
  prevueScores,
} from '../src/prevue.ts'

describe('Prevue dimensions (docs/requirements.md section 3)', () => {
  it('has 4 abilities, 3 motivations and 13 personality dimensions, 20 in all and no duplicates', () => {
    expect(PREVUE_ABILITIES).toEqual([
      'generalAbility',
      'workingWithNumbers',
      'workingWithWords',
      'workingWithShapes',
    ])
    expect(PREVUE_MOTIVATIONS).toEqual(['workingWithPeople', 'workingWithData', 'workingWithThings'])
    expect(PREVUE_PERSONALITY).toEqual([
      'diplomaticIndependent',
      'cooperativeCompetitive',
      'submissiveAssertive',
      'spontaneousConscientious',
      'innovativeConventional',
      'reactiveOrganized',
      'introvertExtrovert',
      'selfSufficientGroupOriented',
      'reservedOutgoing',
      'emotionalStable',
      'restlessPoised',
      'excitableRelaxed',
      'socialDesirability',
    ])
    expect(PREVUE_DIMENSIONS).toHaveLength(20)
    expect(new Set(PREVUE_DIMENSIONS).size).toBe(20)
    expect(PREVUE_DIMENSIONS.every(isPrevueDimension)).toBe(true)
    expect(isPrevueDimension('toString')).toBe(false)
    expect(isPrevueDimension(7)).toBe(false)
  })
})

describe('Prevue score: mean of the chosen options rounded to one decimal, 5.5 without data', () => {
  it('gives 5.5 for every dimension when nothing was answered', () => {
    const result = prevueScores([])
    expect(PREVUE_NO_DATA).toBe(5.5)
    expect(Object.keys(result).sort()).toEqual([...PREVUE_DIMENSIONS].sort())
    expect(Object.values(result).every((score) => score === 5.5)).toBe(true)
  })

  it('averages only the options that scored a dimension', () => {
    const result = prevueScores([{ generalAbility: 7 }, { generalAbility: 8, workingWithData: 3 }, {}])
    expect(result.generalAbility).toBe(7.5)
    expect(result.workingWithData).toBe(3)
    expect(result.workingWithNumbers).toBe(5.5)
  })

  it('rounds to one decimal', () => {
    expect(
      prevueScores([{ emotionalStable: 7 }, { emotionalStable: 8 }, { emotionalStable: 8 }]).emotionalStable,
    ).toBe(7.7)
    expect(
      prevueScores([{ emotionalStable: 1 }, { emotionalStable: 2 }, { emotionalStable: 2 }]).emotionalStable,
    ).toBe(1.7)
    expect(
      prevueScores([{ emotionalStable: 2 }, { emotionalStable: 1 }, { emotionalStable: 1 }]).emotionalStable,
    ).toBe(1.3)
    expect(prevueScores([{ emotionalStable: 10 }, { emotionalStable: 10 }]).emotionalStable).toBe(10)
  })

  it('rounds an exact half up', () => {
    const chosen = [7, 7, 7, 8].map((score) => ({ restlessPoised: score }))
    expect(prevueScores(chosen).restlessPoised).toBe(7.3)
    const low = [1, 1, 1, 2].map((score) => ({ restlessPoised: score }))
    expect(prevueScores(low).restlessPoised).toBe(1.3)
  })

  it('keeps every mean of sten scores within 1 to 10', () => {
    const chosen = [1, 10, 4, 9, 2, 6, 3, 10].map((score) => ({ socialDesirability: score }))
    const score = prevueScores(chosen).socialDesirability
    expect(score).toBe(5.6)
    expect(score).toBeGreaterThanOrEqual(1)
    expect(score).toBeLessThanOrEqual(10)
  })
})
