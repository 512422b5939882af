import { measuredDiscScores, prevueScoresOf, type ProfileResult } from '@app/domain/profile-scores'
import { DiscScoreBars } from './disc-score-bars.tsx'
import { PrevueScoreGroups } from './prevue-score-groups.tsx'

/**
 * A profile's own result, the same wherever a profile is shown (My Profile, Ask, Collaborate): a DISC
 * profile's four measured scores, a Prevue profile's abilities, motivations and personality dimensions. A
 * Prevue profile has no DISC scores, so it never shows DISC bars (docs/decisions/028-prevue-shown-as-prevue.md).
 */
export function ProfileScores({ profile }: { profile: ProfileResult }) {
  const measured = measuredDiscScores(profile)
  if (measured) return <DiscScoreBars scores={measured} />
  const prevue = prevueScoresOf(profile)
  if (prevue) return <PrevueScoreGroups scores={prevue} />
  return <p className="text-sm text-slate-600">No assessment result was recorded for this profile.</p>
}
