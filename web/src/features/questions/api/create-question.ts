import type { Question } from '@app/contracts/questions'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ApiBody } from '../../../lib/api-catalog.ts'
import { apiClient } from '../../../lib/api-client.ts'
import { QUESTIONS_QUERY_KEY } from './get-questions.ts'

export function createQuestion(input: ApiBody<'POST', '/api/questions'>): Promise<Question> {
  return apiClient.post('/api/questions', input, {
    schema: async () => (await import('@app/contracts/questions')).QuestionSchema,
  })
}

export function useCreateQuestion() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createQuestion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: QUESTIONS_QUERY_KEY }),
  })
}
