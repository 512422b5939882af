import { randomUUID } from 'node:crypto'
import { createMongoStore } from '../store/mongo.ts'
import type { DocumentStore } from '../store/port.ts'

/**
 * Containers for tests, through testcontainers: the reason none can run (no Docker engine answers within
 * 5 s; the Kafka and MongoDB tests then skip), else a MongoDB server with a fresh database per store.
 */
export async function dockerUnavailableReason(): Promise<string | null> {
  try {
    const { getContainerRuntimeClient } = await import('testcontainers')
    const probe = getContainerRuntimeClient().then(
      () => null,
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    )
    const timeout = new Promise<string>((resolve) => {
      setTimeout(() => resolve('the Docker engine did not answer within 5 s'), 5000).unref()
    })
    return await Promise.race([probe, timeout])
  } catch (error) {
    return error instanceof Error ? error.message : String(error)
  }
}

export async function startMongoForTests(): Promise<{
  /** A store over a database of its own on the one server. */
  freshStore(): Promise<{ store: DocumentStore; reopen(): Promise<DocumentStore> }>
  stop(): Promise<void>
}> {
  const { MongoDBContainer } = await import('@testcontainers/mongodb')
  const container = await new MongoDBContainer('mongo:8.0').start()
  const url = `${container.getConnectionString()}?directConnection=true`
  return {
    async freshStore() {
      const database = `contract_${randomUUID().replaceAll('-', '')}`
      const store = await createMongoStore({ url, database })
      return {
        store,
        reopen: async () => {
          await store.close()
          return createMongoStore({ url, database })
        },
      }
    },
    async stop() {
      await container.stop()
    },
  }
}
