import { afterAll, afterEach, beforeAll } from 'vitest'
import { startRedisServer, type RedisServer } from './redis-server.ts'

interface Closable {
  close(): Promise<void>
}

/**
 * One Redis server for a describe block of replica tests (started once, stopped after the block), and
 * what each test opens on it, closed after that test, last opened first: replicas close before the
 * store they share.
 */
export function useRedisServer() {
  let server: RedisServer | undefined
  const opened: Closable[] = []
  beforeAll(async () => {
    server = await startRedisServer()
  })
  afterAll(async () => {
    await server?.stop()
  })
  afterEach(async () => {
    for (const resource of opened.splice(0).reverse()) await resource.close()
  })
  const started = () => {
    if (!server) throw new Error('the Redis server starts in beforeAll')
    return server
  }
  return {
    get url(): string {
      return started().url
    },
    get port(): number {
      return started().port
    },
    get password(): string {
      return started().password
    },
    /** Closes these after the current test. */
    closeAfterTest(...resources: Closable[]): void {
      opened.push(...resources)
    },
  }
}
