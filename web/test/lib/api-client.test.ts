import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ApiError, apiClient } from '../../src/lib/api-client.ts'
import { startEarlyGet, takeEarlyGet } from '../../src/lib/early-requests.ts'

type SeenRequest = { method: string; url: string; contentType: string | undefined; body: string }
const seen: SeenRequest[] = []
let server: Server
let origin: string

async function readBody(request: IncomingMessage): Promise<string> {
  let body = ''
  for await (const chunk of request) body += chunk
  return body
}

// A real HTTP server answering the shapes the gateway uses, so the client is exercised over the wire.
beforeAll(async () => {
  server = createServer(async (request, response) => {
    const body = await readBody(request)
    seen.push({
      method: request.method ?? '',
      url: request.url ?? '',
      contentType: request.headers['content-type'],
      body,
    })
    const send = (status: number, text: string, type = 'application/json') => {
      response.writeHead(status, text ? { 'content-type': type } : {})
      response.end(text)
    }
    switch (request.url) {
      case '/api/auth/me':
        return send(401, JSON.stringify({ message: 'Not signed in', code: 'GATEWAY_UNAUTHENTICATED' }))
      case '/api/echo':
        return send(200, JSON.stringify({ received: body ? JSON.parse(body) : null }))
      case '/api/empty':
        return send(204, '')
      case '/api/refused':
        return send(
          400,
          JSON.stringify({ message: 'Username and password are required', code: 'AUTH_INVALID' }),
        )
      case '/api/plain-failure':
        return send(503, '')
      default:
        return send(404, 'no such thing', 'text/plain')
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('the API client', () => {
  test('returns null for a signed-out 401 only when asked to', async () => {
    await expect(apiClient.get(`${origin}/api/auth/me`, { returnNull: true })).resolves.toBeNull()
    const error = await apiClient.get(`${origin}/api/auth/me`).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(401)
  })

  test('sends JSON bodies and reads JSON answers', async () => {
    await expect(apiClient.post(`${origin}/api/echo`, { username: 'ada' })).resolves.toEqual({
      received: { username: 'ada' },
    })
    expect(seen.at(-1)).toMatchObject({ method: 'POST', contentType: 'application/json' })
  })

  test('sends no JSON content type when there is no body, and reads an empty answer as null', async () => {
    await expect(apiClient.post(`${origin}/api/empty`)).resolves.toBeNull()
    expect(seen.at(-1)).toMatchObject({ method: 'POST', contentType: undefined, body: '' })
  })

  test('throws "status: body" and exposes the server message', async () => {
    const error = (await apiClient
      .post(`${origin}/api/refused`, {})
      .catch((caught: unknown) => caught)) as ApiError
    expect(error.message).toBe('400: {"message":"Username and password are required","code":"AUTH_INVALID"}')
    expect(error.status).toBe(400)
    expect(error.serverMessage).toBe('Username and password are required')

    const notFound = (await apiClient
      .get(`${origin}/api/missing`)
      .catch((caught: unknown) => caught)) as ApiError
    expect(notFound.message).toBe('404: no such thing')
    expect(notFound.serverMessage).toBeNull()
  })

  test('falls back to the status text when the body is empty', async () => {
    const error = (await apiClient
      .delete(`${origin}/api/plain-failure`)
      .catch((caught: unknown) => caught)) as ApiError
    expect(error.message).toBe('503: Service Unavailable')
  })
})

describe('answers asked for before the app ran', () => {
  const sentTo = (path: string) => seen.filter((request) => request.url === path).length

  test('the first same GET takes the early answer instead of asking again; the next one asks', async () => {
    const before = sentTo('/api/echo')
    startEarlyGet(`${origin}/api/echo`)
    startEarlyGet(`${origin}/api/echo`) // started once however often it is asked for
    await expect(apiClient.get(`${origin}/api/echo`)).resolves.toEqual({ received: null })
    expect(sentTo('/api/echo')).toBe(before + 1)
    await expect(apiClient.get(`${origin}/api/echo`)).resolves.toEqual({ received: null })
    expect(sentTo('/api/echo')).toBe(before + 2)
  })

  test('an early 401 is read as the client reads any answer', async () => {
    startEarlyGet(`${origin}/api/auth/me`)
    await expect(apiClient.get(`${origin}/api/auth/me`, { returnNull: true })).resolves.toBeNull()
  })

  test('a change (a call that is not a GET) drops early answers, which would be out of date', async () => {
    startEarlyGet(`${origin}/api/echo`)
    await new Promise((resolve) => setTimeout(resolve, 50))
    const before = sentTo('/api/echo')
    await apiClient.post(`${origin}/api/empty`)
    await apiClient.get(`${origin}/api/echo`)
    expect(sentTo('/api/echo')).toBe(before + 1)
  })

  test('a GET with headers of its own or a signal is never answered early', async () => {
    startEarlyGet(`${origin}/api/echo`)
    await new Promise((resolve) => setTimeout(resolve, 50))
    const before = sentTo('/api/echo')
    await apiClient.get(`${origin}/api/echo`, { headers: { 'Idempotency-Key': 'k' } })
    await apiClient.get(`${origin}/api/echo`, { signal: new AbortController().signal })
    expect(sentTo('/api/echo')).toBe(before + 2)
    expect(takeEarlyGet(`${origin}/api/echo`)).toBeDefined() // still waiting for its own caller
  })
})
