import { loadConfigOrExit } from '@app/kit/config'
import { runService } from '@app/kit/run-service'
import { buildApp } from './app.ts'
import { questionsEnvSchema } from './config.ts'

await runService('questions', loadConfigOrExit(questionsEnvSchema), buildApp)
