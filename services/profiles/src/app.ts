import { createServiceApp, type ServiceDependencies } from '@app/kit/service'
import { USERS_CREATED, UserCreatedSchema } from '@app/contracts/events'
import { createPeopleRepository } from './repositories/people-repository.ts'

export async function buildApp(dependencies: ServiceDependencies) {
  const app = createServiceApp('profiles', dependencies)
  const people = await createPeopleRepository(dependencies.store)
  await app.subscribe(USERS_CREATED, 'profiles.people', async (event) => {
    await people.upsert(UserCreatedSchema.parse(event.data))
  })
  return app
}
