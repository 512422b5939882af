import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { AdviceEventParser, AdviceStreamError, streamAdvice } from '../../src/lib/advice-stream.ts'
import { ApiError } from '../../src/lib/api-client.ts'

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
    const parser = new AdviceEventParser()
    expect(parser.push('data: {"type":"token",')).toEqual([])
    expect(parser.push('"text":"a"}\ndata: {"type":"token","text":"b"}')).toEqual([
      { type: 'token', text: 'a' },
    ])
    expect(parser.end()).toEqual([{ type: 'token', text: 'b' }])
  })

  test('refuses an event outside the contract', () => {
    expect(() => new AdviceEventParser().push('data: {"type":"html","text":"<b>"}\n')).toThrow()
  })
})
