import { AccessRevokedSchema, InvitationAcceptedSchema } from '@app/contracts/events'
import type { EventEnvelope } from '@app/kit/bus/port'
import type { KeyValueStore } from '@app/kit/kv/port'
import { anyDeleted } from './deletions.ts'
import type { ProfileCatalog } from '../profile-catalog.ts'
import type { GrantsRepository } from '../repositories/grants-repository.ts'

export const GRANTS_GROUP = 'profiles.grants'

/**
 * The grants projection: who may see whose profiles, from sharing's invitations.accepted.v1 and
 * access.revoked.v1. Each handler changes the store first, so that a catalog rebuilt from it agrees, then
 * tells every replica's catalog. A replayed event changes nothing; a revoke that arrives before its grant
 * is kept, and the grant then never starts. The revocation mark sharing writes before a revoke answers
 * covers the time until the event arrives (decision record 012).
 */
export function createGrantsProjection(options: {
  grants: GrantsRepository
  catalog: ProfileCatalog
  kv: KeyValueStore
}) {
  const { grants, catalog, kv } = options
  return {
    async invitationAccepted(event: EventEnvelope): Promise<void> {
      const accepted = InvitationAcceptedSchema.parse(event.data)
      if (await anyDeleted(kv, [accepted.ownerId, accepted.granteeId])) return
      const granted = await grants.grant(accepted)
      if (granted) await catalog.record({ kind: 'grant-added', grant: granted })
    },
    async accessRevoked(event: EventEnvelope): Promise<void> {
      const revoked = AccessRevokedSchema.parse(event.data)
      if (await grants.revoke(revoked))
        await catalog.record({
          kind: 'grant-removed',
          invitationId: revoked.invitationId,
          granteeId: revoked.granteeId,
        })
    },
  }
}
