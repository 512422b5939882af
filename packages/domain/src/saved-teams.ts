/**
 * Saved teams (issue 28): the rules of a team's name and how many teams one person keeps, shared by the
 * profiles service and the Teams page's form (docs/decisions/058-saved-teams.md).
 */
export const TEAM_NAME_MAX = 100

/** Enough for every working group a person follows, small enough that a list of them is one short answer. */
export const TEAMS_PER_OWNER_MAX = 100

/** A team's name as kept: spaces around it dropped, runs of spaces inside it made one. */
export function cleanTeamName(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/g, ' ')
}

/** Two names one person cannot both use: the same once cleaned, whatever their letter case. */
export function teamNameKey(name: string): string {
  return cleanTeamName(name).toLocaleLowerCase('en')
}

export const teamNameTaken = (name: string) => `You already have a team named "${cleanTeamName(name)}"`
export const TEAM_NAME_REQUIRED = 'Enter a name for the team'
export const TEAM_NAME_TOO_LONG = `Team names are limited to ${TEAM_NAME_MAX} characters`
export const TOO_MANY_TEAMS = `You can keep at most ${TEAMS_PER_OWNER_MAX} teams: delete one to save another`
