import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { fileLines } from '../src/file-lines.ts'

const folder = mkdtempSync(join(tmpdir(), 'file-lines-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))
let files = 0
const fileOf = (content: string | Buffer) => {
  const path = join(folder, `file-${++files}`)
  writeFileSync(path, content)
  return path
}

describe('fileLines: a file read a chunk at a time', () => {
  it('gives the lines that split would, with lines and multi-byte characters cut across chunks', () => {
    const content = '{"a":1}\nnaïve — ünïcödé ✓\n\nsecond to last\nlast, cut'
    const expected = content.split('\n')
    // Chunks of 1 to 7 bytes cut every line, and every multi-byte character, somewhere.
    for (let chunkBytes = 1; chunkBytes <= 7; chunkBytes += 1) {
      const lines = [...fileLines(fileOf(content), { chunkBytes })]
      expect(lines.map((line) => line.text)).toEqual(expected)
      expect(lines.map((line) => line.number)).toEqual(expected.map((_, index) => index + 1))
      expect(lines.map((line) => line.bytes)).toEqual(expected.map((text) => Buffer.byteLength(text)))
      expect(lines.map((line) => line.terminated)).toEqual([true, true, true, true, false])
    }
  })

  it('has no cut line when the file ends with a newline, and no line at all when it is empty', () => {
    expect([...fileLines(fileOf('one\ntwo\n'), { chunkBytes: 3 })]).toEqual([
      { number: 1, text: 'one', bytes: 3, terminated: true },
      { number: 2, text: 'two', bytes: 3, terminated: true },
    ])
    expect([...fileLines(fileOf(''))]).toEqual([])
  })

  it('reports a line past the limit by its size, without its text, and goes on after it', () => {
    const long = 'x'.repeat(50)
    const lines = [
      ...fileLines(fileOf(`short\n${long}\nafter\n${long}`), { chunkBytes: 8, maxLineBytes: 20 }),
    ]
    expect(lines).toEqual([
      { number: 1, text: 'short', bytes: 5, terminated: true },
      { number: 2, text: null, bytes: 50, terminated: true },
      { number: 3, text: 'after', bytes: 5, terminated: true },
      { number: 4, text: null, bytes: 50, terminated: false },
    ])
  })

  it('reads NUL bytes (what a power cut can leave at the end of a file) as a line of its own', () => {
    const lines = [...fileLines(fileOf(Buffer.concat([Buffer.from('ok\n'), Buffer.alloc(4096)])))]
    expect(lines.map((line) => [line.text?.length, line.bytes, line.terminated])).toEqual([
      [2, 2, true],
      [4096, 4096, false],
    ])
  })
})
