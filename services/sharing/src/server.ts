import { loadConfigOrExit } from '@app/kit/config'
import { runService } from '@app/kit/run-service'
import { buildApp } from './app.ts'
import { sharingEnvSchema } from './config.ts'

await runService('sharing', loadConfigOrExit(sharingEnvSchema), buildApp)
