import PDFDocument from 'pdfkit'
import { fontRuns, reportSubsets, type Weight } from './fonts.ts'

export { reportSubsets }

/** A4 in points, with the margins every page keeps; the footer sits inside the bottom margin. */
export const PAGE = { width: 595.28, height: 841.89, margin: 56 } as const
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin

export const INK = '#0f172a'
export const MUTED = '#475569'
export const TRACK = '#e2e8f0'

type Doc = PDFKit.PDFDocument

/** A document with the report's fonts registered, its title and language set, and its pages kept for numbering. */
export function reportDocument(title: string): Doc {
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    bufferPages: true,
    // The report's own face from the start, rather than Helvetica's metrics parsed for every document.
    font: reportSubsets()[0]!.fonts.regular as never,
    lang: 'en-GB',
    displayTitle: true,
    info: { Title: title, Subject: title, Creator: 'Prevue DISC Insights', Producer: 'Prevue DISC Insights' },
  })
  for (const subset of reportSubsets()) {
    doc.registerFont(subset.names.regular, subset.fonts.regular as never)
    doc.registerFont(subset.names.bold, subset.fonts.bold as never)
  }
  return doc
}

interface TextOptions {
  size?: number
  weight?: Weight
  color?: string
  gap?: number
  align?: 'left' | 'center' | 'right'
  x?: number
  width?: number
}

/** A paragraph set in the faces its characters need, wrapped to the content width. */
export function write(doc: Doc, text: string, options: TextOptions = {}) {
  const { size = 11, weight = 'regular', color = INK, gap = 6, align = 'left' } = options
  const width = options.width ?? CONTENT_WIDTH
  const runs = fontRuns(text, weight)
  doc.fillColor(color).fontSize(size)
  if (options.x !== undefined) doc.x = options.x
  else doc.x = PAGE.margin
  runs.forEach((run, index) => {
    const last = index === runs.length - 1
    doc.font(run.font).text(run.text, { width, align, continued: !last, lineGap: 2 })
  })
  doc.moveDown(gap / size)
}

export function heading(doc: Doc, text: string, size = 18) {
  write(doc, text, { size, weight: 'bold', gap: 8 })
}

export function subheading(doc: Doc, text: string) {
  write(doc, text, { size: 13, weight: 'bold', gap: 4 })
}

/** A bulleted list: each item indented, the bullet beside its first line. */
export function bullets(doc: Doc, items: readonly string[]) {
  for (const item of items) {
    if (doc.y > PAGE.height - PAGE.margin - 40) doc.addPage()
    const top = doc.y
    doc.fillColor(INK).font(reportSubsets()[0]!.names.regular).fontSize(11)
    doc.text('•', PAGE.margin + 4, top, { lineBreak: false })
    write(doc, item, { x: PAGE.margin + 18, width: CONTENT_WIDTH - 18, gap: 3 })
  }
  doc.moveDown(0.4)
}

/** A labelled horizontal bar: `share` of the track filled in `color`, the value written after it. */
export function bar(
  doc: Doc,
  row: { label: string; value: string; share: number; color: string; labelWidth?: number },
) {
  const labelWidth = row.labelWidth ?? 150
  const valueWidth = 48
  const trackX = PAGE.margin + labelWidth
  const trackWidth = CONTENT_WIDTH - labelWidth - valueWidth - 8
  const top = doc.y
  const height = 12
  write(doc, row.label, { size: 10, width: labelWidth - 8, gap: 0 })
  const afterLabel = doc.y
  doc.rect(trackX, top + 1, trackWidth, height).fill(TRACK)
  const filled = Math.max(0, Math.min(1, row.share)) * trackWidth
  if (filled > 0) doc.rect(trackX, top + 1, filled, height).fill(row.color)
  doc.y = top
  write(doc, row.value, {
    size: 10,
    weight: 'bold',
    x: trackX + trackWidth + 8,
    width: valueWidth,
    gap: 0,
    align: 'right',
  })
  doc.x = PAGE.margin
  doc.y = Math.max(afterLabel, top + height + 2) + 6
}

/** Starts a page when less than `needed` points remain above the bottom margin. */
export function keepTogether(doc: Doc, needed: number) {
  if (doc.y + needed > PAGE.height - PAGE.margin) doc.addPage()
}

/** "Page n of m" in every page's footer, written once all pages exist. */
export function numberPages(doc: Doc, footer: string) {
  const { start, count } = doc.bufferedPageRange()
  for (let index = start; index < start + count; index += 1) {
    doc.switchToPage(index)
    // Written inside the bottom margin, which would otherwise start a new page.
    const bottom = doc.page.margins.bottom
    doc.page.margins.bottom = 0
    doc.y = PAGE.height - PAGE.margin / 2 - 6
    write(doc, `${footer} · Page ${index - start + 1} of ${count}`, {
      size: 8,
      color: MUTED,
      align: 'center',
      gap: 0,
    })
    doc.page.margins.bottom = bottom
  }
}

/** The finished document's bytes. */
export function finish(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
    doc.end()
  })
}
