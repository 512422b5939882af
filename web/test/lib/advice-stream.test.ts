import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { AdviceStreamEventSchema } from '@app/contracts/advice'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { AdviceEventParser, AdviceStreamError, streamAdvice } from '../../src/lib/advice-stream.ts'
import { ApiError } from '../../src/lib/api-client.ts'
import { retryAfterSeconds, RetryLaterError } from '../../src/lib/event-stream.ts'
import { adviceFailureToast, describeWait } from '../../src/components/advice/advice-failure.ts'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
let server: Server
let origin: string
const received: unknown[] = []

// A real server sending events in awkward pieces: a line split across writes, comments, CRLF.
beforeAll(async () => {
  server = createServer(async (request, response) => {
    let body = ''
    for await (const chunk of request) body += chunk
    received.push(JSON.parse(body))
    const stream = (parts: string[]) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' })
      return (async () => {
        for (const part of parts) {
          response.write(part)
          await sleep(5)
        }
        response.end()
      })()
    }
    switch (request.url) {
      case '/stream':
        return stream([
          ': keep-alive\n\n',
          'data: {"type":"token","text":"Hello "}\n\n',
          'data: {"type":"tok',
          'en","text":"**there**"}\r\n\r\n',
          'data: {"type":"done","response":"Hello **there**","followUps":["Why?"]}\n\n',
        ])
      case '/fails-midway':
        return stream([
          'data: {"type":"token","text":"Hel"}\n\n',
          'data: {"type":"error","message":"Provider down","code":"ADVICE_PROVIDER_FAILED"}\n\n',
        ])
      case '/cut-short':
        return stream(['data: {"type":"token","text":"Hel"}\n\n'])
      case '/too-many':
        response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '240' })
        return response.end(JSON.stringify({ message: 'Slow down', code: 'ADVICE_RATE_LIMITED' }))
      case '/too-many-unsaid':
        response.writeHead(429, { 'content-type': 'application/json' })
        return response.end(JSON.stringify({ message: 'Slow down', code: 'ADVICE_RATE_LIMITED' }))
      case '/refused':
        response.writeHead(403, { 'content-type': 'application/json' })
        return response.end(JSON.stringify({ message: 'Not yours', code: 'ADVICE_FORBIDDEN' }))
      default:
        response.writeHead(200, { 'content-type': 'application/json' })
        return response.end(JSON.stringify({ response: 'Whole answer', followUps: [] }))
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('streamed advice', () => {
  test('tokens arrive one by one, then the final answer with its follow-ups', async () => {
    const tokens: string[] = []
    const answer = await streamAdvice(
      `${origin}/stream`,
      { question: 'Hi' },
      { onToken: (text) => tokens.push(text) },
    )
    expect(tokens).toEqual(['Hello ', '**there**'])
    expect(answer).toEqual({ response: 'Hello **there**', followUps: ['Why?'] })
    expect(received.at(-1)).toEqual({ question: 'Hi' })
  })

  test('an error event inside the stream fails with its message and code', async () => {
    const failure = streamAdvice(`${origin}/fails-midway`, {}, { onToken: () => undefined })
    await expect(failure).rejects.toBeInstanceOf(AdviceStreamError)
    await expect(failure).rejects.toMatchObject({ message: 'Provider down', code: 'ADVICE_PROVIDER_FAILED' })
  })

  test('a stream that ends without its final event fails', async () => {
    await expect(streamAdvice(`${origin}/cut-short`, {}, { onToken: () => undefined })).rejects.toMatchObject(
      {
        code: 'STREAM_INCOMPLETE',
      },
    )
  })

  test('a refusal before the stream is the API client error with status and body', async () => {
    const failure = streamAdvice(`${origin}/refused`, {}, { onToken: () => undefined })
    await expect(failure).rejects.toBeInstanceOf(ApiError)
    await expect(failure).rejects.toMatchObject({ status: 403 })
  })

  test('a 429 with Retry-After says how long to wait; without it, it is the plain API client error', async () => {
    const before = Date.now()
    const error = await streamAdvice(`${origin}/too-many`, {}, { onToken: () => undefined }).catch(
      (caught: unknown) => caught,
    )
    expect(error).toBeInstanceOf(RetryLaterError)
    expect(error).toMatchObject({ status: 429, retryAfterSeconds: 240 })
    expect((error as RetryLaterError).receivedAt).toBeGreaterThanOrEqual(before)
    expect(adviceFailureToast(error)).toEqual({
      title: 'Too many questions',
      description: expect.stringMatching(
        /^You have asked a lot of questions in a short time\. You can ask again in 4 minutes, at \d/,
      ) as string,
      variant: 'destructive',
    })
    const unsaid = await streamAdvice(`${origin}/too-many-unsaid`, {}, { onToken: () => undefined }).catch(
      (caught: unknown) => caught,
    )
    expect(unsaid).toBeInstanceOf(ApiError)
    expect(unsaid).not.toBeInstanceOf(RetryLaterError)
    expect(adviceFailureToast(unsaid).description).toBe('Failed to generate AI response. Please try again.')
  })

  test('a plain JSON answer is taken whole', async () => {
    const tokens: string[] = []
    await expect(
      streamAdvice(`${origin}/json`, {}, { onToken: (text) => tokens.push(text) }),
    ).resolves.toEqual({
      response: 'Whole answer',
      followUps: [],
    })
    expect(tokens).toEqual(['Whole answer'])
  })
})

describe('the event parser', () => {
  test('keeps an unfinished line for the next chunk and reads a last line without a newline', () => {
    const parser = new AdviceEventParser(AdviceStreamEventSchema)
    expect(parser.push('data: {"type":"token",')).toEqual([])
    expect(parser.push('"text":"a"}\ndata: {"type":"token","text":"b"}')).toEqual([
      { type: 'token', text: 'a' },
    ])
    expect(parser.end()).toEqual([{ type: 'token', text: 'b' }])
  })

  test('refuses an event outside the contract', () => {
    expect(() =>
      new AdviceEventParser(AdviceStreamEventSchema).push('data: {"type":"html","text":"<b>"}\n'),
    ).toThrow()
  })
})

describe('Retry-After', () => {
  test('reads delay-seconds and HTTP dates, and nothing else', () => {
    const now = Date.parse('2026-11-27T10:00:00Z')
    expect(retryAfterSeconds('120', now)).toBe(120)
    expect(retryAfterSeconds(' 7 ', now)).toBe(7)
    expect(retryAfterSeconds('Fri, 27 Nov 2026 10:01:30 GMT', now)).toBe(90)
    expect(retryAfterSeconds('Fri, 27 Nov 2026 09:00:00 GMT', now)).toBe(0)
    expect(retryAfterSeconds('soon', now)).toBeNull()
    expect(retryAfterSeconds(null, now)).toBeNull()
  })

  test('names the wait in words, rounded up', () => {
    expect([1, 45, 60, 61, 240, 3599, 3600, 7201].map(describeWait)).toEqual([
      '1 second',
      '45 seconds',
      '1 minute',
      '2 minutes',
      '4 minutes',
      '60 minutes',
      '1 hour',
      '3 hours',
    ])
  })
})
