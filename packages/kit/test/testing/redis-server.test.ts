import { execFileSync } from 'node:child_process'
import { connect } from 'node:net'
import { describe, expect, it } from 'vitest'
import { redactRedisUrl, redisAvailable, startRedisServer } from '../../src/testing/redis-server.ts'
import { createRedisKeyValueStore } from '../../src/kv/redis.ts'

/** One command as a client that sends no password. */
function unauthenticated(port: number, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port })
    socket.once('error', reject)
    socket.once('connect', () => socket.write(`${command}\r\n`))
    socket.once('data', (chunk) => {
      socket.destroy()
      resolve(chunk.toString())
    })
  })
}

describe.skipIf(!redisAvailable)('the redis-server the runners and tests start', () => {
  it('serves only clients with its password, which no command line shows', async () => {
    const server = await startRedisServer()
    try {
      expect(server.url).toBe(`redis://:${server.password}@127.0.0.1:${server.port}`)
      expect(await unauthenticated(server.port, 'SET stolen yes')).toBe(
        '-NOAUTH Authentication required.\r\n',
      )
      const store = createRedisKeyValueStore(server.url)
      await store.set('kept', 'yes')
      expect(await store.get('kept')).toBe('yes')
      await store.close()
      expect(execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })).not.toContain(server.password)
    } finally {
      await server.stop()
    }
  })

  it('comes back on its port with the password it was given', async () => {
    const first = await startRedisServer()
    await first.stop()
    const again = await startRedisServer({ port: first.port, password: first.password })
    try {
      expect(again.url).toBe(first.url)
    } finally {
      await again.stop()
    }
  })

  it('prints URLs without their password', () => {
    expect(redactRedisUrl('redis://:s3cret@127.0.0.1:6379/0')).toBe('redis://***@127.0.0.1:6379/0')
    expect(redactRedisUrl('rediss://user:s3cret@redis:6380')).toBe('rediss://***@redis:6380')
    expect(redactRedisUrl('redis://127.0.0.1:6379')).toBe('redis://127.0.0.1:6379')
  })
})
