import type { AddressInfo } from 'node:net'
import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { AdviceStreamEventSchema, type AdviceStreamEvent } from '@app/contracts/advice'
import { closeServer } from '@app/kit/run-service'
import { identityHeaders } from '@app/kit/testing/service-dependencies'
import { ada, eventsOf, useAdviceService } from './support/advice-app.ts'

// The product's default pace: nothing here sets AI_STREAM_PACE_MS.
let logged = ''
const { context, saveProfile, ask } = useAdviceService(
  () => ({}),
  () => ({
    logger: {
      level: 'info',
      stream: new Writable({
        write(chunk: Buffer, _encoding, done) {
          logged += chunk.toString()
          done()
        },
      }),
    },
  }),
)

/** Posts to the listening service and records when each network read arrived and what it held. */
async function streamOverHttp(url: string, body: object, signal?: AbortSignal) {
  await context.advice.listen({ port: 0, host: '127.0.0.1' })
  // As the product closes a server: a connection the client dropped mid-answer must not hold it open.
  context.close.unshift(() => closeServer(context.advice, 200))
  const { port } = context.advice.server.address() as AddressInfo
  const started = performance.now()
  const response = await fetch(`http://127.0.0.1:${port}${url}`, {
    method: 'POST',
    headers: { ...identityHeaders('advice', ada), 'content-type': 'application/json' },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  })
  expect(response.status).toBe(200)
  return { response, started }
}

async function readAll(response: Response, started: number) {
  const reads: Array<{ at: number; events: AdviceStreamEvent[] }> = []
  const decoder = new TextDecoder()
  let pending = ''
  for await (const chunk of response.body!) {
    pending += decoder.decode(chunk, { stream: true })
    const complete = pending.slice(0, pending.lastIndexOf('\n\n') + 2)
    pending = pending.slice(complete.length)
    const events = eventsOf(complete).map((event) => AdviceStreamEventSchema.parse(event))
    reads.push({ at: performance.now() - started, events })
  }
  return reads
}

describe('the built-in advisor streams as a model would', () => {
  it('sends the first words at once and the rest a few words at a time, spread over the answer', async () => {
    const id = await saveProfile(ada, 'Ada Lovelace')
    const body = { profileId: id, question: 'How do I motivate her?', category: 'employers' }
    const { response, started } = await streamOverHttp('/api/ai/disc-analysis/stream', body)
    const reads = await readAll(response, started)
    const tokenReads = reads.filter((read) => read.events.some((event) => event.type === 'token'))
    expect(tokenReads[0]!.at).toBeLessThan(300)
    // Separate network reads, not one: the answer grows in dozens of steps over seconds.
    expect(tokenReads.length).toBeGreaterThan(40)
    const last = reads.at(-1)!
    expect(last.events.at(-1)!.type).toBe('done')
    expect(last.at - tokenReads[0]!.at).toBeGreaterThan(1500)
    const whole = (await ask(ada, '/api/ai/disc-analysis', body)).json() as { response: string }
    const text = reads
      .flatMap((read) => read.events)
      .map((event) => (event.type === 'token' ? event.text : ''))
      .join('')
    expect(text).toBe(whole.response)
  })

  it('answers the plain route whole, without pacing', async () => {
    const id = await saveProfile(ada, 'Ada Lovelace')
    const started = performance.now()
    const response = await ask(ada, '/api/ai/disc-analysis', { profileId: id, question: 'Strengths?' })
    expect(response.statusCode).toBe(200)
    expect(performance.now() - started).toBeLessThan(1000)
  })

  it('stops generating when the caller goes away, and says so in the log rather than as a failure', async () => {
    const id = await saveProfile(ada, 'Ada Lovelace')
    logged = ''
    const abort = new AbortController()
    const { response } = await streamOverHttp(
      '/api/ai/disc-collaboration/stream',
      { myProfile: { id }, theirProfile: { id }, question: 'How should we communicate?' },
      abort.signal,
    )
    const reader = response.body!.getReader()
    for (let reads = 0; reads < 3; reads += 1) await reader.read()
    abort.abort()
    await expect.poll(() => logged, { timeout: 2000 }).toContain('advice stream stopped: the caller left')
    const line = JSON.parse(logged.split('\n').find((entry) => entry.includes('the caller left'))!) as {
      piecesSent: number
    }
    expect(line.piecesSent).toBeGreaterThanOrEqual(3)
    expect(line.piecesSent).toBeLessThan(20)
    expect(logged).not.toContain('AI provider failed')
  })
})
