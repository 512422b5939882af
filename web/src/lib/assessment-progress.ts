import type { AssessmentType } from '@app/contracts/profiles'

/**
 * An assessment in progress, kept in this tab's storage so that a refresh, Back and Forward, or a sign-in
 * after the session ended resume it with its answers. Results not yet saved are answers all given; a saved
 * or restarted flow is cleared, and so is a user's explicit logout.
 */
export type AssessmentProgress = { kind: AssessmentType; answers: Array<string | null> }

const KEY = 'assessment-progress'

export function loadAssessmentProgress(): AssessmentProgress | null {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? 'null')
    if (typeof value !== 'object' || value === null) return null
    const { kind, answers } = value as Record<string, unknown>
    if ((kind !== 'disc' && kind !== 'prevue') || !Array.isArray(answers)) return null
    if (!answers.every((answer) => answer === null || typeof answer === 'string')) return null
    return { kind, answers: answers as Array<string | null> }
  } catch {
    return null
  }
}

export function saveAssessmentProgress(progress: AssessmentProgress): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(progress))
  } catch {
    // Without storage the assessment still works; it just does not survive a reload.
  }
}

export function clearAssessmentProgress(): void {
  try {
    sessionStorage.removeItem(KEY)
  } catch {
    // Nothing stored.
  }
}
