import { loadConfigOrExit } from '@app/kit/config'
import { runService } from '@app/kit/run-service'
import { buildApp } from './app.ts'
import { authEnvSchema } from './config.ts'

await runService('auth', loadConfigOrExit(authEnvSchema), buildApp)
