import { createServiceApp, type ServiceDependencies } from '@app/kit/service'
import { USERS_CREATED, UserCreatedSchema } from '@app/contracts/events'
import { createProfileCatalog } from './profile-catalog.ts'
import { createAssessmentsRepository } from './repositories/assessments-repository.ts'
import { createPeopleRepository } from './repositories/people-repository.ts'
import { assessmentRoutes } from './routes/assessment-routes.ts'
import { profileRoutes } from './routes/profile-routes.ts'

export async function buildApp(dependencies: ServiceDependencies) {
  const app = createServiceApp('profiles', dependencies)
  // Repositories and the catalog first, then the event subscription and routes that use them.
  const people = await createPeopleRepository(dependencies.store)
  const assessments = await createAssessmentsRepository(dependencies.store)
  const catalog = createProfileCatalog({ assessments, kv: dependencies.kv, log: app.log })
  await app.subscribe(USERS_CREATED, 'profiles.people', async (event) => {
    await people.upsert(UserCreatedSchema.parse(event.data))
  })
  await app.register(assessmentRoutes, { assessments, people, catalog })
  await app.register(profileRoutes, { catalog })
  return app
}
