import { describe, expect, it } from 'vitest'
import {
  accounts,
  administrator,
  as,
  assessments,
  DISC_HEADER,
  eventsOf,
  importCsv,
  useImportProduct,
} from './support/import-product.ts'

const context = useImportProduct({ config: { IMPORT_BATCH_SIZE: 100 } })

/** Whole rows of a report, counted by reason. */
function reasons(report: Array<{ status: string; reason?: string }>) {
  const counts: Record<string, number> = {}
  for (const row of report) {
    const key = row.status === 'imported' ? 'imported' : (row.reason ?? '?')
    counts[key] = (counts[key] ?? 0) + 1
  }
  return counts
}

describe('large and hostile files', () => {
  it('takes a 10 MB file through the whole path, with a line in the report for every row', async () => {
    const good = Array.from(
      { length: 20 },
      (_, index) => `Good,Person${index},good${index}@example.com,10,20,30,40`,
    )
    // Long rows whose e-mail has no '@': refused one by one, so the file is big but quick to check.
    const padding = 'x'.repeat(90)
    const bad: string[] = []
    let size = DISC_HEADER.length + good.join('\n').length
    for (let index = 0; size < 10 * 1024 * 1024; index += 1) {
      const line = `"Long, ${padding}",Name${index},nobody${index}.example.com,1,2,3,4`
      bad.push(line)
      size += line.length + 1
    }
    const csvText = [DISC_HEADER, ...good.slice(0, 10), ...bad, ...good.slice(10)].join('\n')
    expect(csvText.length).toBeGreaterThanOrEqual(10 * 1024 * 1024)
    const response = await importCsv(context.app, csvText)
    expect(response.statusCode).toBe(200)
    const result = response.json()
    expect(result).toMatchObject({
      totalRecords: 20 + bad.length,
      successfulRecords: 20,
      failedRecords: bad.length,
    })
    expect(result.report).toHaveLength(20 + bad.length)
    expect(result.report.at(-1)).toMatchObject({ row: 21 + bad.length, status: 'imported' })
    expect(reasons(result.report).imported).toBe(20)
    const failed = result.report.filter((row: { status: string }) => row.status === 'failed')
    expect(
      failed.every((row: { reason: string }) => row.reason.startsWith('Invalid email address: nobody')),
    ).toBe(true)
    expect(result.report[10]).toMatchObject({
      row: 12,
      status: 'failed',
      reason: 'Invalid email address: nobody0.example.com',
    })
    expect(await assessments(context)).toHaveLength(20)
  }, 120_000)

  it('reports each of 200,000 rows, streaming progress throughout', async () => {
    const rows: string[] = []
    for (let index = 0; index < 200_000; index += 1)
      rows.push(
        index % 4000 === 0
          ? `Real,Person${index},real${index}@example.com,1,2,3,4`
          : `Text,Score${index},t${index}@example.com,high,2,3,4`,
      )
    const response = await importCsv(context.app, [DISC_HEADER, ...rows].join('\n'), {
      accept: 'text/event-stream',
    })
    expect(response.statusCode).toBe(200)
    const events = eventsOf(response.body)
    expect(events[0]).toMatchObject({ type: 'progress', progress: { totalRecords: 200_000 } })
    expect(events.filter((event) => event.type === 'progress').length).toBeGreaterThan(2)
    const last = events.at(-1) as {
      type: string
      result: {
        successfulRecords: number
        failedRecords: number
        report: Array<{ status: string; reason?: string }>
      }
    }
    expect(last.type).toBe('result')
    expect(last.result).toMatchObject({ successfulRecords: 50, failedRecords: 199_950 })
    expect(reasons(last.result.report)).toEqual({
      imported: 50,
      'DISC scores must be numbers (dScore: "high")': 199_950,
    })
    expect((await accounts(context)).length).toBe(51)
  }, 120_000)

  it('reports a quote that is never closed instead of importing the rest of the file as one value', async () => {
    const response = await importCsv(
      context.app,
      `${DISC_HEADER}\nAnn,Lee,ann@example.com,1,2,3,4\n"Bo,Quist,bo@example.com,1,2,3,4\nCy,Young,cy@example.com,1,2,3,4`,
    )
    expect(response.json()).toMatchObject({
      successfulRecords: 1,
      failedRecords: 1,
      report: [
        { row: 2, status: 'imported' },
        { row: 3, status: 'failed', reason: 'A quoted value opened on line 3 is never closed' },
      ],
    })
  })

  it('refuses text over the catalog limit with a 400, not a 5xx', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/simple-import',
      headers: { ...as('import', administrator), 'content-type': 'application/json' },
      payload: `{"csvText":"${'a'.repeat(33 * 1024 * 1024)}"}`,
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toContain('split it into files under 32 MB')
  }, 60_000)
})
