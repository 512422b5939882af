import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { create, type Font } from 'fontkit'
import { woffToSfnt } from './woff.ts'

/**
 * The report's fonts: Noto Sans from the @fontsource packages, embedded in every PDF (production images have
 * no system fonts). Fontsource splits a family into subsets by script, each with the characters it covers
 * (its unicode.json); a text is set in runs, each in the first subset that covers its characters, so a
 * name in Greek, Cyrillic, Hebrew or Arabic prints as written (docs/decisions/057-profile-reports.md).
 */
export type Weight = 'regular' | 'bold'

interface Subset {
  /** The name the PDF document registers the face under, per weight. */
  names: Record<Weight, string>
  /** Parsed once and shared by every document: parsing per document cost more than laying the text out. */
  fonts: Record<Weight, Font>
  ranges: ReadonlyArray<readonly [number, number]>
}

const require = createRequire(import.meta.url)

/** Family package, file prefix and subset, in the order a character is looked up. */
const FACES = [
  ['@fontsource/noto-sans', 'noto-sans', 'latin'],
  ['@fontsource/noto-sans', 'noto-sans', 'latin-ext'],
  ['@fontsource/noto-sans', 'noto-sans', 'greek'],
  ['@fontsource/noto-sans', 'noto-sans', 'greek-ext'],
  ['@fontsource/noto-sans', 'noto-sans', 'cyrillic'],
  ['@fontsource/noto-sans', 'noto-sans', 'cyrillic-ext'],
  ['@fontsource/noto-sans', 'noto-sans', 'vietnamese'],
  ['@fontsource/noto-sans-hebrew', 'noto-sans-hebrew', 'hebrew'],
  ['@fontsource/noto-sans-arabic', 'noto-sans-arabic', 'arabic'],
] as const

/** "U+0000-00FF,U+0131" as ranges of code points. */
export function parseUnicodeRanges(text: string): Array<[number, number]> {
  return text.split(',').map((part) => {
    const [from, to] = part.trim().replace(/^U\+/i, '').split('-')
    const start = Number.parseInt(from!, 16)
    return [start, to === undefined ? start : Number.parseInt(to, 16)]
  })
}

function loadSubset([pkg, prefix, subset]: (typeof FACES)[number]): Subset {
  const unicode = readFileSync(require.resolve(`${pkg}/unicode.json`), 'utf8')
  const ranges = (JSON.parse(unicode) as Record<string, string>)[subset]
  if (!ranges) throw new Error(`${pkg} has no subset ${subset}`)
  const file = (weight: number): Font => {
    const path = require.resolve(`${pkg}/files/${prefix}-${subset}-${weight}-normal.woff`)
    const font = create(woffToSfnt(readFileSync(path)))
    // A single font file, never a collection (.ttc) of several.
    if ('fonts' in font) throw new Error(`${path} is a font collection`)
    nameGlyphs(font)
    return font
  }
  return {
    names: { regular: `${prefix}-${subset}`, bold: `${prefix}-${subset}-bold` },
    fonts: { regular: file(400), bold: file(700) },
    ranges: parseUnicodeRanges(ranges),
  }
}

/** Ligatures and Arabic letter forms: the shaper makes these from the letters, and they should read as those. */
const isPresentationForm = (codePoint: number) =>
  (codePoint >= 0xfb00 && codePoint <= 0xfdff) || (codePoint >= 0xfe70 && codePoint <= 0xfeff)

/**
 * fontkit keeps the first glyph object made for an id, and the subsetter fetches a composite's parts without
 * their characters: a full stop first met inside a colon lost its text in every later report. Each glyph is
 * made from its character first, once, so every report's text layer names it; presentation forms are left to
 * the shaper, which names them by the letters they were made from.
 */
function nameGlyphs(font: Font) {
  for (const codePoint of font.characterSet)
    if (!isPresentationForm(codePoint)) font.glyphForCodePoint(codePoint)
}

let subsets: readonly Subset[] | null = null
/** Read once, on the first report: about 600 kB of font files held for the life of the process. */
export function reportSubsets(): readonly Subset[] {
  subsets ??= FACES.map(loadSubset)
  return subsets
}

const covers = (subset: Subset, codePoint: number) =>
  subset.ranges.some(([start, end]) => codePoint >= start && codePoint <= end)

/**
 * The text cut into runs, each with the face that covers it: the first subset that has every character of
 * the run (the Latin one for anything no subset covers, which prints as a missing-glyph box).
 */
export function fontRuns(text: string, weight: Weight): Array<{ font: string; text: string }> {
  const all = reportSubsets()
  const runs: Array<{ subset: Subset; text: string }> = []
  for (const character of text) {
    const current = runs.at(-1)
    const codePoint = character.codePointAt(0)!
    if (current && covers(current.subset, codePoint)) {
      current.text += character
      continue
    }
    const subset = all.find((candidate) => covers(candidate, codePoint)) ?? all[0]!
    runs.push({ subset, text: character })
  }
  return runs.map((run) => ({ font: run.subset.names[weight], text: run.text }))
}
