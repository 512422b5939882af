import type { Question } from '@app/contracts/questions'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ApiBody } from '../../../lib/api-catalog.ts'
import { apiClient } from '../../../lib/api-client.ts'
import { QUESTIONS_QUERY_KEY } from './get-questions.ts'

export function updateQuestion({
  id,
  ...input
}: ApiBody<'PUT', '/api/questions/:id'> & { id: number }): Promise<Question> {
  return apiClient.put('/api/questions/:id', input, {
    params: { id },
    schema: async () => (await import('@app/contracts/questions')).QuestionSchema,
  })
}

export function useUpdateQuestion() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateQuestion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: QUESTIONS_QUERY_KEY }),
  })
}
