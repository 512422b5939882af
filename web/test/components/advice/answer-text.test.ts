import { describe, expect, test } from 'vitest'
import { completedSoFar } from '../../../src/components/advice/answer-text.tsx'
import { parseAnswer } from '../../../src/lib/answer-markup.ts'

describe('an answer still streaming reads as it will when complete', () => {
  test('a heading whose closing marker has not come yet is bold already', () => {
    expect(parseAnswer(completedSoFar('Intro\n**How Ada and'))).toEqual([
      [{ text: 'Intro', bold: false }],
      [{ text: 'How Ada and', bold: true }],
    ])
  })

  test('half a marker at the end waits for its other half; closed markers are left alone', () => {
    expect(completedSoFar('Done. *')).toBe('Done. ')
    expect(completedSoFar('**Closed** and more')).toBe('**Closed** and more')
    expect(completedSoFar('**Open')).toBe('**Open**')
    // A marker left open on an earlier line stays literal, as in a finished answer.
    expect(completedSoFar('a ** b\nnext')).toBe('a ** b\nnext')
  })
})
