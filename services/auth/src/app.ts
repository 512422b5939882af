import { createServiceApp, type ServiceDependencies } from '@app/kit/service'
import type { AuthEnv } from './config.ts'
import { ensureFirstAdministrator } from './first-administrator.ts'
import { createUsersRepository } from './repositories/users-repository.ts'

export interface AuthOptions extends ServiceDependencies {
  env: Pick<AuthEnv, 'ADMIN_EMAIL' | 'ADMIN_PASSWORD'>
  /** Prints the generated administrator password once; defaults to standard output. */
  announce?: (text: string) => void
}

export async function buildApp(options: AuthOptions) {
  const app = createServiceApp('auth', options)
  const users = await createUsersRepository(options.store)
  await ensureFirstAdministrator(users, options.bus, app.log, {
    email: options.env.ADMIN_EMAIL,
    password: options.env.ADMIN_PASSWORD,
    announce: options.announce ?? ((text) => process.stdout.write(text)),
  })
  return app
}
