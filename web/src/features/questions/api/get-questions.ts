import type { Question } from '@app/contracts/questions'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'
import { apiQueryKey } from '../../../lib/query-keys.ts'

export const QUESTIONS_QUERY_KEY = apiQueryKey('/api/questions')

/** Every category's quick questions; each category's list is shown by display order. */
export function getQuestions(): Promise<Question[]> {
  return apiClient.get('/api/questions')
}

export function getQuestionsQueryOptions() {
  return queryOptions({ queryKey: QUESTIONS_QUERY_KEY, queryFn: getQuestions })
}

export function useQuestions() {
  return useQuery(getQuestionsQueryOptions())
}
