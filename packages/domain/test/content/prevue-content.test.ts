import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  PREVUE_DIMENSIONS,
  PREVUE_MAX_SCORE,
  PREVUE_MIN_SCORE,
  PREVUE_QUESTION_COUNT,
  isPrevueDimension,
  prevueScores,
} from '../../src/prevue.ts'
import { PREVUE_QUESTIONS } from '../../src/content/prevue-questions.ts'
import {
  PREVUE_DIMENSION_DESCRIPTIONS,
  PREVUE_DIMENSION_LABELS,
  PREVUE_GROUPS,
} from '../../src/content/prevue-dimensions.ts'

const publicFolder = join(import.meta.dirname, '../../../../web/public')

describe('Prevue questions', () => {
  it('has eight questions with ids 1 to 8 and images prevue-1.svg to prevue-8.svg', () => {
    expect(PREVUE_QUESTIONS).toHaveLength(PREVUE_QUESTION_COUNT)
    expect(PREVUE_QUESTIONS.map((question) => question.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
    expect(PREVUE_QUESTIONS.map((question) => question.imageSrc)).toEqual(
      [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `/assessment/prevue-${n}.svg`),
    )
  })

  it('gives every option a unique short value, a label, a description and sten scores from 1 to 10', () => {
    const values = PREVUE_QUESTIONS.flatMap((question) => question.options.map((option) => option.value))
    expect(new Set(values).size).toBe(values.length)
    for (const question of PREVUE_QUESTIONS) {
      expect(question.question).toMatch(/\?$/)
      expect(question.imageAlt.length).toBeGreaterThan(15)
      expect(question.options.length).toBeGreaterThanOrEqual(3)
      for (const option of question.options) {
        expect(option.value).toMatch(/^prevue-\d-[a-z-]+$/)
        expect(option.value.length).toBeLessThanOrEqual(50)
        expect(option.label.length).toBeGreaterThan(3)
        expect(option.description).toMatch(/^[A-Z][^\n]{15,100}\.$/)
        const entries = Object.entries(option.scores)
        expect(entries.length).toBeGreaterThan(0)
        for (const [dimension, score] of entries) {
          expect(isPrevueDimension(dimension), dimension).toBe(true)
          expect(Number.isInteger(score)).toBe(true)
          expect(score).toBeGreaterThanOrEqual(PREVUE_MIN_SCORE)
          expect(score).toBeLessThanOrEqual(PREVUE_MAX_SCORE)
        }
      }
    }
  })

  it('scores each of the 20 dimensions in at least one question', () => {
    for (const dimension of PREVUE_DIMENSIONS) {
      const scoredBy = PREVUE_QUESTIONS.filter((question) =>
        question.options.some((option) => option.scores[dimension] !== undefined),
      )
      expect(scoredBy.length, dimension).toBeGreaterThanOrEqual(1)
    }
  })

  it('produces results on the sten scale for any set of answers', () => {
    const firsts = prevueScores(PREVUE_QUESTIONS.map((question) => question.options[0]!.scores))
    const lasts = prevueScores(PREVUE_QUESTIONS.map((question) => question.options.at(-1)!.scores))
    for (const result of [firsts, lasts]) {
      for (const dimension of PREVUE_DIMENSIONS) {
        expect(result[dimension]).toBeGreaterThanOrEqual(1)
        expect(result[dimension]).toBeLessThanOrEqual(10)
      }
    }
    expect(firsts).not.toEqual(lasts)
  })

  it('has an existing SVG illustration with a viewBox for every question', () => {
    for (const question of PREVUE_QUESTIONS) {
      const file = join(publicFolder, question.imageSrc)
      expect(existsSync(file), file).toBe(true)
      const svg = readFileSync(file, 'utf8')
      expect(svg).toMatch(/^<svg [^>]*viewBox="[\d .]+"/)
      expect(svg).not.toMatch(/<text|<script|href=/i)
      expect(svg.length).toBeLessThan(6_000)
    }
  })
})

describe('Prevue dimension labels', () => {
  it('groups the dimensions as Abilities, Motivations and Key Personality Dimensions, each once', () => {
    expect(PREVUE_GROUPS.map((group) => group.title)).toEqual([
      'Abilities',
      'Motivations',
      'Key Personality Dimensions',
    ])
    expect(PREVUE_GROUPS.map((group) => group.dimensions.length)).toEqual([4, 3, 13])
    expect(PREVUE_GROUPS.flatMap((group) => group.dimensions)).toEqual([...PREVUE_DIMENSIONS])
  })

  it('gives every dimension a readable label and description', () => {
    expect(PREVUE_DIMENSION_LABELS.diplomaticIndependent).toBe('Diplomatic – Independent')
    expect(PREVUE_DIMENSION_LABELS.workingWithNumbers).toBe('Working with Numbers')
    expect(PREVUE_DIMENSION_LABELS.socialDesirability).toBe('Social Desirability')
    for (const dimension of PREVUE_DIMENSIONS) {
      expect(PREVUE_DIMENSION_LABELS[dimension]).toMatch(/^[A-Z][A-Za-z –-]+[a-z]$/)
      expect(PREVUE_DIMENSION_DESCRIPTIONS[dimension]).toMatch(/^[A-Z].{20,100}\.$/)
    }
    const labels = Object.values(PREVUE_DIMENSION_LABELS)
    expect(new Set(labels).size).toBe(PREVUE_DIMENSIONS.length)
  })
})
