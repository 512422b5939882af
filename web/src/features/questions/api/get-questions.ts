import { QuestionListSchema, type Question } from '@app/contracts/questions'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'

export const QUESTIONS_QUERY_KEY = ['questions'] as const

/** Every category's quick questions; each category's list is shown by display order. */
export async function getQuestions(): Promise<Question[]> {
  return QuestionListSchema.parse(await apiClient.get<unknown>('/api/questions'))
}

export function getQuestionsQueryOptions() {
  return queryOptions({ queryKey: QUESTIONS_QUERY_KEY, queryFn: getQuestions })
}

export function useQuestions() {
  return useQuery(getQuestionsQueryOptions())
}
