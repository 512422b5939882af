import { describe, expect, test } from 'vitest'
import { checkQuestionImport, parseQuestionLines } from '../../../src/features/questions/question-lines.ts'

describe('bulk import lines', () => {
  test('keeps lines with exactly two non-empty parts and ignores the rest', () => {
    const text = [
      'Strengths | What are their strengths?',
      'no pipe here',
      'a | b | c',
      ' | missing short form',
      'Missing detail | ',
      '  Stress  |  How do they handle stress?  ',
    ].join('\n')
    expect(parseQuestionLines(text)).toEqual([
      { shortForm: 'Strengths', detailedQuestion: 'What are their strengths?' },
      { shortForm: 'Stress', detailedQuestion: 'How do they handle stress?' },
    ])
  })

  test("gives the spec's messages", () => {
    expect(checkQuestionImport('   \n ', 0, 'Self')).toEqual({
      ok: false,
      title: 'No data provided',
      description: 'Please paste questions in the format: Short Form | Detailed Question',
    })
    expect(checkQuestionImport('nothing valid', 0, 'Self')).toMatchObject({
      ok: false,
      title: 'Invalid format',
    })
    expect(checkQuestionImport('a | b\nc | d\ne | f', 8, 'Family')).toEqual({
      ok: false,
      title: 'Too many questions',
      description: 'You can only add 2 more questions to the Family category. 8/10 slots used.',
    })
    expect(checkQuestionImport('a | b\nc | d', 8, 'Family')).toMatchObject({ ok: true })
  })
})
