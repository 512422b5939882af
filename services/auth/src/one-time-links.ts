import type { LinkPurpose, ResetTokensRepository } from './repositories/reset-tokens-repository.ts'
import { credentialStampOf, type StoredUser, type UsersRepository } from './repositories/users-repository.ts'

/**
 * The account a mailed link (a reset, a deletion confirmation) acts on, if the link is live, of that purpose,
 * and the account's credentials are still those it was asked for: a change of password, e-mail or username
 * voids it. The token is found by its SHA-256, so no stored secret is compared character by character.
 */
export async function accountOfLink(
  dependencies: { resetTokens: ResetTokensRepository; users: UsersRepository },
  token: string,
  purpose: LinkPurpose,
): Promise<StoredUser | null> {
  const issued = await dependencies.resetTokens.check(token, purpose)
  const user = issued === null ? null : await dependencies.users.findById(issued.userId)
  return user && credentialStampOf(user) === issued?.credentialStamp ? user : null
}
