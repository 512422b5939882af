import { describe, expect, it } from 'vitest'
import { prevueReadingAtWork } from '../src/prevue-reading.ts'

describe('prevueReadingAtWork', () => {
  it('reads an ability as a strength, comfortable, or less at ease, by its score', () => {
    expect(prevueReadingAtWork('workingWithNumbers', 8.3)).toBe(
      'A strength to lean on: work that involves figures, estimates and budgets suits them well.',
    )
    expect(prevueReadingAtWork('workingWithNumbers', 5.5)).toMatch(/^Comfortable with everyday work/)
    expect(prevueReadingAtWork('workingWithNumbers', 2)).toMatch(/^Less at ease here/)
  })

  it('reads a motivation by whether the work energises them', () => {
    expect(prevueReadingAtWork('workingWithPeople', 10)).toBe(
      'Likely to be energised by work that involves helping, guiding and working alongside others.',
    )
    expect(prevueReadingAtWork('workingWithThings', 1)).toMatch(/^Unlikely to draw energy/)
  })

  it('reads a personality scale by the end it leans to, or both near the middle', () => {
    expect(prevueReadingAtWork('reactiveOrganized', 9)).toBe(
      'At work, most often plans ahead and likes order.',
    )
    expect(prevueReadingAtWork('reactiveOrganized', 3)).toBe(
      'At work, most often responds to things as they arise.',
    )
    expect(prevueReadingAtWork('reactiveOrganized', 5.5)).toBe(
      'Balances both ends: at times responds to things as they arise, at others plans ahead and likes order.',
    )
  })

  it('reads social desirability as a note on how candid the answers look', () => {
    expect(prevueReadingAtWork('socialDesirability', 9)).toMatch(/favourable picture/)
    expect(prevueReadingAtWork('socialDesirability', 4)).toMatch(/candid/)
  })
})
