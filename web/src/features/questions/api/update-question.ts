import { QuestionSchema, type Question, type SaveQuestionRequest } from '@app/contracts/questions'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'
import { QUESTIONS_QUERY_KEY } from './get-questions.ts'

export async function updateQuestion({
  id,
  ...input
}: SaveQuestionRequest & { id: number }): Promise<Question> {
  return QuestionSchema.parse(await apiClient.put<unknown>(`/api/questions/${id}`, input))
}

export function useUpdateQuestion() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateQuestion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: QUESTIONS_QUERY_KEY }),
  })
}
