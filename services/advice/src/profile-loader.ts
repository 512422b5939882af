import { internalApi } from '@app/contracts/internal'
import type { AccessibleProfile } from '@app/contracts/profiles'
import { discPositionOf, prevueScoresOf } from '@app/domain/profile-scores'
import type { Identity } from '@app/kit/identity'
import type { ServiceClient } from '@app/kit/service-client'
import type { AdviceSubject } from './advice-request.ts'
import { adviceErrors } from './errors.ts'

/**
 * Only these fields of a profile may reach a prompt (docs/security.md 31). A Prevue profile has no DISC scores:
 * its subject carries the reading derived from its result by the one mapping in packages/domain, which the
 * prompt labels as derived (docs/decisions/028-prevue-shown-as-prevue.md).
 */
export function toSubject(profile: AccessibleProfile): AdviceSubject {
  const position = discPositionOf(profile)
  if (!position) throw adviceErrors.noResult()
  return {
    name: profile.name,
    assessmentType: profile.assessmentType,
    primaryType: position.primaryType,
    scores: position.scores,
    prevue: prevueScoresOf(profile),
  }
}

/**
 * Loads profiles from the profiles service acting for the caller, so that its access rules decide: a
 * profile the caller may not see is a 403 there and here, and nothing reaches a provider.
 */
export function createProfileLoader(profiles: ServiceClient) {
  return async (identity: Identity, id: number): Promise<AdviceSubject> => {
    const profile = await profiles.request(internalApi.profileForUser, {
      params: { id },
      actingFor: identity,
    })
    return toSubject(profile)
  }
}
export type ProfileLoader = ReturnType<typeof createProfileLoader>
