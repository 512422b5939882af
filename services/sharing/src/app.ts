import { createServiceApp, type ServiceDependencies } from '@app/kit/service'

/** The sharing service. Its routes arrive with their features; the shell already checks identity. */
export async function buildApp(dependencies: ServiceDependencies) {
  const app = createServiceApp('sharing', dependencies)
  return app
}
