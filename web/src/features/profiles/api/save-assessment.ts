import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ApiAnswer, ApiBody } from '../../../lib/api-catalog.ts'
import { ApiError, apiClient } from '../../../lib/api-client.ts'
import { newIdempotencyKey } from '../../../lib/idempotency-key.ts'
import { PROFILE_READS, refreshEndpoints } from '../../../lib/query-refresh.ts'

/**
 * Saves an assessment; the server sets its owner, primary type and time (decision 036). The
 * profile schemas load with the request, so the assessment page does not build them while it first renders.
 */
type SaveAssessmentRequest = ApiBody<'POST', '/api/assessments'>
type SavedProfile = ApiAnswer<'POST', '/api/assessments'>

export async function saveAssessment(input: SaveAssessmentRequest): Promise<SavedProfile> {
  const [{ ProfileSchema }, body] = await Promise.all([import('@app/contracts/profiles'), postOnce(input)])
  return ProfileSchema.parse(body)
}

const RETRY_DELAYS_MS = [1000, 3000]

/**
 * One key per submit, reused on this function's own retries: a save whose answer was lost (a dropped
 * connection, a gateway timeout) is stored once, and the retry gets the first answer back.
 */
async function postOnce(input: SaveAssessmentRequest): Promise<SavedProfile> {
  const headers = { 'Idempotency-Key': newIdempotencyKey() }
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await apiClient.post('/api/assessments', input, { headers })
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
    // Every page that lists or finds profiles shows the new one when next shown, without a reload.
    onSuccess: () => refreshEndpoints(queryClient, PROFILE_READS),
  })
}
