import { afterEach, beforeEach } from 'vitest'
import type { Question, QuestionCategory } from '@app/contracts/questions'
import type { Identity } from '@app/kit/identity'
import { createEmbeddedDependencies, identityHeaders } from '@app/kit/testing/service-dependencies'
import { buildApp } from '../../src/app.ts'

const identity = (userId: number, role: Identity['role']): Identity => ({
  userId,
  role,
  username: `${role}@example.com`,
  mustChangePassword: false,
})
export const administrator = identity(1, 'administrator')
export const standard = identity(12, 'standard')
export const guest = identity(20, 'guest_standard')

/** The questions service on a fresh embedded store for each test, and the calls the tests make to it. */
export function useQuestionsApp() {
  const context = {} as {
    app: Awaited<ReturnType<typeof buildApp>>
    dependencies: Awaited<ReturnType<typeof createEmbeddedDependencies>>
  }
  beforeEach(async () => {
    context.dependencies = await createEmbeddedDependencies('questions')
    context.app = await buildApp(context.dependencies)
  })
  afterEach(async () => {
    await context.app.close()
    await context.dependencies.close()
  })

  const call = (caller: Identity | null, method: string, url: string, payload?: unknown) =>
    context.app.inject({
      method: method as 'GET',
      url,
      headers: identityHeaders('questions', caller),
      ...(payload === undefined ? {} : { payload: payload as object }),
    })
  const list = async (caller: Identity = standard) =>
    (await call(caller, 'GET', '/api/questions')).json() as Question[]
  const inCategory = async (category: QuestionCategory) =>
    (await list()).filter((question) => question.category === category)
  const create = (body: unknown, caller: Identity = administrator) =>
    call(caller, 'POST', '/api/questions', body)
  return { context, call, list, inCategory, create }
}
