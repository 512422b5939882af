import type { Profile, SaveAssessmentRequest } from '@app/contracts/profiles'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'
import { PROFILES_QUERY_KEY } from './profiles-query-key.ts'

/**
 * Saves an assessment; the server sets its owner, primary type and time (DESIGN.md decision 6). The
 * profile schemas load with the request, so the assessment page does not build them while it first renders.
 */
export async function saveAssessment(input: SaveAssessmentRequest): Promise<Profile> {
  const [{ ProfileSchema }, body] = await Promise.all([
    import('@app/contracts/profiles'),
    apiClient.post<unknown>('/api/assessments', input),
  ])
  return ProfileSchema.parse(body)
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
