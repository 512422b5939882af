import { Writable } from 'node:stream'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { loggerOptions } from '@app/kit/logger'
import { logIn, startGateway, startUpstream, testUsers } from './support/gateway.ts'

/** The gateway's logs cost nothing on a request that writes only its request line (decision 071). */

const REQUESTS = 20
let upstream: Awaited<ReturnType<typeof startUpstream>>
beforeAll(async () => {
  upstream = await startUpstream()
})
afterAll(async () => {
  await upstream.app.close()
})

it('makes no logger for a request that writes only its request line (decision 071)', async () => {
  const lines: Array<{ reqId?: string; msg?: string; route?: string; status?: number }> = []
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as (typeof lines)[number])
      done()
    },
  })
  const { app } = await startGateway({
    upstreamUrl: upstream.url,
    logger: { ...loggerOptions('info', 'gateway'), stream },
  })
  const cookie = await logIn(app, testUsers.standard)
  const children = vi.spyOn(app.log, 'child')
  const ids: string[] = []
  for (let index = 0; index < REQUESTS; index += 1) {
    const response = await app.inject({
      method: 'GET',
      url: '/api/echo/signed-in',
      cookies: { session: cookie },
    })
    expect(response.statusCode).toBe(200)
    ids.push(String(response.headers['x-request-id']))
  }
  expect(children).not.toHaveBeenCalled()
  // One line per request, the request line: none of the proxy's own ('fetching from remote server', …).
  const theirs = lines.filter((line) => ids.includes(line.reqId ?? ''))
  expect(theirs.map((line) => line.reqId)).toEqual(ids)
  for (const line of theirs)
    expect(line).toMatchObject({ msg: 'request', route: '/api/echo/signed-in', status: 200 })
  expect(new Set(ids).size).toBe(REQUESTS)
  await app.close()
})
