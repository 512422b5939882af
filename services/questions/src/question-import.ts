import { DETAILED_QUESTION_MAX, SHORT_FORM_MAX } from '@app/contracts/questions'

export interface ImportedLine {
  shortForm: string
  detailedQuestion: string
}

/**
 * Bulk import (docs/requirements.md section 5): one question per line, 'Short Form | Detailed Question'. A line counts only
 * with exactly two non-empty parts (and within the field limits); every other line is ignored.
 */
export function parseImportLines(text: string): ImportedLine[] {
  const lines: ImportedLine[] = []
  for (const line of text.split(/\r?\n/)) {
    const parts = line.split('|')
    if (parts.length !== 2) continue
    const shortForm = parts[0]!.trim()
    const detailedQuestion = parts[1]!.trim()
    if (!shortForm || !detailedQuestion) continue
    if (shortForm.length > SHORT_FORM_MAX || detailedQuestion.length > DETAILED_QUESTION_MAX) continue
    lines.push({ shortForm, detailedQuestion })
  }
  return lines
}
