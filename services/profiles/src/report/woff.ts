import { inflateSync } from 'node:zlib'

/**
 * A WOFF 1.0 font unwrapped to the TrueType/OpenType file it packs (W3C WOFF File Format 1.0): each table
 * inflated once here with Node's zlib. Handed WOFF, the PDF library inflates every table again for every
 * document in pure JavaScript, which cost most of a report's time (bench/README.md, profile report).
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.readUInt32BE(0) !== 0x774f4646) throw new Error('not a WOFF 1.0 font')
  const flavor = woff.readUInt32BE(4)
  const numTables = woff.readUInt16BE(12)
  const tables = Array.from({ length: numTables }, (_, index) => {
    const entry = 44 + index * 20
    const tag = woff.readUInt32BE(entry)
    const offset = woff.readUInt32BE(entry + 4)
    const compLength = woff.readUInt32BE(entry + 8)
    const origLength = woff.readUInt32BE(entry + 12)
    const checksum = woff.readUInt32BE(entry + 16)
    const stored = woff.subarray(offset, offset + compLength)
    const data = compLength < origLength ? inflateSync(stored) : stored
    if (data.length !== origLength) throw new Error('WOFF table of the wrong length')
    return { tag, checksum, data }
  })
  // The sfnt header's search fields, from the number of tables (OpenType, "Table Directory").
  const power = 2 ** Math.floor(Math.log2(numTables))
  const header = Buffer.alloc(12 + numTables * 16)
  header.writeUInt32BE(flavor, 0)
  header.writeUInt16BE(numTables, 4)
  header.writeUInt16BE(power * 16, 6)
  header.writeUInt16BE(Math.log2(power), 8)
  header.writeUInt16BE(numTables * 16 - power * 16, 10)
  const parts: Buffer[] = [header]
  let offset = header.length
  tables.forEach((table, index) => {
    const record = 12 + index * 16
    header.writeUInt32BE(table.tag, record)
    header.writeUInt32BE(table.checksum, record + 4)
    header.writeUInt32BE(offset, record + 8)
    header.writeUInt32BE(table.data.length, record + 12)
    // Tables start on four-byte boundaries.
    const padding = (4 - (table.data.length % 4)) % 4
    parts.push(table.data, Buffer.alloc(padding))
    offset += table.data.length + padding
  })
  return Buffer.concat(parts)
}
