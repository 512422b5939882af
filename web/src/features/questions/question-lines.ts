import { MAX_QUESTIONS_PER_CATEGORY } from '@app/contracts/questions-values'

export type ParsedQuestionLine = { shortForm: string; detailedQuestion: string }

/**
 * The bulk import's format (docs/requirements.md section 5): one question per line, 'Short Form | Detailed Question'. A line
 * with other than exactly two non-empty parts is ignored.
 */
export function parseQuestionLines(text: string): ParsedQuestionLine[] {
  return text.split(/\r?\n/).flatMap((line) => {
    const parts = line.split('|').map((part) => part.trim())
    if (parts.length !== 2 || parts[0] === '' || parts[1] === '') return []
    return [{ shortForm: parts[0]!, detailedQuestion: parts[1]! }]
  })
}

export type ImportCheck =
  { ok: true; questions: ParsedQuestionLine[] } | { ok: false; title: string; description: string }

/** The panel's checks before anything is sent, with the spec's messages. */
export function checkQuestionImport(text: string, used: number, categoryLabel: string): ImportCheck {
  if (text.trim() === '')
    return {
      ok: false,
      title: 'No data provided',
      description: 'Please paste questions in the format: Short Form | Detailed Question',
    }
  const questions = parseQuestionLines(text)
  if (questions.length === 0)
    return {
      ok: false,
      title: 'Invalid format',
      description: 'No valid lines found. Use one question per line: Short Form | Detailed Question',
    }
  const room = Math.max(0, MAX_QUESTIONS_PER_CATEGORY - used)
  if (questions.length > room)
    return {
      ok: false,
      title: 'Too many questions',
      description: `You can only add ${room} more questions to the ${categoryLabel} category. ${used}/${MAX_QUESTIONS_PER_CATEGORY} slots used.`,
    }
  return { ok: true, questions }
}
