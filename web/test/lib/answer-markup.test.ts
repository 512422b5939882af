import { describe, expect, test } from 'vitest'
import { parseAnswer } from '../../src/lib/answer-markup.ts'

describe('reading an answer', () => {
  test('bold markers become bold runs and newlines split lines', () => {
    expect(parseAnswer('**Strengths**\nDirect and **fast** to act')).toEqual([
      [{ text: 'Strengths', bold: true }],
      [
        { text: 'Direct and ', bold: false },
        { text: 'fast', bold: true },
        { text: ' to act', bold: false },
      ],
    ])
  })

  test('markup-looking text stays text', () => {
    const payload = '<script>alert(1)</script><img src=x onerror=alert(2)> [x](javascript:alert(3))'
    expect(parseAnswer(payload)).toEqual([[{ text: payload, bold: false }]])
  })

  test('an unclosed marker stays literal, as in a half-streamed answer', () => {
    expect(parseAnswer('Be **clear')).toEqual([[{ text: 'Be **clear', bold: false }]])
  })

  test('empty lines are kept as breaks', () => {
    expect(parseAnswer('a\r\n\nb')).toEqual([[{ text: 'a', bold: false }], [], [{ text: 'b', bold: false }]])
  })
})
