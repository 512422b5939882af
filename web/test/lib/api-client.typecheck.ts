/**
 * Checked by the web typecheck (`tsc -p web/tsconfig.json`), never run: each `@ts-expect-error` below is a
 * call the catalog does not allow, so if the typing of calls ever stops working those lines compile, the
 * directive is unused, and the typecheck fails. The assertions at the end fail it if the types widen.
 */
import type { AccessibleProfile } from '@app/contracts/profiles'
import { QuestionListSchema } from '@app/contracts/questions'
import type { ApiAnswer, ApiBody, ApiPath } from '../../src/lib/api-catalog.ts'
import { apiClient } from '../../src/lib/api-client.ts'
import { apiQueryKey } from '../../src/lib/query-keys.ts'
import type { AdviceStreamPath } from '../../src/lib/use-advice-stream.ts'

export async function callsTheCatalogRefuses() {
  // @ts-expect-error: a path that is not in the catalog
  await apiClient.get('/api/accessible-profile')
  // @ts-expect-error: a path the catalog answers to GET only
  await apiClient.post('/api/accessible-profiles')
  // @ts-expect-error: a body field the route does not take
  await apiClient.post('/api/auth/login', { user: 'ada' })
  // @ts-expect-error: a body field of the wrong type
  await apiClient.post('/api/auth/login', { username: 42, password: 'secret' })
  // @ts-expect-error: a route that takes a body, called without one
  await apiClient.post('/api/invitations')
  // @ts-expect-error: a route with a parameter, called without its value
  await apiClient.get('/api/admin/user/:id')
  // @ts-expect-error: a parameter the path does not have
  await apiClient.get('/api/admin/user/:id', { params: { userId: 7 } })
  // @ts-expect-error: a query field the route does not declare
  await apiClient.get('/api/profiles/map', { query: { name: 'Ada' } })
  // @ts-expect-error: a query on a route without one
  await apiClient.get('/api/accessible-profiles', { query: { q: 'Ada' } })
  // @ts-expect-error: a schema that reads another route's answer
  await apiClient.get('/api/accessible-profiles', { schema: QuestionListSchema })
  // @ts-expect-error: the answer is the catalog's, not whatever the caller wishes
  const answer: string = await apiClient.get('/api/auth/me')
  return answer
}

export function streamsAndKeysTheCatalogRefuses() {
  // @ts-expect-error: the CSV imports post to catalog paths only
  const importPath: ApiPath<'POST'> = '/api/simple-imports'
  // @ts-expect-error: the advice stream's body needs the profile it is about
  const advice: ApiBody<'POST', '/api/ai/disc-analysis/stream'> = { question: 'How do I work with them?' }
  // @ts-expect-error: only the streaming advice routes are advice streams
  const stream: AdviceStreamPath = '/api/ai/disc-analysis'
  // @ts-expect-error: a query key names a GET endpoint of the catalog
  const key = apiQueryKey('/api/assessment')
  return [importPath, advice, stream, key]
}

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false
const holds = <Check extends true>(check: Check) => check

holds<Equal<ApiAnswer<'GET', '/api/accessible-profiles'>, AccessibleProfile[]>>(true)
holds<Equal<ApiBody<'POST', '/api/auth/logout'>, undefined>>(true)
holds<Equal<ApiBody<'POST', '/api/ai/disc-collaboration/stream'>['question'], string>>(true)
holds<Equal<AdviceStreamPath, '/api/ai/disc-analysis/stream' | '/api/ai/disc-collaboration/stream'>>(true)
holds<Equal<ReturnType<typeof apiQueryKey<'/api/questions'>>, readonly ['/api/questions']>>(true)
