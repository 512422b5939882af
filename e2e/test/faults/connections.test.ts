import { connect, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiSession, createAccount } from '../../src/api.ts'
import { startProduct, type RunningProduct } from '../../src/product.ts'

/** One HTTP/1.1 answer read off a raw socket, and whether the server closed the socket after it. */
interface RawAnswer {
  status: number
  headers: Record<string, string>
  body: string
}

class RawConnection {
  readonly socket: Socket
  #buffer = Buffer.alloc(0)
  #closed = false
  #waiters: Array<() => void> = []

  constructor(url: string) {
    const { hostname, port } = new URL(url)
    this.socket = connect(Number(port), hostname)
    this.socket.on('data', (chunk: Buffer) => {
      this.#buffer = Buffer.concat([this.#buffer, chunk])
      this.#wake()
    })
    // A write after the server has closed fails with EPIPE or a reset: that is the closing under test.
    this.socket.on('error', () => undefined)
    this.socket.on('close', () => {
      this.#closed = true
      this.#wake()
    })
  }

  get closed() {
    return this.#closed
  }

  #wake() {
    for (const waiter of this.#waiters.splice(0)) waiter()
  }

  async #until(condition: () => boolean, timeoutMs: number, what: string) {
    const deadline = Date.now() + timeoutMs
    while (!condition()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
      await new Promise<void>((resolve) => {
        this.#waiters.push(resolve)
        setTimeout(resolve, 50)
      })
    }
  }

  async readAnswer(timeoutMs = 5000): Promise<RawAnswer> {
    const headEnd = () => this.#buffer.indexOf('\r\n\r\n')
    await this.#until(() => headEnd() >= 0 || this.#closed, timeoutMs, 'an answer')
    if (headEnd() < 0) throw new Error('the connection closed without an answer')
    const head = this.#buffer.subarray(0, headEnd()).toString('latin1').split('\r\n')
    const status = Number(head[0]!.split(' ')[1])
    const headers = Object.fromEntries(
      head.slice(1).map((line) => {
        const colon = line.indexOf(':')
        return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()]
      }),
    )
    const start = headEnd() + 4
    let end: number
    if (headers['content-length'] !== undefined) {
      end = start + Number(headers['content-length'])
      await this.#until(() => this.#buffer.length >= end || this.#closed, timeoutMs, 'the body')
    } else {
      const terminator = () => this.#buffer.indexOf('0\r\n\r\n', start)
      await this.#until(() => terminator() >= 0 || this.#closed, timeoutMs, 'the chunked body')
      end = terminator() + 5
    }
    const body = this.#buffer.subarray(start, end).toString()
    this.#buffer = this.#buffer.subarray(end)
    return { status, headers, body }
  }

  async waitForClose(timeoutMs: number) {
    await this.#until(() => this.#closed, timeoutMs, 'the server to close the connection')
  }
}

let product: RunningProduct
let cookie: string
let host: string

beforeAll(async () => {
  product = await startProduct()
  host = new URL(product.url).host
  const admin = new ApiSession(product.url)
  await admin.login(product.administrator.email, product.administrator.password)
  const account = await createAccount(admin, 'standard', {
    firstName: 'Raw',
    lastName: 'Socket',
    username: 'raw@example.test',
    password: 'raw-socket-password',
  })
  cookie = `session=${account.session.sessionToken}`
}, 60_000)
afterAll(async () => {
  await product?.close()
})

const MEBIBYTE = 1024 * 1024

function chunkedPost(connection: RawConnection, path: string, totalBytes: number) {
  connection.socket.write(
    `POST ${path} HTTP/1.1\r\nHost: ${host}\r\nCookie: ${cookie}\r\nContent-Type: application/json\r\n` +
      'Transfer-Encoding: chunked\r\nConnection: keep-alive\r\n\r\n',
  )
  const chunk = Buffer.alloc(64 * 1024, 0x20)
  // Written without waiting: the server may answer and close long before the last chunk.
  for (let sent = 0; sent < totalBytes; sent += chunk.length)
    connection.socket.write(`${chunk.length.toString(16)}\r\n${chunk.toString('latin1')}\r\n`)
  connection.socket.write('0\r\n\r\n')
}

const healthRequest = () => `GET /api/health HTTP/1.1\r\nHost: ${host}\r\n\r\n`

describe('bodies never hang a connection', () => {
  for (const path of ['/api/assessments', '/api/auth/login']) {
    it(`answers an oversized chunked upload to ${path} with 413 and closes the connection`, async () => {
      for (let attempt = 0; attempt < 4; attempt += 1) {
        const connection = new RawConnection(product.url)
        chunkedPost(connection, path, 3 * MEBIBYTE)
        const answer = await connection.readAnswer()
        expect(answer.status).toBe(413)
        expect(JSON.parse(answer.body)).toMatchObject({ message: 'Request body is too large' })
        expect(answer.headers.connection).toBe('close')
        // A second request on it does not hang: the server has closed the connection.
        connection.socket.write(healthRequest())
        await connection.waitForClose(2000)
      }
    })
  }

  for (const path of ['/api/assessments', '/api/auth/login']) {
    it(`answers a malformed JSON body to ${path} with 400 and closes the connection`, async () => {
      const connection = new RawConnection(product.url)
      const body = '{"dScore": 1,'
      connection.socket.write(
        `POST ${path} HTTP/1.1\r\nHost: ${host}\r\nCookie: ${cookie}\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${body.length}\r\nConnection: keep-alive\r\n\r\n${body}`,
      )
      const answer = await connection.readAnswer()
      expect(answer.status).toBe(400)
      expect(answer.headers.connection).toBe('close')
      await connection.waitForClose(2000)
    })
  }

  it('keeps a connection alive after a good request, and honours Connection: close through the proxy', async () => {
    const connection = new RawConnection(product.url)
    const body = JSON.stringify({ dScore: 10, iScore: 20, sScore: 30, cScore: 40 })
    const save = (connectionHeader: string) =>
      `POST /api/assessments HTTP/1.1\r\nHost: ${host}\r\nCookie: ${cookie}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${body.length}\r\nConnection: ${connectionHeader}\r\n\r\n${body}`
    connection.socket.write(save('keep-alive'))
    expect((await connection.readAnswer()).status).toBe(201)
    connection.socket.write(save('close'))
    const last = await connection.readAnswer()
    expect(last.status).toBe(201)
    expect(last.headers.connection).toBe('close')
    await connection.waitForClose(2000)
  })
})

describe('a clean stop', () => {
  it('closes idle and stuck connections and finishes within 2 s', async () => {
    const own = await startProduct()
    const ownHost = new URL(own.url).host
    const idle = new RawConnection(own.url)
    idle.socket.write(`GET /api/health HTTP/1.1\r\nHost: ${ownHost}\r\n\r\n`)
    await idle.readAnswer()
    // Stuck: the headers promise 1000 bytes of body and only 10 ever come.
    const stuck = new RawConnection(own.url)
    stuck.socket.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: ${ownHost}\r\nContent-Type: application/json\r\n` +
        `Content-Length: 1000\r\n\r\n{"usernam`,
    )
    await new Promise((resolve) => setTimeout(resolve, 200))
    const started = Date.now()
    await own.close()
    expect(Date.now() - started).toBeLessThan(2000)
    await idle.waitForClose(500)
    await stuck.waitForClose(500)
  }, 30_000)
})
