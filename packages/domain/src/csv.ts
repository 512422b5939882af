/**
 * A small CSV reader (RFC 4180 and what spreadsheets write): quoted values holding commas, line breaks and
 * doubled quotes, a byte-order mark, and LF, CRLF or lone CR line ends. It reads lazily from a string, one
 * record at a time, so a caller that keeps nothing holds one record however long the file is. The web app
 * and the import service share it (docs/architecture.md, Code layout).
 */

export interface CsvRecord {
  /** The values, unquoted; a blank line is one empty value. */
  fields: string[]
  /** The line of the text the record starts on, from 1. */
  line: number
  /** Set when the record could not be read as written: an opening quote that is never closed. */
  problem?: string
}

const QUOTE = 34 // "
const COMMA = 44 // ,
const LF = 10
const CR = 13
const BOM = 0xfeff

/** Yields every record of `text`; a final line break does not start another record. */
export function* csvRecords(text: string): Generator<CsvRecord, void, undefined> {
  const length = text.length
  let index = length > 0 && text.charCodeAt(0) === BOM ? 1 : 0
  let line = 1
  while (index < length) {
    const startLine = line
    const fields: string[] = []
    let problem: string | undefined
    for (;;) {
      // One value, starting at `index`.
      if (index < length && text.charCodeAt(index) === QUOTE) {
        let value = ''
        let from = index + 1
        let closed = false
        for (;;) {
          const next = text.indexOf('"', from)
          if (next === -1) {
            value += text.slice(from)
            line += countLineBreaks(text, from, length)
            index = length
            break
          }
          value += text.slice(from, next)
          line += countLineBreaks(text, from, next)
          if (next + 1 < length && text.charCodeAt(next + 1) === QUOTE) {
            value += '"'
            from = next + 2
            continue
          }
          index = next + 1
          closed = true
          break
        }
        if (!closed) {
          problem = `A quoted value opened on line ${startLine} is never closed`
        } else {
          // Text after the closing quote (`"a"b`) is kept as written, as spreadsheets do.
          const end = valueEnd(text, index)
          value += text.slice(index, end)
          index = end
        }
        fields.push(value)
      } else {
        const end = valueEnd(text, index)
        fields.push(text.slice(index, end))
        index = end
      }
      if (index >= length) break
      const code = text.charCodeAt(index)
      if (code === COMMA) {
        index += 1
        // A comma at the very end still opens one more (empty) value.
        if (index >= length) {
          fields.push('')
          break
        }
        continue
      }
      // A line break ends the record.
      index += code === CR && index + 1 < length && text.charCodeAt(index + 1) === LF ? 2 : 1
      line += 1
      break
    }
    yield problem === undefined ? { fields, line: startLine } : { fields, line: startLine, problem }
  }
}

/** The first comma or line break at or after `from`, or the end of the text. */
function valueEnd(text: string, from: number): number {
  let index = from
  const length = text.length
  while (index < length) {
    const code = text.charCodeAt(index)
    if (code === COMMA || code === LF || code === CR) return index
    index += 1
  }
  return length
}

/** Line breaks between `from` and `to`, counting CRLF once. */
function countLineBreaks(text: string, from: number, to: number): number {
  let count = 0
  for (let index = from; index < to; index += 1) {
    const code = text.charCodeAt(index)
    if (code === LF) count += 1
    else if (code === CR && text.charCodeAt(index + 1) !== LF) count += 1
  }
  return count
}

/** True for a record that is only a blank line (or only commas and spaces). */
export function isBlankRecord(record: CsvRecord): boolean {
  return record.fields.every((field) => field.trim() === '')
}

/** One value as CSV: quoted when it holds a comma, a quote, a line break or edge spaces. */
export function csvValue(value: string): string {
  if (/[",\r\n]/.test(value) || value !== value.trim()) return `"${value.replaceAll('"', '""')}"`
  return value
}

/** One CSV line of values (without its line break). */
export function csvLine(values: readonly string[]): string {
  return values.map(csvValue).join(',')
}
