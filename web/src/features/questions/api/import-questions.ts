import type { Question } from '@app/contracts/questions'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ApiBody } from '../../../lib/api-catalog.ts'
import { apiClient } from '../../../lib/api-client.ts'
import { QUESTIONS_QUERY_KEY } from './get-questions.ts'

/** Adds the lines' questions to one category; the service checks the format and the limit again. */
export async function importQuestions(input: ApiBody<'POST', '/api/questions/import'>): Promise<Question[]> {
  const answer = await apiClient.post('/api/questions/import', input, {
    schema: async () => (await import('@app/contracts/questions')).ImportQuestionsResponseSchema,
  })
  return answer.added
}

export function useImportQuestions() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: importQuestions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: QUESTIONS_QUERY_KEY }),
  })
}
