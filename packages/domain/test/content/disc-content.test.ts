import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DISC_QUESTION_COUNT, DISC_TYPES, discScores, primaryType } from '../../src/disc.ts'
import { DISC_QUESTIONS } from '../../src/content/disc-questions.ts'
import {
  BALANCED_FLEX_TEXT,
  DISC_ADVICE_GROUPS,
  DISC_SLIDERS,
  DISC_STYLES,
} from '../../src/content/disc-styles.ts'

const publicFolder = join(import.meta.dirname, '../../../../web/public')
const placeholder = /lorem|ipsum|todo|tbd|placeholder|xxx/i

describe('DISC questions', () => {
  it('has four questions with ids 1 to 4 and images disc-1.svg to disc-4.svg', () => {
    expect(DISC_QUESTIONS).toHaveLength(DISC_QUESTION_COUNT)
    expect(DISC_QUESTIONS.map((question) => question.id)).toEqual([1, 2, 3, 4])
    expect(DISC_QUESTIONS.map((question) => question.imageSrc)).toEqual(
      [1, 2, 3, 4].map((n) => `/assessment/disc-${n}.svg`),
    )
  })

  it('offers exactly one option per style in every question, each with a label and one-line description', () => {
    for (const question of DISC_QUESTIONS) {
      expect(question.question).toMatch(/\?$/)
      expect(question.imageAlt.length).toBeGreaterThan(15)
      expect(question.options.map((option) => option.value).sort()).toEqual([...DISC_TYPES].sort())
      for (const option of question.options) {
        expect(option.label.length).toBeGreaterThan(3)
        expect(option.description).toMatch(/^[A-Z].{15,100}\.$/)
        expect(option.description).not.toContain('\n')
      }
    }
  })

  it('lets every style reach 100 when all its options are chosen', () => {
    for (const type of DISC_TYPES) {
      const answers = DISC_QUESTIONS.map(
        (question) => question.options.find((option) => option.value === type)!.value,
      )
      expect(primaryType(discScores(answers))).toBe(type)
      expect(discScores(answers)[type]).toBe(100)
    }
  })

  it('has an existing SVG illustration with a viewBox for every question', () => {
    for (const question of DISC_QUESTIONS) {
      const file = join(publicFolder, question.imageSrc)
      expect(existsSync(file), file).toBe(true)
      const svg = readFileSync(file, 'utf8')
      expect(svg).toMatch(/^<svg [^>]*viewBox="[\d .]+"/)
      expect(svg).not.toMatch(/<text|<script|href=/i)
      expect(svg.length).toBeLessThan(6_000)
    }
  })
})

describe('DISC styles', () => {
  it('describes each style with its name, strengths, blind spots and flex-factor text', () => {
    const names = { D: 'Dominance', I: 'Influence', S: 'Steadiness', C: 'Conscientiousness' }
    for (const type of DISC_TYPES) {
      const style = DISC_STYLES[type]
      expect(style.type).toBe(type)
      expect(style.name).toBe(names[type])
      expect(style.title.length).toBeGreaterThan(3)
      expect(style.description.length).toBeGreaterThan(100)
      expect(style.strengths.length).toBeGreaterThanOrEqual(5)
      expect(style.blindSpots.length).toBeGreaterThanOrEqual(4)
      expect(style.flexFactor).toContain(`${names[type]} score is 60 or higher`)
    }
  })

  it('gives three or more pieces of advice in each of the four groups', () => {
    expect(DISC_ADVICE_GROUPS.map((group) => group.title)).toEqual([
      'In Meetings',
      'When Presenting',
      'Managing Conflicts',
      'Project Communication',
    ])
    for (const type of DISC_TYPES) {
      for (const group of DISC_ADVICE_GROUPS) {
        expect(DISC_STYLES[type].advice[group.key].length).toBeGreaterThanOrEqual(3)
      }
    }
  })

  it('never repeats a line and contains no placeholder text', () => {
    const lines = DISC_TYPES.flatMap((type) => {
      const style = DISC_STYLES[type]
      return [
        style.description,
        style.flexFactor,
        ...style.strengths,
        ...style.blindSpots,
        ...Object.values(style.advice).flat(),
      ]
    })
    lines.push(
      BALANCED_FLEX_TEXT,
      ...DISC_QUESTIONS.flatMap((question) => question.options.map((o) => o.description)),
    )
    expect(new Set(lines).size).toBe(lines.length)
    for (const line of lines) {
      expect(line.trim()).toBe(line)
      expect(line).not.toMatch(placeholder)
    }
  })

  it('has a balanced text for scores that all stay below 60', () => {
    expect(BALANCED_FLEX_TEXT).toMatch(/balanced/i)
    expect(BALANCED_FLEX_TEXT).toContain('60')
  })

  it('describes the four score-entry sliders in one line each', () => {
    expect(DISC_SLIDERS.map((slider) => slider.label)).toEqual([
      'Dominance (D)',
      'Influence (I)',
      'Steadiness (S)',
      'Conscientiousness (C)',
    ])
    expect(DISC_SLIDERS.map((slider) => slider.type)).toEqual([...DISC_TYPES])
    for (const slider of DISC_SLIDERS) {
      expect(slider.description).toMatch(/^[A-Z][^\n]{20,90}\.$/)
    }
  })
})
