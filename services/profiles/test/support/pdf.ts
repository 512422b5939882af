import { execFile } from 'node:child_process'
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/**
 * A PDF checked as a reader's tools see it (Debian's poppler-utils): its text, its metadata, its fonts, every
 * page drawn to an image, and the box of every word against its page.
 */
export async function inspectPdf(pdf: Buffer) {
  const folder = await mkdtemp(join(tmpdir(), 'report-'))
  const file = join(folder, 'report.pdf')
  await writeFile(file, pdf)
  try {
    const text = (await run('pdftotext', ['-enc', 'UTF-8', file, '-'])).stdout
    const info = (await run('pdfinfo', [file])).stdout
    const fonts = (await run('pdffonts', [file])).stdout
    const bbox = (await run('pdftotext', ['-bbox', '-enc', 'UTF-8', file, '-'], { maxBuffer: 32 << 20 }))
      .stdout
    await run('pdftoppm', ['-r', '24', '-png', file, join(folder, 'page')])
    const images = (await readdir(folder)).filter((name) => name.endsWith('.png'))
    return {
      text,
      /** Whitespace collapsed, for phrases that may wrap across lines. */
      flat: text.replace(/\s+/g, ' '),
      info: Object.fromEntries(
        info
          .split('\n')
          .filter((line) => line.includes(':'))
          .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]),
      ),
      fontRows: fonts.split('\n').slice(2).filter(Boolean),
      pages: pagesOf(bbox),
      renderedPages: images.length,
    }
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}

interface Word {
  text: string
  xMin: number
  yMin: number
  xMax: number
  yMax: number
}

/** The pages of `pdftotext -bbox` output, each with its size and the words on it. */
function pagesOf(bbox: string) {
  const pages = bbox.split('<page ').slice(1)
  return pages.map((page) => {
    const width = Number(/width="([\d.]+)"/.exec(page)![1])
    const height = Number(/height="([\d.]+)"/.exec(page)![1])
    const words: Word[] = [
      ...page.matchAll(
        /<word xMin="([-\d.]+)" yMin="([-\d.]+)" xMax="([-\d.]+)" yMax="([-\d.]+)">([^<]*)<\/word>/g,
      ),
    ].map((match) => ({
      xMin: Number(match[1]),
      yMin: Number(match[2]),
      xMax: Number(match[3]),
      yMax: Number(match[4]),
      text: match[5]!,
    }))
    return { width, height, words }
  })
}

/** Words whose box leaves the page, or comes within `gutter` points of its edge. */
export function wordsOffPage(pages: Awaited<ReturnType<typeof inspectPdf>>['pages'], gutter = 20) {
  return pages.flatMap((page, index) =>
    page.words
      .filter(
        (word) =>
          word.xMin < gutter ||
          word.yMin < gutter ||
          word.xMax > page.width - gutter ||
          word.yMax > page.height - gutter,
      )
      .map((word) => ({ page: index + 1, ...word })),
  )
}
