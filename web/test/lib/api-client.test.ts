import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ApiError, apiUrl, createApiClient, type ApiClient } from '../../src/lib/api-client.ts'
import { startEarlyGet, takeEarlyGet } from '../../src/lib/early-requests.ts'

type SeenRequest = { method: string; url: string; contentType: string | undefined; body: string }
const seen: SeenRequest[] = []
let server: Server
let origin: string
let apiClient: ApiClient

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
    // Catalog paths, each answering one shape the gateway uses; any other path echoes what it received.
    switch (request.url) {
      case '/api/auth/me':
        return send(401, JSON.stringify({ message: 'Not signed in', code: 'GATEWAY_UNAUTHENTICATED' }))
      case '/api/auth/logout':
        return send(204, '')
      case '/api/auth/login':
        return send(
          400,
          JSON.stringify({ message: 'Username and password are required', code: 'AUTH_INVALID' }),
        )
      case '/api/questions/9':
        return send(503, '')
      case '/api/profiles/7/report':
      case '/api/teams/report':
        response.writeHead(200, {
          'content-type': 'application/pdf',
          'content-disposition': 'attachment; filename="Ada-disc-report.pdf"',
        })
        return response.end(`%PDF-1.3 ${request.method} ${body}`)
      case '/api/profiles/8/report':
        return send(
          403,
          JSON.stringify({ message: 'You do not have access to this profile', code: 'PROFILES_FORBIDDEN' }),
        )
      case '/api/logos':
        return send(404, 'no such thing', 'text/plain')
      default:
        return send(200, JSON.stringify({ received: body ? JSON.parse(body) : null, url: request.url }))
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  apiClient = createApiClient(origin)
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('the API client', () => {
  test('returns null for a signed-out 401 only when asked to', async () => {
    await expect(apiClient.get('/api/auth/me', { returnNull: true })).resolves.toBeNull()
    const error = await apiClient.get('/api/auth/me').catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(401)
  })

  test('sends JSON bodies and reads JSON answers', async () => {
    await expect(apiClient.post('/api/questions', { category: 'self', shortForm: 'Hi' })).resolves.toEqual({
      received: { category: 'self', shortForm: 'Hi' },
      url: '/api/questions',
    })
    expect(seen.at(-1)).toMatchObject({ method: 'POST', contentType: 'application/json' })
  })

  test('sends no JSON content type when there is no body, and reads an empty answer as null', async () => {
    await expect(apiClient.post('/api/auth/logout')).resolves.toBeNull()
    expect(seen.at(-1)).toMatchObject({ method: 'POST', contentType: undefined, body: '' })
  })

  test('throws "status: body" and exposes the server message', async () => {
    const error = (await apiClient
      .post('/api/auth/login', { username: '', password: '' })
      .catch((caught: unknown) => caught)) as ApiError
    expect(error.message).toBe('400: {"message":"Username and password are required","code":"AUTH_INVALID"}')
    expect(error.status).toBe(400)
    expect(error.serverMessage).toBe('Username and password are required')

    const notFound = (await apiClient.get('/api/logos').catch((caught: unknown) => caught)) as ApiError
    expect(notFound.message).toBe('404: no such thing')
    expect(notFound.serverMessage).toBeNull()
  })

  test('falls back to the status text when the body is empty', async () => {
    const error = (await apiClient
      .delete('/api/questions/:id', { params: { id: 9 } })
      .catch((caught: unknown) => caught)) as ApiError
    expect(error.message).toBe('503: Service Unavailable')
  })

  test('fills path parameters as single encoded segments and sends the declared query fields', async () => {
    await expect(
      apiClient.get('/api/invitations/details/:token', { params: { token: 'a/b c?d' } }),
    ).resolves.toMatchObject({ url: '/api/invitations/details/a%2Fb%20c%3Fd' })
    await expect(
      apiClient.get('/api/profiles/lookup', { query: { q: 'Ada & Ben', limit: 50, cursor: undefined } }),
    ).resolves.toMatchObject({ url: '/api/profiles/lookup?q=Ada+%26+Ben&limit=50' })
    await expect(
      apiClient.put('/api/admin/user/:id', { email: 'ada@example.com' }, { params: { id: 7 } }),
    ).resolves.toEqual({ received: { email: 'ada@example.com' }, url: '/api/admin/user/7' })
    expect(seen.at(-1)).toMatchObject({ method: 'PUT', url: '/api/admin/user/7' })
  })

  test('checks an answer with the schema given, and refuses a path whose parameter is missing', async () => {
    const config = { supportEmail: 'help@example.com' }
    // A reader that passes only the echo of the call it expects, so the answer it saw is the server's.
    const readerFor = <Answer>(url: string, answer: Answer) => ({
      parse: (data: unknown) => {
        if ((data as { url?: unknown }).url !== url) throw new Error(`not the answer of ${url}`)
        return answer
      },
    })
    await expect(apiClient.get('/api/config', { schema: readerFor('/api/config', config) })).resolves.toBe(
      config,
    )
    await expect(apiClient.get('/api/questions', { schema: readerFor('/api/config', []) })).rejects.toThrow(
      'not the answer of /api/config',
    )
    expect(() => apiUrl('/api/admin/user/:id', {})).toThrow('/api/admin/user/:id needs a value for :id')
  })
})

describe('answers asked for before the app ran', () => {
  const sentTo = (path: string) => seen.filter((request) => request.url === path).length

  test('the first same GET takes the early answer instead of asking again; the next one asks', async () => {
    const before = sentTo('/api/config')
    startEarlyGet(`${origin}/api/config`)
    startEarlyGet(`${origin}/api/config`) // started once however often it is asked for
    await expect(apiClient.get('/api/config')).resolves.toEqual({ received: null, url: '/api/config' })
    expect(sentTo('/api/config')).toBe(before + 1)
    await expect(apiClient.get('/api/config')).resolves.toEqual({ received: null, url: '/api/config' })
    expect(sentTo('/api/config')).toBe(before + 2)
  })

  test('an early 401 is read as the client reads any answer', async () => {
    startEarlyGet(`${origin}/api/auth/me`)
    await expect(apiClient.get('/api/auth/me', { returnNull: true })).resolves.toBeNull()
  })

  test('a change (a call that is not a GET) drops early answers, which would be out of date', async () => {
    startEarlyGet(`${origin}/api/config`)
    await new Promise((resolve) => setTimeout(resolve, 50))
    const before = sentTo('/api/config')
    await apiClient.post('/api/auth/logout')
    await apiClient.get('/api/config')
    expect(sentTo('/api/config')).toBe(before + 1)
  })

  test('a GET with headers of its own or a signal is never answered early', async () => {
    startEarlyGet(`${origin}/api/config`)
    await new Promise((resolve) => setTimeout(resolve, 50))
    const before = sentTo('/api/config')
    await apiClient.get('/api/config', { headers: { 'Idempotency-Key': 'k' } })
    await apiClient.get('/api/config', { signal: new AbortController().signal })
    expect(sentTo('/api/config')).toBe(before + 2)
    expect(takeEarlyGet(`${origin}/api/config`)).toBeDefined() // still waiting for its own caller
  })
})

describe('file answers (the PDF reports)', () => {
  test('reads a file answer with its suggested name: GET, or POST with a JSON body', async () => {
    const got = await apiClient.getFile('/api/profiles/:id/report', { params: { id: 7 } })
    expect(got.fileName).toBe('Ada-disc-report.pdf')
    expect(got.blob.type).toBe('application/pdf')
    await expect(got.blob.text()).resolves.toBe('%PDF-1.3 GET ')
    const posted = await apiClient.postFile('/api/teams/report', { profileIds: [1, 2] })
    await expect(posted.blob.text()).resolves.toBe('%PDF-1.3 POST {"profileIds":[1,2]}')
    expect(seen.at(-1)).toMatchObject({ method: 'POST', contentType: 'application/json' })
  })

  test('a refused file is an ApiError with the server message, never a file', async () => {
    const error = (await apiClient
      .getFile('/api/profiles/:id/report', { params: { id: 8 } })
      .catch((caught: unknown) => caught)) as ApiError
    expect(error).toBeInstanceOf(ApiError)
    expect(error.status).toBe(403)
    expect(error.serverMessage).toBe('You do not have access to this profile')
  })
})
