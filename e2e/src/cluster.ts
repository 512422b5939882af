import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import type { RedisServer } from '@app/kit/testing/redis-server'
import { startLocalCluster } from '../../scripts/cluster.ts'

export const CLUSTER_ADMINISTRATOR = { email: 'chief@example.com', password: 'cluster test password' }

export type LocalClusterFixture = {
  cluster: Awaited<ReturnType<typeof startLocalCluster>>
  /** The Redis that syncs every write, and the relaxed one (decision 020). */
  redis: RedisServer
  relaxedRedis: RedisServer
  dataDirectory: string
  /** What the runner printed. */
  runnerLog: string[]
}

/**
 * The local cluster for the enclosing describe, started as `npm run start:cluster` starts it: one process
 * per service, two redis-servers of its own under a fresh data folder. Stopped and removed after.
 */
export function useLocalCluster(folderPrefix: string): LocalClusterFixture {
  const fixture = { runnerLog: [] as string[] } as LocalClusterFixture
  beforeAll(async () => {
    fixture.dataDirectory = mkdtempSync(join(tmpdir(), folderPrefix))
    fixture.cluster = await startLocalCluster({
      dataDirectory: fixture.dataDirectory,
      port: 0,
      stdio: 'ignore',
      log: (line) => fixture.runnerLog.push(line),
      env: {
        ADMIN_EMAIL: CLUSTER_ADMINISTRATOR.email,
        ADMIN_PASSWORD: CLUSTER_ADMINISTRATOR.password,
        LOG_LEVEL: 'warn',
      },
    })
    ;[fixture.redis, fixture.relaxedRedis] = fixture.cluster.redisServers as [RedisServer, RedisServer]
  }, 180_000)
  afterAll(async () => {
    await fixture.cluster?.close()
    if (fixture.dataDirectory) rmSync(fixture.dataDirectory, { recursive: true, force: true })
  })
  return fixture
}
