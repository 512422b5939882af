import { loadConfigOrExit } from '@app/kit/config'
import { runService } from '@app/kit/run-service'
import { buildApp } from './app.ts'
import { importEnvSchema } from './config.ts'

await runService('import', loadConfigOrExit(importEnvSchema), buildApp)
