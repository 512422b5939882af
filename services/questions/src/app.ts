import { QUESTION_CATEGORIES } from '@app/contracts/questions'
import { createServiceApp, type ServiceDependencies } from '@app/kit/service'
import { createQuestionsRepository } from './repositories/questions-repository.ts'
import { questionRoutes } from './routes/question-routes.ts'

/** The questions service: the curated quick questions of the Ask page. */
export async function buildApp(dependencies: ServiceDependencies) {
  const app = createServiceApp('questions', dependencies)
  // The repository first (and the default questions of a new store), then the routes that use it.
  const questions = await createQuestionsRepository(dependencies.store)
  const seeded = await questions.seedDefaults()
  if (seeded > 0)
    app.log.info({ event: 'questions_seeded', questions: seeded }, 'default quick questions written')
  // A store written before display orders were kept unique may hold two questions at one place.
  const repaired = await questions.renumber(QUESTION_CATEGORIES)
  if (repaired.length > 0)
    app.log.info({ event: 'questions_renumbered', questions: repaired.length }, 'display orders repaired')
  await app.register(questionRoutes, { questions })
  return app
}
