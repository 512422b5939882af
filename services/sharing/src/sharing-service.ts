import { isInvitationEmail } from '@app/domain/email'
import { INVITATIONS_ACCEPTED, type InvitationAccepted } from '@app/contracts/events'
import { internalApi } from '@app/contracts/internal'
import {
  INVITATION_LIFETIME_MS,
  type GuestRole,
  type Invitation,
  type UserContact,
} from '@app/contracts/sharing'
import { MIN_PASSWORD_LENGTH } from '@app/domain/passwords'
import { createEvent, type EventBus } from '@app/kit/bus/port'
import { AppError } from '@app/kit/errors'
import type { Identity } from '@app/kit/identity'
import type { KeyValueStore } from '@app/kit/kv/port'
import type { Mailer } from '@app/kit/mailer'
import type { ServiceClient } from '@app/kit/service-client'
import { sharingErrors } from './errors.ts'
import { invitationEmail } from './invitation-email.ts'
import type { AccessHistoryRepository } from './repositories/access-history-repository.ts'
import {
  rootOf,
  type InvitationsRepository,
  type StoredInvitation,
} from './repositories/invitations-repository.ts'
import { createRevocations } from './revocations.ts'
import { newInvitationToken, tokenHash, type TokenSealer } from './tokens.ts'

export interface SharingServiceOptions {
  invitations: InvitationsRepository
  history: AccessHistoryRepository
  auth: ServiceClient
  profiles: ServiceClient
  bus: EventBus
  kv: KeyValueStore
  mailer: Mailer
  sealer: TokenSealer
  publicUrl: string
  now: () => number
  log: { info(details: object, message: string): void; error(details: object, message: string): void }
}

/**
 * Whether the inviter owns a profile to share. While profiles cannot answer, invitations still go out: the
 * check spares an invitee an empty list, it protects nothing (docs/decisions/027-guests-have-a-home.md).
 */
async function ownsAProfile(
  options: Pick<SharingServiceOptions, 'profiles' | 'log'>,
  caller: Identity,
): Promise<boolean> {
  try {
    const { owned } = await options.profiles.request(internalApi.ownedProfiles, { actingFor: caller })
    return owned > 0
  } catch (error) {
    if (!(error instanceof AppError) || error.statusCode < 500) throw error
    options.log.error(
      { err: error },
      'profiles did not say whether the inviter has a profile; inviting anyway',
    )
    return true
  }
}

/** Who shared an accepted invitation's profile: the owner, and on a forward the guest owner between. */
function sharersOf(invitation: StoredInvitation): Pick<InvitationAccepted, 'sharedBy' | 'sharedVia'> {
  const inviter = { name: invitation.inviterName, email: invitation.inviterEmail }
  if (invitation.parentInvitationId === null) return { sharedBy: inviter }
  return { sharedBy: { name: invitation.ownerName, email: invitation.ownerEmail }, sharedVia: inviter }
}

/**
 * The rules of sharing (docs/requirements.md sections 5 and 6, decisions 034, 040 and 044), kept apart from HTTP so
 * that the routes stay short: who may invite or forward what, the cascade of a revoke, and acceptance.
 */
export function createSharingService(options: SharingServiceOptions) {
  const { invitations, history, auth, bus, kv, mailer, sealer, log } = options
  const now = () => new Date(options.now())
  const revocations = createRevocations({ invitations, history, kv, bus, log })
  const linkOf = (token: string) => new URL(`/invite/${token}`, options.publicUrl).toString()

  const contactOf = (userId: number): Promise<UserContact> =>
    auth.request(internalApi.userContact, { params: { id: userId } })

  const usable = (invitation: StoredInvitation | null): invitation is StoredInvitation =>
    invitation !== null &&
    !invitation.accepted &&
    !invitation.revoked &&
    invitation.expiresAt.getTime() > options.now()

  function toInvitation(invitation: StoredInvitation): Invitation {
    const token = usable(invitation) ? sealer.open(invitation.sealedToken) : null
    return {
      id: invitation.id,
      inviteeName: invitation.inviteeName,
      inviteeEmail: invitation.inviteeEmail,
      inviteeRole: invitation.inviteeRole,
      ownerId: invitation.ownerId,
      invitedBy: invitation.invitedBy,
      parentInvitationId: invitation.parentInvitationId,
      ...(invitation.parentInvitationId !== null
        ? { sharedVia: { ownerName: invitation.ownerName, ownerEmail: invitation.ownerEmail } }
        : {}),
      accepted: invitation.accepted,
      acceptedUserId: invitation.acceptedUserId,
      created: invitation.createdAt.toISOString(),
      expiresAt: invitation.expiresAt.toISOString(),
      token,
      link: token ? linkOf(token) : null,
    }
  }

  /** Whether the signed-in caller's own address is the invitation's: only then may they accept without a password. */
  async function isInvitee(caller: Identity, invitation: StoredInvitation): Promise<boolean> {
    const contact = await contactOf(caller.userId)
    return contact.email.trim().toLowerCase() === invitation.inviteeEmail
  }

  async function findByToken(token: string): Promise<StoredInvitation> {
    const invitation = token ? await invitations.findByTokenHash(tokenHash(token)) : null
    if (!usable(invitation)) throw sharingErrors.invalidInvitation()
    return invitation
  }

  return {
    toInvitation,

    async listSent(caller: Identity): Promise<Invitation[]> {
      return (await invitations.listSentBy(caller.userId)).map(toInvitation)
    },

    async create(
      caller: Identity,
      request: {
        inviteeName: string
        inviteeEmail: string
        inviteeRole: GuestRole
        originalOwnerId?: number | undefined
      },
    ): Promise<Invitation> {
      const inviteeName = request.inviteeName.trim()
      const inviteeEmail = request.inviteeEmail.trim().toLowerCase()
      if (!inviteeName || !inviteeEmail) throw sharingErrors.missingInformation()
      if (!isInvitationEmail(inviteeEmail)) throw sharingErrors.invalidEmail()

      const forwarding = request.originalOwnerId !== undefined && request.originalOwnerId !== caller.userId
      let parent: StoredInvitation | null = null
      if (forwarding) {
        // Whoever accepted 'View and share' may pass that profile on, whatever their role: a standard user
        // invited so keeps the right rather than losing it silently (docs/decisions/027-guests-have-a-home.md).
        parent = await invitations.findForwardableGrant(caller.userId, request.originalOwnerId!)
        if (!parent)
          throw caller.role === 'guest_owner'
            ? sharingErrors.notSharedWithYou()
            : sharingErrors.onlyGuestOwnersForward()
      } else if (caller.role === 'guest_owner') {
        throw sharingErrors.guestOwnerMustForward()
      } else if (!(await ownsAProfile(options, caller))) {
        throw sharingErrors.noProfileToShare()
      }

      const inviter = await contactOf(caller.userId)
      const owner = parent
        ? { id: parent.ownerId, name: parent.ownerName, email: parent.ownerEmail }
        : { id: inviter.id, name: inviter.name, email: inviter.email }
      if (inviteeEmail === inviter.email.toLowerCase()) throw sharingErrors.selfInvite()
      if (inviteeEmail === owner.email.toLowerCase()) throw sharingErrors.ownerInvite()

      const token = newInvitationToken()
      const createdAt = now()
      const fields = {
        ownerId: owner.id,
        ownerName: owner.name,
        ownerEmail: owner.email,
        invitedBy: caller.userId,
        inviterName: inviter.name,
        inviterEmail: inviter.email,
        inviteeName,
        inviteeEmail,
        // A forward always gives view-only access (docs/requirements.md section 5); the server decides, not the request.
        inviteeRole: parent ? ('guest_standard' as const) : request.inviteeRole,
        parentInvitationId: parent?.id ?? null,
        rootInvitationId: parent ? rootOf(parent) : null,
        tokenHash: tokenHash(token),
        sealedToken: sealer.seal(token),
        createdAt,
        expiresAt: new Date(createdAt.getTime() + INVITATION_LIFETIME_MS),
      }
      let created: StoredInvitation | null = null
      for (let attempt = 0; attempt < 2 && !created; attempt += 1) {
        try {
          created = await invitations.create(fields)
        } catch (error) {
          if ((error as Error).name !== 'DuplicateKeyError') throw error
          // The address holds an invitation to this profile: taken, unless it expired unused.
          const existing = await invitations.findLiveByInviteeKey(owner.id, inviteeEmail)
          if (existing && !(await invitations.retireExpired(existing.id, createdAt)))
            throw sharingErrors.alreadyInvited()
        }
      }
      if (!created) throw sharingErrors.alreadyInvited()
      await history.append({
        ownerId: created.ownerId,
        invitationId: created.id,
        parentInvitationId: created.parentInvitationId,
        kind: 'invited',
        at: createdAt,
        actorId: caller.userId,
        actorName: inviter.name,
        actorEmail: inviter.email,
        inviteeName,
        inviteeEmail,
        inviteeRole: created.inviteeRole,
      })
      log.info(
        { event: 'invitation_created', invitationId: created.id, forward: parent !== null },
        'invitation created',
      )
      try {
        await mailer.send(
          invitationEmail({
            to: inviteeEmail,
            inviteeName,
            inviterName: inviter.name,
            ownerName: owner.name,
            link: linkOf(token),
            expiresAt: created.expiresAt,
          }),
        )
      } catch (error) {
        // The invitation stands; its sender can copy the link from the list.
        log.error({ err: error, invitationId: created.id }, 'the invitation e-mail could not be sent')
      }
      return toInvitation(created)
    },

    async details(token: string) {
      const invitation = await findByToken(token)
      return {
        inviteeName: invitation.inviteeName,
        inviteeEmail: invitation.inviteeEmail,
        ownerName: invitation.inviterName,
        profileOwnerName: invitation.ownerName,
        expiresAt: invitation.expiresAt.toISOString(),
      }
    },

    /**
     * Returns the account signed in, whether older sessions of it must end (a promotion), and the owner whose
     * profile it may now see.
     */
    async accept(token: string, password: string | undefined, signedIn: Identity | null) {
      // Checked before anything is looked up, so the answer cannot tell whether the address has an account.
      if (password === undefined && signedIn === null) throw sharingErrors.passwordRequired()
      if (password !== undefined && password.length < MIN_PASSWORD_LENGTH)
        throw sharingErrors.passwordTooShort()
      const invitation = await findByToken(token)
      if (password === undefined && !(await isInvitee(signedIn!, invitation)))
        throw sharingErrors.passwordRequired()
      const account = await auth.request(internalApi.findOrCreateGuest, {
        body: {
          email: invitation.inviteeEmail,
          name: invitation.inviteeName,
          // The invitation's role, never the request's (docs/security.md 22).
          role: invitation.inviteeRole,
          ...(password === undefined ? {} : { password }),
          invitedBy: { name: invitation.inviterName, email: invitation.inviterEmail },
          invitedAt: invitation.createdAt.toISOString(),
        },
        actingFor: signedIn,
      })
      const acceptedAt = now()
      const accepted = await invitations.accept(invitation.id, account.user.id, acceptedAt)
      // Accepted, revoked or expired while the account was being found: one answer for every cause.
      if (!accepted) throw sharingErrors.invalidInvitation()
      const grant: InvitationAccepted = {
        invitationId: accepted.id,
        rootInvitationId: rootOf(accepted),
        parentInvitationId: accepted.parentInvitationId,
        ownerId: accepted.ownerId,
        granteeId: account.user.id,
        inviteeRole: accepted.inviteeRole,
        ...sharersOf(accepted),
        acceptedAt: acceptedAt.toISOString(),
      }
      try {
        await bus.publish(createEvent(INVITATIONS_ACCEPTED, grant), String(grant.rootInvitationId))
      } catch (error) {
        // Without its event the grant would never reach profiles: the link stays usable instead.
        await invitations.unaccept(accepted.id)
        throw error
      }
      await history.append({
        ownerId: accepted.ownerId,
        invitationId: accepted.id,
        parentInvitationId: accepted.parentInvitationId,
        kind: 'accepted',
        at: acceptedAt,
        actorId: account.user.id,
        actorName: accepted.inviteeName,
        actorEmail: accepted.inviteeEmail,
        inviteeName: accepted.inviteeName,
        inviteeEmail: accepted.inviteeEmail,
        inviteeRole: accepted.inviteeRole,
      })
      log.info(
        {
          event: 'invitation_accepted',
          invitationId: accepted.id,
          userId: account.user.id,
          created: account.created,
        },
        'invitation accepted',
      )
      return { ...account, ownerId: accepted.ownerId, invitationId: accepted.id }
    },

    /**
     * Revokes the invitation and every forward below it. The revocation marks are written before this
     * returns, so that profiles refuses the next request of everyone who lost access (decision record 012).
     * A revoke that failed half-way is finished by its retry, which answers as a success (decision 026);
     * one that was finished answers 404, like any invitation that is not the caller's.
     */
    async revoke(caller: Identity, invitationId: number): Promise<number[]> {
      const invitation = await invitations.findById(invitationId)
      if (!invitation || invitation.invitedBy !== caller.userId) throw sharingErrors.invitationNotFound()
      let finished: number[]
      if (invitation.revoked) {
        finished = await revocations.resume(invitation)
        if (finished.length === 0) throw sharingErrors.invitationNotFound()
      } else {
        const revoker = await contactOf(caller.userId).catch(() => ({ name: caller.username, email: '' }))
        finished = await revocations.revoke(invitation, {
          by: caller.userId,
          byName: revoker.name,
          byEmail: revoker.email,
          at: now(),
        })
      }
      log.info(
        { event: 'invitation_revoked', invitationId, cascade: finished.length, resumed: invitation.revoked },
        'invitation revoked',
      )
      return finished
    },

    /** Finishes the revokes a failure or a crash left pending (decision 026). */
    finishPendingRevocations: () => revocations.sweep(),

    /** Whether the caller may read this owner's history. */
    assertMayReadHistory(caller: Identity, ownerId: number): void {
      if (caller.role !== 'administrator' && caller.userId !== ownerId) throw sharingErrors.historyForbidden()
    },
  }
}
export type SharingService = ReturnType<typeof createSharingService>
