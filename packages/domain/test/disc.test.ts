import { describe, expect, it } from 'vitest'
import {
  DISC_TYPES,
  answersFromScores,
  discScores,
  flexFactorType,
  isDiscType,
  primaryType,
  type DiscScores,
} from '../src/disc.ts'

const scores = (D: number, I: number, S: number, C: number): DiscScores => ({ D, I, S, C })

describe('DISC score per type: round(count / 4 × 100)', () => {
  it('gives 0, 25, 50, 75 and 100 for 0 to 4 answers of a type', () => {
    expect(discScores([])).toEqual(scores(0, 0, 0, 0))
    expect(discScores(['D', 'I', 'S', 'C'])).toEqual(scores(25, 25, 25, 25))
    expect(discScores(['I', 'I', 'C', 'C'])).toEqual(scores(0, 50, 0, 50))
    expect(discScores(['S', 'S', 'S', 'D'])).toEqual(scores(25, 0, 75, 0))
    expect(discScores(['C', 'C', 'C', 'C'])).toEqual(scores(0, 0, 0, 100))
  })

  it('rounds for other question counts', () => {
    expect(discScores(['D', 'I', 'I'], 3)).toEqual(scores(33, 67, 0, 0))
    expect(discScores(['D'], 8)).toEqual(scores(13, 0, 0, 0))
  })

  it('scores nothing when there are no questions', () => {
    expect(discScores(['D'], 0)).toEqual(scores(0, 0, 0, 0))
  })

  it('recognises only the four type letters', () => {
    expect(DISC_TYPES).toEqual(['D', 'I', 'S', 'C'])
    expect(DISC_TYPES.every(isDiscType)).toBe(true)
    for (const value of ['d', 'X', '', 'DI', 1, null, undefined]) expect(isDiscType(value)).toBe(false)
  })
})

describe('primary type: the highest, ties in the order D, I, S, C', () => {
  it('picks the single highest score', () => {
    expect(primaryType(scores(10, 20, 30, 40))).toBe('C')
    expect(primaryType(scores(10, 90, 30, 40))).toBe('I')
    expect(primaryType(scores(10, 20, 51, 50))).toBe('S')
    expect(primaryType(scores(100, 0, 0, 0))).toBe('D')
  })

  it('lets D win every tie it is part of', () => {
    expect(primaryType(scores(50, 50, 0, 0))).toBe('D')
    expect(primaryType(scores(50, 0, 50, 0))).toBe('D')
    expect(primaryType(scores(50, 0, 0, 50))).toBe('D')
  })

  it('lets I beat S and C, and S beat C', () => {
    expect(primaryType(scores(0, 50, 50, 0))).toBe('I')
    expect(primaryType(scores(0, 50, 0, 50))).toBe('I')
    expect(primaryType(scores(0, 40, 40, 40))).toBe('I')
    expect(primaryType(scores(0, 0, 50, 50))).toBe('S')
  })

  it('gives D when all four are equal', () => {
    expect(primaryType(scores(0, 0, 0, 0))).toBe('D')
    expect(primaryType(scores(50, 50, 50, 50))).toBe('D')
  })
})

describe('flex factor: the first of D, I, S, C at 60 or more, else balanced', () => {
  it('treats 60 as enough and 59 as not', () => {
    expect(flexFactorType(scores(60, 0, 0, 0))).toBe('D')
    expect(flexFactorType(scores(59, 0, 0, 0))).toBeNull()
    expect(flexFactorType(scores(59, 60, 0, 0))).toBe('I')
    expect(flexFactorType(scores(0, 59, 60, 59))).toBe('S')
    expect(flexFactorType(scores(0, 0, 59, 60))).toBe('C')
  })

  it('takes the earliest type in D, I, S, C, not the highest', () => {
    expect(flexFactorType(scores(60, 100, 0, 0))).toBe('D')
    expect(flexFactorType(scores(0, 61, 95, 0))).toBe('I')
    expect(flexFactorType(scores(0, 0, 70, 100))).toBe('S')
  })

  it('is balanced when every score is below 60', () => {
    expect(flexFactorType(scores(59, 59, 59, 59))).toBeNull()
    expect(flexFactorType(scores(50, 50, 50, 50))).toBeNull()
    expect(flexFactorType(scores(0, 0, 0, 0))).toBeNull()
  })
})

describe('score-entry answers: round(score / 100 × 4) per type, padded or cut to 4', () => {
  it('follows the scores exactly when the counts add up to 4', () => {
    expect(answersFromScores(scores(100, 0, 0, 0))).toEqual(['D', 'D', 'D', 'D'])
    expect(answersFromScores(scores(25, 25, 25, 25))).toEqual(['D', 'I', 'S', 'C'])
    expect(answersFromScores(scores(0, 75, 0, 25))).toEqual(['I', 'I', 'I', 'C'])
  })

  it('rounds each count: 12 gives none, 13 gives one, 37 one, 38 two', () => {
    expect(answersFromScores(scores(12, 13, 37, 38))).toEqual(['I', 'S', 'C', 'C'])
  })

  it('cuts to the first 4 in the order D, I, S, C when the counts exceed 4', () => {
    // All at 50 gives two of each: D, D, I, I, S, S, C, C, cut to four.
    expect(answersFromScores(scores(50, 50, 50, 50))).toEqual(['D', 'D', 'I', 'I'])
    expect(answersFromScores(scores(0, 100, 100, 0))).toEqual(['I', 'I', 'I', 'I'])
    expect(answersFromScores(scores(0, 50, 75, 75))).toEqual(['I', 'I', 'S', 'S'])
  })

  it('pads with the primary type when the counts fall short of 4', () => {
    expect(answersFromScores(scores(0, 0, 0, 0))).toEqual(['D', 'D', 'D', 'D'])
    expect(answersFromScores(scores(10, 10, 10, 12))).toEqual(['C', 'C', 'C', 'C'])
    expect(answersFromScores(scores(0, 40, 0, 10))).toEqual(['I', 'I', 'I', 'I'])
    expect(answersFromScores(scores(30, 0, 60, 0))).toEqual(['D', 'S', 'S', 'S'])
    // A tie for primary pads with the earlier type.
    expect(answersFromScores(scores(0, 0, 30, 30))).toEqual(['S', 'C', 'S', 'S'])
  })

  it('always returns exactly four type letters for every slider position', () => {
    for (let value = 0; value <= 100; value += 1) {
      for (const shape of [scores(value, 100 - value, 50, 0), scores(value, value, value, value)]) {
        const answers = answersFromScores(shape)
        expect(answers).toHaveLength(4)
        expect(answers.every(isDiscType)).toBe(true)
      }
    }
  })
})
