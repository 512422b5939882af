import { describe, expect, test } from 'vitest'
import { assessmentPosition, QUESTIONS } from '../../../src/features/assessment/assessment-state.ts'

const count = QUESTIONS.disc.length
const none = () => Array<string | null>(count).fill(null)
const firstTwo = () => none().map((answer, index) => (index < 2 ? 'D' : answer))
const all = () => none().map(() => 'I')

describe('where an assessment in progress resumes', () => {
  test('shows the welcome screen without answers or without a step', () => {
    expect(assessmentPosition(null, '3').view).toEqual({ stage: 'welcome' })
    expect(assessmentPosition({ kind: 'disc', answers: firstTwo() }, null).view).toEqual({ stage: 'welcome' })
    expect(assessmentPosition({ kind: 'disc', answers: [] }, '1').view).toEqual({ stage: 'welcome' })
  })

  test('resumes any question up to the first unanswered one', () => {
    expect(assessmentPosition({ kind: 'disc', answers: firstTwo() }, '2')).toEqual({
      view: { stage: 'questions', index: 1 },
      canonicalStep: '2',
    })
    expect(assessmentPosition({ kind: 'disc', answers: firstTwo() }, '3').canonicalStep).toBe('3')
  })

  test('moves a step past the answers, or not a step at all, to the furthest screen allowed', () => {
    for (const step of ['4', '99', '0', 'x', '1.5', 'results']) {
      expect(assessmentPosition({ kind: 'disc', answers: firstTwo() }, step)).toEqual({
        view: { stage: 'questions', index: 2 },
        canonicalStep: '3',
      })
    }
  })

  test('shows results once every question is answered', () => {
    expect(assessmentPosition({ kind: 'disc', answers: all() }, 'results')).toEqual({
      view: { stage: 'results', answers: all() },
      canonicalStep: 'results',
    })
    expect(assessmentPosition({ kind: 'disc', answers: all() }, String(count)).view).toEqual({
      stage: 'questions',
      index: count - 1,
    })
  })
})
