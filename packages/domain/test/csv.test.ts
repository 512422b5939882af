import { describe, expect, it } from 'vitest'
import { csvLine, csvRecords, csvValue, isBlankRecord } from '../src/csv.ts'

const read = (text: string) =>
  [...csvRecords(text)].map(({ fields, line, problem }) => ({
    fields,
    line,
    ...(problem ? { problem } : {}),
  }))

describe('the CSV reader', () => {
  it.each([
    [
      'plain values',
      'a,b,c\n1,2,3\n',
      [
        ['a', 'b', 'c'],
        ['1', '2', '3'],
      ],
    ],
    [
      'no final line break',
      'a,b\n1,2',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    [
      'CRLF line ends',
      'a,b\r\n1,2\r\n',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    [
      'lone CR line ends',
      'a,b\r1,2',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    [
      'a byte-order mark',
      '\uFEFFfirstName,email\nAda,a@x.io',
      [
        ['firstName', 'email'],
        ['Ada', 'a@x.io'],
      ],
    ],
    ['commas inside quotes', '"Smith, John",x\n', [['Smith, John', 'x']]],
    ['doubled quotes', '"say ""hi""",x', [['say "hi"', 'x']]],
    ['empty quoted value', '"",x', [['', 'x']]],
    ['empty values', ',,\n', [['', '', '']]],
    ['a trailing comma', 'a,', [['a', '']]],
    ['text after a closing quote', '"a"b,c', [['ab', 'c']]],
    ['a quote inside an unquoted value', 'O"Neil,x', [['O"Neil', 'x']]],
  ])('reads %s', (_label, text, expected) => {
    expect(read(text).map((record) => record.fields)).toEqual(expected)
  })

  it('keeps line breaks inside quotes and numbers records by the line they start on', () => {
    expect(read('h1,h2\n"two\nlines",x\r\n"three\r\n\r\nlines",y\nlast,z')).toEqual([
      { fields: ['h1', 'h2'], line: 1 },
      { fields: ['two\nlines', 'x'], line: 2 },
      { fields: ['three\r\n\r\nlines', 'y'], line: 4 },
      { fields: ['last', 'z'], line: 7 },
    ])
  })

  it('yields blank lines as blank records', () => {
    const records = [...csvRecords('a\n\n  \nb')]
    expect(records.map(isBlankRecord)).toEqual([false, true, true, false])
    expect(records.map((record) => record.line)).toEqual([1, 2, 3, 4])
  })

  it('says so when a quote is never closed', () => {
    expect(read('a,b\n"open,x\n1,2')).toEqual([
      { fields: ['a', 'b'], line: 1 },
      { fields: ['open,x\n1,2'], line: 2, problem: 'A quoted value opened on line 2 is never closed' },
    ])
  })

  it('reads lazily: the first record arrives without reading the rest', () => {
    const text = `a,b\n${'1,2\n'.repeat(100_000)}`
    const records = csvRecords(text)
    expect(records.next().value?.fields).toEqual(['a', 'b'])
  })

  it('reads a 10 MB text in well under a few seconds', () => {
    const text = `a,b,c\n${'"Smith, J",someone@example.com,42\n'.repeat(300_000)}`
    expect(text.length).toBeGreaterThan(10_000_000)
    let count = 0
    for (const record of csvRecords(text)) count += record.fields.length === 3 ? 1 : 0
    expect(count).toBe(300_001)
  })

  it('writes values that round-trip', () => {
    expect(csvValue('plain')).toBe('plain')
    expect(csvValue('a,b')).toBe('"a,b"')
    expect(csvValue('say "hi"')).toBe('"say ""hi"""')
    expect(csvValue(' padded ')).toBe('" padded "')
    const values = ['a,b', 'x"y', 'two\nlines', ' edge ', '']
    expect(read(csvLine(values))[0]!.fields).toEqual(values)
  })
})
