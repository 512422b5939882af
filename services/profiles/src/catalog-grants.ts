import type { Grant } from './repositories/grants-repository.ts'

/** Active grants by grantee, then by invitation id; each grantee's set is replaced, never changed. */
export type GrantsByGrantee = Map<number, Map<number, Grant>>

const NO_GRANTS: readonly Grant[] = Object.freeze([])
/**
 * A grantee's grants, oldest invitation first, sorted once per set: a set is replaced, never changed
 * (addGrant, removeGrant), so the same set always has the same list, and each request of a guest holding
 * 2,000 grants reuses it instead of copying and sorting them.
 */
const sortedSets = new WeakMap<ReadonlyMap<number, Grant>, readonly Grant[]>()
export function sortedGrants(held: ReadonlyMap<number, Grant> | undefined): readonly Grant[] {
  if (!held) return NO_GRANTS
  let sorted = sortedSets.get(held)
  if (!sorted) {
    sorted = Object.freeze(
      [...held.values()].sort((first, second) => first.invitationId - second.invitationId),
    )
    sortedSets.set(held, sorted)
  }
  return sorted
}

export function addGrant(grants: GrantsByGrantee, grant: Grant): void {
  const held = new Map(grants.get(grant.granteeId))
  held.set(grant.invitationId, grant)
  grants.set(grant.granteeId, held)
}

export function removeGrant(grants: GrantsByGrantee, granteeId: number, invitationId: number): void {
  const held = grants.get(granteeId)
  if (!held?.has(invitationId)) return
  const remaining = new Map(held)
  remaining.delete(invitationId)
  if (remaining.size === 0) grants.delete(granteeId)
  else grants.set(granteeId, remaining)
}
