import { QuestionSchema, type Question, type SaveQuestionRequest } from '@app/contracts/questions'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'
import { QUESTIONS_QUERY_KEY } from './get-questions.ts'

export async function createQuestion(input: SaveQuestionRequest): Promise<Question> {
  return QuestionSchema.parse(await apiClient.post<unknown>('/api/questions', input))
}

export function useCreateQuestion() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createQuestion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: QUESTIONS_QUERY_KEY }),
  })
}
