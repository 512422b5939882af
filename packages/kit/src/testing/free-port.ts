import { createServer } from 'node:net'

/** A TCP port free on loopback right now, for a server that a test or a runner starts next. */
export async function freePort(): Promise<number> {
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
