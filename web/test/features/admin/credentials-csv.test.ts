import { describe, expect, test } from 'vitest'
import { credentialsCsv, credentialsFileName, csvCell } from '../../../src/features/admin/credentials-csv.ts'

describe('a credentials CSV cell', () => {
  test.each([
    ['=HYPERLINK("http://evil.test","x")', `"'=HYPERLINK(""http://evil.test"",""x"")"`],
    ['+1+2', "'+1+2"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', `"'\r=1+1"`],
  ])('a cell a spreadsheet would run as a formula is kept as text: %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected)
  })

  test.each([
    ['Ana Lima', 'Ana Lima'],
    ['#AnaLima4', '#AnaLima4'],
    ['Smith, John', '"Smith, John"'],
    ['The "Boss"', '"The ""Boss"""'],
    ['two\nlines', '"two\nlines"'],
    ['', ''],
    ['a=b', 'a=b'],
  ])('an ordinary value is left alone, and quoted only when RFC 4180 needs it: %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected)
  })
})

describe('the credentials file', () => {
  test('has the result table header, then one line per user, each ended by CRLF', () => {
    const text = credentialsCsv([
      { name: 'Ana Lima', email: 'ana@example.test', credential: 'password', password: '#AnaLima4' },
      {
        name: '=cmd|"/c calc"!A0 Evil',
        email: 'evil@example.test',
        credential: 'password',
        password: '#=cmdEvil4',
      },
    ])
    expect(text).toBe(
      'Name,Email (Username),Password\r\n' +
        'Ana Lima,ana@example.test,#AnaLima4\r\n' +
        `"'=cmd|""/c calc""!A0 Evil",evil@example.test,#=cmdEvil4\r\n`,
    )
  })

  test('lists "link sent" for a person mailed a set-password link, and says when nothing can be shown', () => {
    const text = credentialsCsv([
      { name: 'Lin Link', email: 'lin@example.test', credential: 'link-sent' },
      { name: 'No Show', email: 'no@example.test', credential: 'none' },
    ])
    expect(text).toBe(
      'Name,Email (Username),Password\r\n' +
        'Lin Link,lin@example.test,link sent\r\n' +
        'No Show,no@example.test,not shown (see the report)\r\n',
    )
  })

  test('with nobody in it is the header alone', () => {
    expect(credentialsCsv([])).toBe('Name,Email (Username),Password\r\n')
  })

  test('is named after the day it was saved', () => {
    expect(credentialsFileName(new Date('2026-11-23T18:00:00Z'))).toBe('imported-credentials-2026-11-23.csv')
  })
})
