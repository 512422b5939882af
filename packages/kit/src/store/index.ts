import { join } from 'node:path'
import { createMongoStore } from './mongo.ts'
import { createNedbStore } from './nedb.ts'
import type { DocumentStore } from './port.ts'

export * from './port.ts'
export { createMongoStore, type MongoStoreOptions } from './mongo.ts'
export { createNedbStore, type NedbStoreOptions } from './nedb.ts'
export { createProcessedEventLog } from './processed-events.ts'

export interface DocumentStoreConfig {
  /** Set: MongoDB, in the database the URL names, else one named after the service. Unset: NeDB files. */
  mongoUrl?: string
  /** NeDB files go under `<dataDirectory>/<service>/`; null keeps them in memory. */
  dataDirectory: string | null
  service: string
}

/** The store a service runs on: MongoDB when a URL is configured, NeDB (the embedded default) otherwise. */
export async function createDocumentStore(config: DocumentStoreConfig): Promise<DocumentStore> {
  if (!/^[a-z][a-z0-9-]*$/.test(config.service)) throw new Error(`Invalid service name "${config.service}"`)
  if (config.mongoUrl) {
    // Tenants get their own database names through the URL (the Helm chart sets `<release>-<service>`).
    const named = /^mongodb(?:\+srv)?:\/\/[^/]+\/([^?]+)/.exec(config.mongoUrl)?.[1]
    return createMongoStore({ url: config.mongoUrl, ...(named ? {} : { database: config.service }) })
  }
  const directory = config.dataDirectory === null ? null : join(config.dataDirectory, config.service)
  return createNedbStore({ directory })
}
