import { Writable } from 'node:stream'
import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createServiceApp } from '@app/kit/service'
import { createEmbeddedDependencies } from '@app/kit/testing/service-dependencies'
import { trustedProxiesSchema } from '../src/config.ts'
import { startGateway } from './support/gateway.ts'

/**
 * Issue 26, item 8 (decision 026): the client's address is the socket's, or what a trusted proxy reports;
 * a header the client wrote is neither logged nor handed to a service.
 */

interface LogLine {
  msg?: string
  ip?: string
  route?: string
}

/** Log lines written as JSON to memory, as pino writes them to stdout. */
function logSink() {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean))
      done()
    },
  })
  return {
    stream,
    text: () => lines.join('\n'),
    requestLines: () =>
      lines.map((line) => JSON.parse(line) as LogLine).filter((line) => line.msg === 'request'),
  }
}

const closers: Array<() => Promise<unknown>> = []
afterEach(async () => {
  while (closers.length > 0) await closers.pop()!()
})

/** A real service shell (kit's, as every service runs) answering with the address it believes. */
async function startService(log: ReturnType<typeof logSink>) {
  const dependencies = await createEmbeddedDependencies('auth')
  const app = createServiceApp('auth', { ...dependencies, logger: { level: 'info', stream: log.stream } })
  app.get(
    '/api/echo',
    {
      config: { access: 'no-token' },
      schema: {
        response: { 200: z.object({ ip: z.string(), headers: z.record(z.string(), z.unknown()) }) },
      },
    },
    async (request) => ({ ip: request.ip, headers: request.headers }),
  )
  const url = await app.listen({ port: 0, host: '127.0.0.1' })
  closers.push(
    () => dependencies.close(),
    () => app.close(),
  )
  return url
}

async function product(env: Record<string, string> = {}) {
  const serviceLog = logSink()
  const gatewayLog = logSink()
  const upstreamUrl = await startService(serviceLog)
  const { app } = await startGateway({
    upstreamUrl,
    env,
    logger: { level: 'info', stream: gatewayLog.stream },
  })
  closers.push(() => app.close())
  const echo = async (remoteAddress: string, headers: Record<string, string>) => {
    const response = await app.inject({ method: 'GET', url: '/api/echo', remoteAddress, headers })
    expect(response.statusCode, response.body).toBe(200)
    return response.json() as { ip: string; headers: Record<string, string | undefined> }
  }
  return { echo, gatewayLog, serviceLog }
}

const FORGED = {
  'x-forwarded-for': '203.0.113.7',
  forwarded: 'for=203.0.113.8',
  'x-real-ip': '203.0.113.9',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'https',
}

describe("the client's address", () => {
  it("is the socket's without a trusted proxy: a forged header is neither logged nor passed on", async () => {
    const { echo, gatewayLog, serviceLog } = await product()
    const seen = await echo('198.51.100.20', FORGED)
    expect(seen.ip).toBe('198.51.100.20')
    expect(seen.headers['x-forwarded-for']).toBe('198.51.100.20')
    expect(seen.headers['x-forwarded-proto']).toBe('http')
    for (const name of ['forwarded', 'x-real-ip', 'x-forwarded-host'])
      expect(seen.headers[name], name).toBeUndefined()
    await expect.poll(() => serviceLog.requestLines().length).toBe(1)
    expect(gatewayLog.requestLines().map((line) => line.ip)).toEqual(['198.51.100.20'])
    expect(serviceLog.requestLines().map((line) => line.ip)).toEqual(['198.51.100.20'])
    expect(`${gatewayLog.text()}\n${serviceLog.text()}`).not.toContain('203.0.113.')
  })

  it('is what a trusted proxy reports, and only a trusted one', async () => {
    const { echo, gatewayLog, serviceLog } = await product({ TRUSTED_PROXIES: '198.51.100.0/24, loopback' })
    // The proxy appends the address it saw to what its client claimed: the nearest untrusted hop counts.
    const proxied = await echo('198.51.100.20', { ...FORGED, 'x-forwarded-for': '192.0.2.66, 203.0.113.7' })
    expect(proxied.ip).toBe('203.0.113.7')
    expect(proxied.headers['x-forwarded-for']).toBe('203.0.113.7')
    expect(proxied.headers['x-real-ip']).toBeUndefined()
    // A caller outside the trusted range is not believed.
    const direct = await echo('192.0.2.10', { 'x-forwarded-for': '203.0.113.99' })
    expect(direct.ip).toBe('192.0.2.10')
    expect(direct.headers['x-forwarded-for']).toBe('192.0.2.10')
    await expect.poll(() => serviceLog.requestLines().length).toBe(2)
    expect(gatewayLog.requestLines().map((line) => line.ip)).toEqual(['203.0.113.7', '192.0.2.10'])
    expect(serviceLog.requestLines().map((line) => line.ip)).toEqual(['203.0.113.7', '192.0.2.10'])
    expect(`${gatewayLog.text()}\n${serviceLog.text()}`).not.toMatch(/192\.0\.2\.66|203\.0\.113\.99/)
  })

  it('believes only addresses, ranges and named ranges in TRUSTED_PROXIES', () => {
    const parse = (value: string) => trustedProxiesSchema.safeParse(value)
    expect(parse('10.0.0.0/8, 127.0.0.1,::1, fd00::/8, loopback').data).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
      'loopback',
    ])
    for (const bad of ['true', '*', '10.0.0.0/33', 'proxy.internal', '10.0.0.1/8/2'])
      expect(parse(bad).success, bad).toBe(false)
  })
})
