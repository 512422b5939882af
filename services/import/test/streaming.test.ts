import { describe, expect, it } from 'vitest'
import {
  accounts,
  administrator,
  as,
  DISC_HEADER,
  getJob,
  importCsv,
  useImportProduct,
} from './support/import-product.ts'

const context = useImportProduct({ config: { IMPORT_BATCH_SIZE: 50 }, jobs: { keepAliveMs: 100 } })

const people = (count: number) =>
  [
    DISC_HEADER,
    ...Array.from({ length: count }, (_, index) => `Person,Number${index},p${index}@example.com,1,2,3,4`),
  ].join('\n')

async function waitForJob(id: string) {
  for (let waited = 0; waited < 30_000; waited += 50) {
    const job = (await getJob(context.app, id)).json()
    if (job.status !== 'running') return job
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('the job did not end')
}

/** Posts an import over real HTTP to a listening app, asking for its progress as server-sent events. */
const streamImport = (url: string, csvText: string, signal?: AbortSignal) =>
  fetch(`${url}/api/simple-import`, {
    method: 'POST',
    headers: {
      ...as('import', administrator),
      'content-type': 'application/json',
      accept: 'text/event-stream',
    },
    body: JSON.stringify({ csvText }),
    ...(signal ? { signal } : {}),
  })

describe('a long import', () => {
  it('sends its JSON headers early and spaces until the answer, which still parses as JSON', async () => {
    const response = await importCsv(context.app, people(150))
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(response.body).toMatch(/^ +\{/)
    expect(JSON.parse(response.body)).toMatchObject({
      successfulRecords: 150,
      importedUsers: expect.any(Array),
    })
  })

  it('shows its first progress within a second over HTTP, and runs on when the page goes away', async () => {
    const url = await context.app.listen({ port: 0, host: '127.0.0.1' })
    const leave = new AbortController()
    const started = Date.now()
    const response = await streamImport(url, people(300), leave.signal)
    const reader = response.body!.getReader()
    const first = new TextDecoder().decode((await reader.read()).value)
    expect(Date.now() - started).toBeLessThan(1000)
    const event = JSON.parse(first.split('\n\n')[0]!.slice('data: '.length))
    expect(event).toMatchObject({ type: 'progress', progress: { totalRecords: 300 } })
    leave.abort()

    const job = await waitForJob(event.progress.jobId)
    expect(job).toMatchObject({ status: 'completed', successfulRecords: 300 })
    expect(await accounts(context)).toHaveLength(301)
  }, 60_000)

  it('leaves no listener on a kept-alive connection after its answers', async () => {
    const url = await context.app.listen({ port: 0, host: '127.0.0.1' })
    const sockets: import('node:net').Socket[] = []
    context.app.server.on('connection', (socket) => sockets.push(socket))
    const counts: number[] = []
    for (let index = 0; index < 6; index += 1) {
      const response = await streamImport(
        url,
        `${DISC_HEADER}\nA,Person${index},bad-address-${index},1,2,3,4`,
      )
      expect(await response.text()).toContain('"type":"result"')
      counts.push(sockets.reduce((sum, socket) => sum + socket.listenerCount('end'), 0))
    }
    // Fewer connections than answers, so some served several: their listeners do not grow with them.
    expect(sockets.length).toBeLessThan(6)
    expect(counts.at(-1)).toBe(counts[1])
  })
})
