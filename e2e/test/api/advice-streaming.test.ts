import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdviceStreamEventSchema } from '@app/contracts/advice'
import { SESSION_COOKIE } from '../../src/api.ts'
import { useProduct } from '../../src/fixture.ts'

/** An OpenAI-compatible model on loopback: one word at once, the rest 400 ms later. */
const GAP_MS = 400
let model: ReturnType<typeof createServer>
let modelUrl = ''
beforeAll(async () => {
  model = createServer((request, response: ServerResponse) => {
    request.resume()
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'text/event-stream' })
      const chunk = (content: string) => `data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`
      response.write(chunk('First '))
      setTimeout(() => response.end(`${chunk('and the rest.')}data: [DONE]\n\n`), GAP_MS)
    })
  })
  await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve))
  modelUrl = `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1`
})
afterAll(() => new Promise<void>((resolve) => model.close(() => resolve())))

const fixture = useProduct(() => ({
  AI_PROVIDER: 'openai',
  OPENAI_BASE_URL: modelUrl,
  OPENAI_MODEL: 'loopback',
}))

describe('streamed advice through the gateway', () => {
  it('passes each token on as it comes: neither buffered nor compressed', async () => {
    const owner = await fixture.createAccount('standard', { firstName: 'Stream', lastName: 'Owner' })
    const saved = (await owner.session.expect(201, 'POST', '/api/assessments', {
      assessmentType: 'disc',
      dScore: 70,
      iScore: 20,
      sScore: 10,
      cScore: 0,
      name: 'Stream Owner',
    })) as { id: number }
    const started = performance.now()
    const response = await fetch(new URL('/api/ai/disc-analysis/stream', fixture.product.url), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'accept-encoding': 'gzip, br',
        origin: new URL(fixture.product.url).origin,
        cookie: `${SESSION_COOKIE}=${owner.session.sessionToken}`,
      },
      body: JSON.stringify({ profileId: saved.id, question: 'How do I communicate with them?' }),
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/)
    expect(response.headers.get('content-encoding')).toBeNull()
    const reader = response.body!.getReader()
    const decoder = new TextDecoder()
    let text = ''
    let firstTokenAt = 0
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      text += decoder.decode(value, { stream: true })
      if (!firstTokenAt && text.includes('"type":"token"')) firstTokenAt = performance.now() - started
    }
    const total = performance.now() - started
    const events = text
      .split('\n\n')
      .filter((block) => block.startsWith('data: '))
      .map((block) => AdviceStreamEventSchema.parse(JSON.parse(block.slice(6))))
    expect(events[0]).toEqual({ type: 'token', text: 'First ' })
    expect(events.at(-1)).toMatchObject({ type: 'done', response: 'First and the rest.' })
    // The first word arrived well before the model's pause ended: nothing held it back.
    expect(firstTokenAt).toBeLessThan(total - GAP_MS / 2)
  })
})
