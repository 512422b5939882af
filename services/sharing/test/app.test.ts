import { describeServiceShell } from '@app/kit/testing/service-shell'
import { buildApp } from '../src/app.ts'

describeServiceShell('sharing', buildApp)
