import { join } from 'node:path'
import { createMongoStore } from './mongo.ts'
import { createNedbStore } from './nedb.ts'
import type { DocumentStore } from './port.ts'

export * from './port.ts'
export { createMongoStore, type MongoStoreOptions } from './mongo.ts'
export { createNedbStore, type NedbStoreOptions } from './nedb.ts'
export { createProcessedEventLog } from './processed-events.ts'

export interface DocumentStoreConfig {
  /** Set: MongoDB, with one database per service. Unset: NeDB files. */
  mongoUrl?: string
  /** NeDB files go under `<dataDirectory>/<service>/`; null keeps them in memory. */
  dataDirectory: string | null
  service: string
}

/** The store a service runs on: MongoDB when a URL is configured, NeDB (the embedded default) otherwise. */
export async function createDocumentStore(config: DocumentStoreConfig): Promise<DocumentStore> {
  if (!/^[a-z][a-z0-9-]*$/.test(config.service)) throw new Error(`Invalid service name "${config.service}"`)
  if (config.mongoUrl) return createMongoStore({ url: config.mongoUrl, database: config.service })
  const directory = config.dataDirectory === null ? null : join(config.dataDirectory, config.service)
  return createNedbStore({ directory })
}
