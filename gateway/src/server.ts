import { loadConfigOrExit } from '@app/kit/config'
import { createKeyValueStore } from '@app/kit/kv/index'
import { loggerOptions } from '@app/kit/logger'
import { closeOnSignals, closeServer } from '@app/kit/run-service'
import { lowerHelperThreads } from '@app/kit/thread-priority'
import { buildApp } from './app.ts'
import { gatewayEnvSchema } from './config.ts'

const config = loadConfigOrExit(gatewayEnvSchema)
const kv = createKeyValueStore({
  redisUrl: config.REDIS_URL,
  relaxedRedisUrl: config.REDIS_RELAXED_URL,
  dataDirectory: config.DATA_DIR,
})
const app = await buildApp({ config, kv, logger: loggerOptions(config.LOG_LEVEL, 'gateway') })
closeOnSignals(app.log, [() => closeServer(app), () => kv.close()])
await app.listen({ port: config.PORT, host: config.HOST })
await lowerHelperThreads()
