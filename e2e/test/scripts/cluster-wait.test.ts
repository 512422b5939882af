import { spawn, type ChildProcess } from 'node:child_process'
import { afterEach, describe, expect, it } from 'vitest'
import { freePort } from '@app/kit/testing/free-port'
import { waitUntilHealthy } from '../../../scripts/cluster.ts'

/**
 * How `npm run start:cluster` waits for each process: as long as it makes progress, however slow the machine,
 * and not for a fixed 30 s (issue 26: under a load of 10 the cluster gave up on processes that were starting).
 */
const children: ChildProcess[] = []
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL')
})

function node(source: string) {
  const child = spawn(process.execPath, ['-e', source], { stdio: 'ignore' })
  children.push(child)
  return child
}

/** Busy for `busyMs` (a slow start), then answers its health path. */
const slowStarter = (port: number, busyMs: number) => `
  const end = Date.now() + ${busyMs}
  while (Date.now() < end) Math.sqrt(Math.random())
  require('node:http').createServer((request, response) => response.end('ok')).listen(${port}, '127.0.0.1')
`

describe('the cluster runner waiting for a process to become healthy', () => {
  it('waits for a process that keeps working, well past the time it allows a stalled one', async () => {
    const port = await freePort()
    const child = node(slowStarter(port, 3000))
    const started = Date.now()
    await waitUntilHealthy(`http://127.0.0.1:${port}/health`, child, { stallMs: 1000 })
    expect(Date.now() - started).toBeGreaterThanOrEqual(3000)
  }, 20_000)

  it('gives up on a process that neither works nor answers, naming the stall', async () => {
    const port = await freePort()
    const child = node('setInterval(() => {}, 60_000)')
    const started = Date.now()
    await expect(
      waitUntilHealthy(`http://127.0.0.1:${port}/health`, child, { stallMs: 1500 }),
    ).rejects.toThrow(`http://127.0.0.1:${port}/health made no progress for 1500 ms without becoming healthy`)
    expect(Date.now() - started).toBeLessThan(10_000)
  }, 20_000)

  it('gives up at once on a process that exited', async () => {
    const port = await freePort()
    const child = node('process.exit(3)')
    await expect(waitUntilHealthy(`http://127.0.0.1:${port}/health`, child)).rejects.toThrow(
      'exited with code 3',
    )
  }, 20_000)
})
