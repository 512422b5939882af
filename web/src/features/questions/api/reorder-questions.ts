import { QuestionListSchema, type Question, type ReorderQuestionsRequest } from '@app/contracts/questions'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'
import { QUESTIONS_QUERY_KEY } from './get-questions.ts'

export async function reorderQuestions(input: ReorderQuestionsRequest): Promise<Question[]> {
  return QuestionListSchema.parse(await apiClient.patch<unknown>('/api/questions/reorder', input))
}

/** Shows the new order at once; a refused reorder (all or nothing) puts the server's order back. */
export function useReorderQuestions() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: reorderQuestions,
    onMutate: async ({ updates }) => {
      await queryClient.cancelQueries({ queryKey: QUESTIONS_QUERY_KEY })
      const orders = new Map(updates.map((update) => [update.id, update.displayOrder]))
      queryClient.setQueryData<Question[]>(QUESTIONS_QUERY_KEY, (questions) =>
        questions?.map((question) => ({
          ...question,
          displayOrder: orders.get(question.id) ?? question.displayOrder,
        })),
      )
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: QUESTIONS_QUERY_KEY }),
  })
}
