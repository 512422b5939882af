import { describe, expect, it } from 'vitest'
import { csvCell, csvRecord } from '../src/csv-cell.ts'
import { csvRecords } from '../src/csv.ts'

describe('CSV cells the product writes', () => {
  it('keeps formulas as text, with a leading quote, whatever starts them', () => {
    for (const formula of ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\t=1', '\r=1'])
      expect(csvCell(formula).replace(/^"/, '')).toMatch(/^'/)
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`)
    expect(csvCell('Ada Lovelace')).toBe('Ada Lovelace')
  })

  it('writes records the reader reads back as they were, nulls empty and objects as JSON', () => {
    const text =
      csvRecord(['a,b', 'say "hi"', 'two\nlines', null, 3, true]) + csvRecord([{ a: 1 }, undefined, '=x'])
    const records = [...csvRecords(text)].map((record) => record.fields)
    expect(records).toEqual([
      ['a,b', 'say "hi"', 'two\nlines', '', '3', 'true'],
      ['{"a":1}', '', "'=x"],
    ])
  })
})
