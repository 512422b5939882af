import { ProfileSchema, type Profile, type SaveAssessmentRequest } from '@app/contracts/profiles'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'
import { PROFILES_QUERY_KEY } from './get-accessible-profiles.ts'

/** Saves an assessment; the server sets its owner, primary type and time (DESIGN.md decision 6). */
export async function saveAssessment(input: SaveAssessmentRequest): Promise<Profile> {
  return ProfileSchema.parse(await apiClient.post<unknown>('/api/assessments', input))
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
