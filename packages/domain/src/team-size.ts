/** How many people a team report covers (issue 28): its own module, light enough for the web app's forms. */
export const TEAM_MAX_MEMBERS = 500

/** Why a team of this size cannot be read, or null when it can. */
export function teamSizeProblem(size: number): string | null {
  if (size < 1) return 'Choose at least one person for the team'
  if (size > TEAM_MAX_MEMBERS) return `A team report covers at most ${TEAM_MAX_MEMBERS} people`
  return null
}
