import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { freePort } from '../../src/testing/free-port.ts'

const servers: Server[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))))
})

function listenOn(port: number): Promise<void> {
  const server = createServer()
  servers.push(server)
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', resolve)
  })
}

describe('freePort', () => {
  it('gives a loopback port that a server can listen on next', async () => {
    const port = await freePort()
    expect(port).toBeGreaterThan(0)
    await expect(listenOn(port)).resolves.toBeUndefined()
  })

  it('never gives a port that is taken', async () => {
    const taken = await freePort()
    await listenOn(taken)
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()))
    expect(ports).not.toContain(taken)
  })

  it('gives ports below the ephemeral range, where no outgoing connection can take one before it is listened on', async () => {
    const [ephemeralStart] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
    const ports = await Promise.all(Array.from({ length: 50 }, () => freePort()))
    for (const port of ports) expect(port).toBeLessThan(Number(ephemeralStart))
    expect(new Set(ports).size).toBe(ports.length)
  })
})
