import type { Team } from '@app/contracts/teams'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ApiBody } from '../../../lib/api-catalog.ts'
import { apiClient } from '../../../lib/api-client.ts'
import { invalidateEndpoints } from '../../../lib/query-refresh.ts'

/** What a save, rename or delete changes: the list of teams and any team read before. */
export const TEAM_READS = ['/api/teams', '/api/teams/:id'] as const

const teamSchema = async () => (await import('@app/contracts/teams')).TeamSchema

export function createTeam(body: ApiBody<'POST', '/api/teams'>): Promise<Team> {
  return apiClient.post('/api/teams', body, { schema: teamSchema })
}

export function updateTeam({
  id,
  ...changes
}: ApiBody<'PATCH', '/api/teams/:id'> & { id: number }): Promise<Team> {
  return apiClient.patch('/api/teams/:id', changes, { params: { id }, schema: teamSchema })
}

export function deleteTeam(id: number): Promise<unknown> {
  return apiClient.delete('/api/teams/:id', { params: { id } })
}

/** The three changes of a saved team, each refreshing the list when it is done. */
export function useTeamChanges() {
  const queryClient = useQueryClient()
  const onSuccess = () => invalidateEndpoints(queryClient, TEAM_READS)
  return {
    create: useMutation({ mutationFn: createTeam, onSuccess }),
    update: useMutation({ mutationFn: updateTeam, onSuccess }),
    remove: useMutation({ mutationFn: deleteTeam, onSuccess }),
  }
}
