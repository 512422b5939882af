import type { Question } from '@app/contracts/questions'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ApiBody } from '../../../lib/api-catalog.ts'
import { apiClient } from '../../../lib/api-client.ts'
import { QUESTIONS_QUERY_KEY } from './get-questions.ts'

export function reorderQuestions(input: ApiBody<'PATCH', '/api/questions/reorder'>): Promise<Question[]> {
  return apiClient.patch('/api/questions/reorder', input, {
    schema: async () => (await import('@app/contracts/questions')).QuestionListSchema,
  })
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
