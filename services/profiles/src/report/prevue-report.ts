import { PREVUE_DIMENSION_LABELS, PREVUE_GROUPS } from '@app/domain/content/prevue-dimensions'
import { PREVUE_MAX_SCORE, type PrevueScores } from '@app/domain/prevue'
import { prevueReadingAtWork } from '@app/domain/prevue-reading'
import { formatSten } from '@app/domain/profile-scores'
import { bar, heading, keepTogether, MUTED, write } from './layout.ts'

type Doc = PDFKit.PDFDocument

/** Bars in the product's teal, one shade for every group: a Prevue score is a level, not a DISC style. */
const PREVUE_BAR = '#0f766e'

/** The three groups of the results page, each dimension as x/10 with a bar and what it means at work. */
export function prevueGroupPages(doc: Doc, scores: PrevueScores) {
  for (const group of PREVUE_GROUPS) {
    doc.addPage()
    heading(doc, group.title)
    for (const dimension of group.dimensions) {
      keepTogether(doc, 60)
      bar(doc, {
        label: PREVUE_DIMENSION_LABELS[dimension],
        value: formatSten(scores[dimension]),
        share: scores[dimension] / PREVUE_MAX_SCORE,
        color: PREVUE_BAR,
        labelWidth: 190,
      })
      write(doc, prevueReadingAtWork(dimension, scores[dimension]), { size: 10, color: MUTED, gap: 10 })
    }
  }
}
