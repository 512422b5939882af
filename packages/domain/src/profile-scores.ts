/**
 * How a profile's result is read and written out, the same on every screen and in every prompt
 * (docs/decisions/028-prevue-shown-as-prevue.md). A DISC profile has four measured percentages; a Prevue
 * profile has its 20 dimensions and no DISC scores at all.
 */
import { PREVUE_DIMENSION_LABELS } from './content/prevue-dimensions.ts'
import { DISC_TYPES, primaryType, type DiscScores, type DiscType } from './disc.ts'
import { derivedDiscReading } from './prevue-disc.ts'
import {
  PREVUE_ABILITIES,
  PREVUE_MAX_SCORE,
  PREVUE_MOTIVATIONS,
  type PrevueDimension,
  type PrevueScores,
} from './prevue.ts'

/** The fields of a profile (as the profiles service answers it) that hold its result. */
export interface ProfileResult {
  assessmentType: 'disc' | 'prevue'
  dScore: number | null
  iScore: number | null
  sScore: number | null
  cScore: number | null
  primaryType: DiscType | null
  scoresData?: PrevueScores | null
}

/**
 * A DISC score as every screen shows it: the stored percentage, as it is. Scores are each out of 100 and
 * are not shares of a total (spec: "scores {D, I, S, C} as percentages", "dScore … (0 to 100)").
 */
export function formatDiscScore(score: number): string {
  return `${Math.round(score)}%`
}

/** The four scores in one line: "D 80% · I 40% · S 30% · C 50%". */
export function formatDiscScores(scores: DiscScores): string {
  return DISC_TYPES.map((type) => `${type} ${formatDiscScore(scores[type])}`).join(' · ')
}

/** A Prevue dimension as every screen shows it: "7.5/10". */
export function formatSten(score: number): string {
  return `${score}/${PREVUE_MAX_SCORE}`
}

/** The measured DISC scores of a DISC profile; null for a Prevue profile, or any without all four. */
export function measuredDiscScores(profile: ProfileResult): DiscScores | null {
  if (profile.assessmentType !== 'disc') return null
  const { dScore, iScore, sScore, cScore } = profile
  if (dScore === null || iScore === null || sScore === null || cScore === null) return null
  return { D: dScore, I: iScore, S: sScore, C: cScore }
}

/**
 * The profile with no DISC scores if it is a Prevue one: what a replica still running older code saved (four
 * 0 scores and primary type D) is read as what it is. Unchanged, and the same object, otherwise.
 */
export function withoutUnmeasuredScores<T extends ProfileResult>(profile: T): T {
  if (profile.assessmentType !== 'prevue') return profile
  const { dScore, iScore, sScore, cScore, primaryType } = profile
  if (dScore === null && iScore === null && sScore === null && cScore === null && primaryType === null)
    return profile
  return { ...profile, dScore: null, iScore: null, sScore: null, cScore: null, primaryType: null }
}

/** The 20 dimensions of a Prevue profile; null for DISC or a Prevue profile stored without them. */
export function prevueScoresOf(profile: ProfileResult): PrevueScores | null {
  return profile.assessmentType === 'prevue' ? (profile.scoresData ?? null) : null
}

/** Where a profile stands on the DISC circle: measured, or derived from a Prevue result; null if neither. */
export interface DiscPosition {
  scores: DiscScores
  primaryType: DiscType
  derived: boolean
}

export function discPositionOf(profile: ProfileResult): DiscPosition | null {
  const measured = measuredDiscScores(profile)
  if (measured)
    return { scores: measured, primaryType: profile.primaryType ?? primaryType(measured), derived: false }
  const prevue = prevueScoresOf(profile)
  if (!prevue) return null
  return { ...derivedDiscReading(prevue), derived: true }
}

/**
 * A point for DISC scores in the square [-1, 1]²: D top left, I top right, S bottom right, C bottom left,
 * each score pulling toward its corner, so a balanced profile sits near the centre (y points up).
 */
export function discWheelPoint(scores: DiscScores): { x: number; y: number } {
  const clamped = DISC_TYPES.map((type) => Math.max(0, scores[type]))
  const [d, i, s, c] = clamped as [number, number, number, number]
  const total = d + i + s + c
  if (total === 0) return { x: 0, y: 0 }
  return { x: (i + s - d - c) / total, y: (d + i - s - c) / total }
}

/** The highest of some dimensions; ties go to the one listed first. */
function strongest(scores: PrevueScores, dimensions: readonly PrevueDimension[]): PrevueDimension {
  return dimensions.reduce((best, dimension) => (scores[dimension] > scores[best] ? dimension : best))
}

/** A Prevue result in a line: its strongest ability and strongest motivation, with their scores. */
export function formatPrevueSummary(scores: PrevueScores): string {
  const ability = strongest(scores, PREVUE_ABILITIES)
  const motivation = strongest(scores, PREVUE_MOTIVATIONS)
  return (
    `Strongest ability: ${PREVUE_DIMENSION_LABELS[ability]} ${formatSten(scores[ability])} · ` +
    `Strongest motivation: ${PREVUE_DIMENSION_LABELS[motivation]} ${formatSten(scores[motivation])}`
  )
}

/** A profile's result in one line, for lists: the DISC scores and primary type, or the Prevue summary. */
export function formatProfileSummary(profile: ProfileResult): string {
  const measured = measuredDiscScores(profile)
  if (measured)
    return `${formatDiscScores(measured)} — Primary: ${profile.primaryType ?? primaryType(measured)}`
  const prevue = prevueScoresOf(profile)
  if (prevue) return `Prevue — ${formatPrevueSummary(prevue)}`
  return profile.assessmentType === 'prevue' ? 'Prevue — no result recorded' : 'No DISC scores recorded'
}
