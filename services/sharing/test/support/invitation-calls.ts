import { expect } from 'vitest'
import type { Identity } from '@app/kit/identity'
import { as, createPerson, saveProfileOf, signedInBy, type SharingProduct } from './sharing-product.ts'

/** The calls the invitation tests make, on the product of `useSharingProduct` (read once each test runs). */
export function invitationCalls(context: SharingProduct) {
  const invite = (caller: Identity, payload: object) =>
    context.sharing.inject({
      method: 'POST',
      url: '/api/invitations',
      headers: as('sharing', caller),
      payload,
    })
  const list = async (caller: Identity) =>
    (
      await context.sharing.inject({ method: 'GET', url: '/api/invitations', headers: as('sharing', caller) })
    ).json() as Array<{ id: number; token: string | null; inviteeEmail: string; accepted: boolean }>
  const revoke = (caller: Identity, id: number) =>
    context.sharing.inject({
      method: 'DELETE',
      url: `/api/invitations/${id}`,
      headers: as('sharing', caller),
    })
  const accept = (token: string, payload?: object, caller: Identity | null = null) =>
    context.sharing.inject({
      method: 'POST',
      url: `/api/invitations/accept/${token}`,
      headers: as('sharing', caller),
      ...(payload ? { payload } : {}),
    })
  const visibleTo = async (caller: Identity) =>
    (
      await context.profiles.inject({
        method: 'GET',
        url: '/api/accessible-profiles',
        headers: as('profiles', caller),
      })
    ).json() as Array<{ name: string; userId: number; accessType: string; sharedBy?: object }>
  /** A standard user with a profile to share (sharing refuses invitations without one). */
  const createOwner = async (name: string) => {
    const owner = await createPerson(context, 'standard', name)
    await saveProfileOf(context, owner.identity, name)
    return owner
  }

  /** Invites, accepts with a new password and returns the invitee's identity and the invitation id. */
  async function share(
    from: Identity,
    name: string,
    role: 'guest_standard' | 'guest_owner',
    originalOwnerId?: number,
  ) {
    const email = `${name.toLowerCase()}@example.com`
    const created = await invite(from, {
      inviteeName: name,
      inviteeEmail: email,
      inviteeRole: role,
      ...(originalOwnerId ? { originalOwnerId } : {}),
    })
    expect(created.statusCode, created.body).toBe(201)
    const invitation = created.json() as { id: number; token: string; inviteeRole: string }
    const accepted = await accept(invitation.token, { password: `${name} secret` })
    expect(accepted.statusCode, accepted.body).toBe(200)
    return { guest: signedInBy(accepted)!, invitation, accepted }
  }

  return { invite, list, revoke, accept, visibleTo, createOwner, share }
}
