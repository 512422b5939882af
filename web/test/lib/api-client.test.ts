import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ApiError, apiClient } from '../../src/lib/api-client.ts'

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
      case '/api/file':
        response.writeHead(200, {
          'content-type': 'application/pdf',
          'content-disposition': 'attachment; filename="Ada-disc-report.pdf"',
        })
        return response.end(`%PDF-1.3 ${request.method} ${body}`)
      case '/api/file-refused':
        return send(
          403,
          JSON.stringify({ message: 'You do not have access to this profile', code: 'PROFILES_FORBIDDEN' }),
        )
      default:
        return send(404, 'no such thing', 'text/plain')
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('the API client', () => {
  test('reads a file answer with its suggested name: GET, or POST with a JSON body', async () => {
    const got = await apiClient.file(`${origin}/api/file`)
    expect(got.fileName).toBe('Ada-disc-report.pdf')
    expect(got.blob.type).toBe('application/pdf')
    await expect(got.blob.text()).resolves.toBe('%PDF-1.3 GET ')
    const posted = await apiClient.file(`${origin}/api/file`, {}, { profileIds: [1, 2] })
    await expect(posted.blob.text()).resolves.toBe('%PDF-1.3 POST {"profileIds":[1,2]}')
    expect(seen.at(-1)).toMatchObject({ method: 'POST', contentType: 'application/json' })
  })

  test('a refused file is an ApiError with the server message, never a file', async () => {
    const error = (await apiClient
      .file(`${origin}/api/file-refused`)
      .catch((caught: unknown) => caught)) as ApiError
    expect(error).toBeInstanceOf(ApiError)
    expect(error.status).toBe(403)
    expect(error.serverMessage).toBe('You do not have access to this profile')
  })

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
