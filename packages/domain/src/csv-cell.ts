/** A cell a spreadsheet would read as a formula (or a formula behind a tab or return) is kept as text. */
const FORMULA_START = /^[=+\-@\t\r]/

/**
 * One CSV cell: neutralised against spreadsheet formulas (OWASP's advice: a leading quote), then quoted
 * per RFC 4180 when it holds a quote, a comma or a line break. Every CSV the product hands out (the data
 * export, the audit log, generated credentials) goes through it.
 */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

/** One CSV record with its CRLF line end; null and undefined are empty cells, other values their text. */
export function csvRecord(values: readonly unknown[]): string {
  const text = (value: unknown) =>
    value === null || value === undefined
      ? ''
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value as string | number | boolean)
  return `${values.map((value) => csvCell(text(value))).join(',')}\r\n`
}
