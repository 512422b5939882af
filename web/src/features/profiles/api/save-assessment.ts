import type { Profile, SaveAssessmentRequest } from '@app/contracts/profiles'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ApiError, apiClient } from '../../../lib/api-client.ts'
import { newIdempotencyKey } from '../../../lib/idempotency-key.ts'
import { PROFILES_QUERY_KEY } from './profiles-query-key.ts'

/**
 * Saves an assessment; the server sets its owner, primary type and time (decision 036). The
 * profile schemas load with the request, so the assessment page does not build them while it first renders.
 */
export async function saveAssessment(input: SaveAssessmentRequest): Promise<Profile> {
  const [{ ProfileSchema }, body] = await Promise.all([import('@app/contracts/profiles'), postOnce(input)])
  return ProfileSchema.parse(body)
}

const RETRY_DELAYS_MS = [1000, 3000]

/**
 * One key per submit, reused on this function's own retries: a save whose answer was lost (a dropped
 * connection, a gateway timeout) is stored once, and the retry gets the first answer back.
 */
async function postOnce(input: SaveAssessmentRequest): Promise<unknown> {
  const headers = { 'Idempotency-Key': newIdempotencyKey() }
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await apiClient.post<unknown>('/api/assessments', input, { headers })
    } catch (error) {
      const delay = RETRY_DELAYS_MS[attempt]
      if (delay === undefined || !isRetryable(error)) throw error
      await new Promise((resolve) => setTimeout(resolve, delay))
    }
  }
}

/** No answer at all, or the server saying it is briefly unavailable or still busy with this key. */
function isRetryable(error: unknown): boolean {
  if (error instanceof ApiError) return [409, 502, 503, 504].includes(error.status)
  return error instanceof TypeError
}

export function useSaveAssessment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveAssessment,
    onSuccess: () => {
      // Lists nobody is looking at are dropped rather than marked stale, so My Profile opens on a fresh
      // list with the new profile instead of flashing the old one first.
      queryClient.removeQueries({ queryKey: PROFILES_QUERY_KEY, type: 'inactive' })
      return queryClient.invalidateQueries({ queryKey: PROFILES_QUERY_KEY })
    },
  })
}
