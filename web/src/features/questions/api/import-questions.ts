import {
  ImportQuestionsResponseSchema,
  type ImportQuestionsRequest,
  type Question,
} from '@app/contracts/questions'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'
import { QUESTIONS_QUERY_KEY } from './get-questions.ts'

/** Adds the lines' questions to one category; the service checks the format and the limit again. */
export async function importQuestions(input: ImportQuestionsRequest): Promise<Question[]> {
  return ImportQuestionsResponseSchema.parse(await apiClient.post<unknown>('/api/questions/import', input))
    .added
}

export function useImportQuestions() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: importQuestions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: QUESTIONS_QUERY_KEY }),
  })
}
