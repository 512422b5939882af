import { randomInt } from 'node:crypto'
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * Ports are chosen below the kernel's ephemeral range: a port from that range (what `listen(0)` gives) can be
 * taken, before the server that was promised it listens, as the local port of any outgoing connection on the
 * machine, and the server then fails with EADDRINUSE (docs/architecture.md, "Tests").
 */
const LOWEST = 10_000
/** Linux's default ephemeral range, where /proc does not say. */
const DEFAULT_EPHEMERAL_START = 32_768
/** Another process's claim on a port is honoured this long: the time a runner takes to start what listens there. */
const CLAIM_MS = 10 * 60_000
const claims = join(tmpdir(), 'app-port-claims')

function ephemeralStart(): number {
  try {
    const [start] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)
    return Number(start) || DEFAULT_EPHEMERAL_START
  } catch {
    return DEFAULT_EPHEMERAL_START
  }
}

/** Claims a port across processes (vitest workers, runners); false when another claimed it recently. */
function claim(port: number): boolean {
  const file = join(claims, String(port))
  mkdirSync(claims, { recursive: true })
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' })
      return true
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      let claimedAt: number
      try {
        claimedAt = statSync(file).mtimeMs
      } catch {
        continue // released between the two calls: try again
      }
      if (Date.now() - claimedAt < CLAIM_MS) return false
      rmSync(file, { force: true })
    }
  }
  return false
}

function canListen(port: number): Promise<boolean> {
  const probe = createServer()
  return new Promise((resolve) => {
    probe.once('error', () => resolve(false))
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
  })
}

/** What the kernel gives: only where no range below the ephemeral one is left. */
async function kernelPort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', resolve)
  })
  const address = probe.address()
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  if (address === null || typeof address === 'string') throw new Error('No loopback port was assigned')
  return address.port
}

/**
 * A TCP port free on loopback right now, for a server that a test or a runner starts next: no other caller
 * of this function is given it for ten minutes, and no outgoing connection takes it meanwhile.
 */
export async function freePort(): Promise<number> {
  const highest = ephemeralStart() - 1
  if (highest - LOWEST < 1000) return kernelPort()
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = randomInt(LOWEST, highest + 1)
    if (claim(port) && (await canListen(port))) return port
  }
  throw new Error(`No free loopback port between ${LOWEST} and ${highest}`)
}
