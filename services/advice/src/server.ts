import { loadConfigOrExit } from '@app/kit/config'
import { runService } from '@app/kit/run-service'
import { buildApp } from './app.ts'
import { adviceEnvSchema } from './config.ts'

await runService('advice', loadConfigOrExit(adviceEnvSchema), buildApp)
