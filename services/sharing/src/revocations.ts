import { ACCESS_REVOKED, type AccessRevoked } from '@app/contracts/events'
import { REVOKED_GRANT_MARK_TTL_MS, revokedGrantKey } from '@app/contracts/sharing'
import { createEvent, type EventBus } from '@app/kit/bus/port'
import type { KeyValueStore } from '@app/kit/kv/port'
import type { AccessHistoryRepository } from './repositories/access-history-repository.ts'
import {
  rootOf,
  type InvitationsRepository,
  type Revocation,
  type StoredInvitation,
} from './repositories/invitations-repository.ts'

export interface RevocationsOptions {
  invitations: InvitationsRepository
  history: AccessHistoryRepository
  kv: KeyValueStore
  bus: EventBus
  log: { info(details: object, message: string): void; error(details: object, message: string): void }
}

/**
 * A revoke in steps that can each be done again (decision 026): the invitations are marked revoked and
 * pending, then every ended grant gets its revocation mark (decision 012), every invitation one history
 * record, every ended grant one event (its id derived from the invitation, so consumers drop a repeat), and
 * last the pending flag is cleared. A step that fails leaves the flag, so a retry or the sweep finishes it.
 */
export function createRevocations(options: RevocationsOptions) {
  const { invitations } = options

  /**
   * Revokes `top` and every forward below it with `revocation`, and finishes whatever is pending there,
   * this revoke's or an earlier interrupted one's. Returns the invitations it finished.
   */
  async function complete(top: StoredInvitation, revocation: Revocation): Promise<number[]> {
    const chain = await invitations.chainOf(rootOf(top))
    const ids = subtreeOf(chain, top.id)
    const byId = new Map(chain.map((link) => [link.id, link]))
    for (const id of ids) if (!byId.get(id)!.revoked) await invitations.revoke(id, revocation)
    // Read again after revoking: an acceptance that won its race before the revoke shows here.
    const pending = (await invitations.findMany(ids)).filter((link) => link.revocationPending === true)
    await finish(pending, options)
    return pending.map((link) => link.id)
  }

  return {
    /** Revokes an invitation that is not revoked yet; see `complete`. */
    revoke(top: StoredInvitation, revocation: Revocation): Promise<number[]> {
      return complete(top, revocation)
    },

    /** Finishes an interrupted revoke of `top` with what it was started with; [] when nothing is left. */
    resume(top: StoredInvitation): Promise<number[]> {
      return complete(top, revocationOf(top))
    },

    /** Finishes every revoke left pending by a failure or a crash, in this or another process. */
    async sweep(): Promise<number> {
      let finished = 0
      for (const link of await invitations.listRevocationsPending()) {
        // An earlier round may have finished it with its parent.
        const current = await invitations.findById(link.id)
        if (current?.revocationPending === true)
          finished += (await complete(current, revocationOf(current))).length
      }
      if (finished > 0)
        options.log.info({ event: 'revocations_finished', finished }, 'pending revokes finished')
      return finished
    },
  }
}
export type Revocations = ReturnType<typeof createRevocations>

/** The ids of the invitation and of every forward below it, parents before their forwards. */
function subtreeOf(chain: readonly StoredInvitation[], topId: number): number[] {
  const below = new Map<number, number[]>()
  for (const link of chain) {
    if (link.parentInvitationId === null) continue
    below.set(link.parentInvitationId, [...(below.get(link.parentInvitationId) ?? []), link.id])
  }
  const ids: number[] = []
  const queue = [topId]
  while (queue.length > 0) {
    const id = queue.shift()!
    ids.push(id)
    queue.push(...(below.get(id) ?? []))
  }
  return ids
}

function revocationOf(link: StoredInvitation): Revocation {
  return {
    by: link.revokedBy ?? link.invitedBy,
    byName: link.revokedByName ?? '',
    byEmail: link.revokedByEmail ?? '',
    at: link.revokedAt ?? new Date(),
  }
}

/** The steps after the invitations are marked revoked; each may be repeated without a second effect. */
async function finish(pending: readonly StoredInvitation[], options: RevocationsOptions): Promise<void> {
  const ended = pending.filter((link) => link.accepted && link.acceptedUserId !== null)
  // The marks first: from here on profiles refuses the guests' next requests (decision 012).
  await Promise.all(
    ended.map((link) => options.kv.set(revokedGrantKey(link.id), '1', REVOKED_GRANT_MARK_TTL_MS)),
  )
  for (const link of pending) {
    const revocation = revocationOf(link)
    await options.history.appendRevocation({
      ownerId: link.ownerId,
      invitationId: link.id,
      parentInvitationId: link.parentInvitationId,
      kind: 'revoked',
      at: revocation.at,
      actorId: revocation.by,
      actorName: revocation.byName,
      actorEmail: revocation.byEmail,
      inviteeName: link.inviteeName,
      inviteeEmail: link.inviteeEmail,
      inviteeRole: link.inviteeRole,
    })
  }
  for (const link of pending) {
    if (link.accepted && link.acceptedUserId !== null) {
      const revocation = revocationOf(link)
      const event: AccessRevoked = {
        invitationId: link.id,
        rootInvitationId: rootOf(link),
        ownerId: link.ownerId,
        granteeId: link.acceptedUserId,
        revokedBy: revocation.by,
        revokedAt: revocation.at.toISOString(),
      }
      await options.bus.publish(
        // One id per ended grant (its creation time keeps it apart from a reused id after a restored
        // backup): a publish repeated after a failure is handled once by each consumer.
        {
          ...createEvent(ACCESS_REVOKED, event),
          id: `access-revoked-${link.id}-${link.createdAt.getTime()}`,
        },
        String(event.rootInvitationId),
      )
    }
    await options.invitations.finishRevocation(link.id)
  }
}
