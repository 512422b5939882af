import { loadConfigOrExit } from '@app/kit/config'
import { runService } from '@app/kit/run-service'
import { buildApp } from './app.ts'
import { profilesEnvSchema } from './config.ts'

await runService('profiles', loadConfigOrExit(profilesEnvSchema), buildApp)
