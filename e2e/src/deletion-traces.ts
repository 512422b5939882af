import { ApiSession } from './api.ts'

/** The person shares their profile with a new guest, who accepts; answers the guest's session. */
export async function shareWithGuest(owner: ApiSession, baseUrl: string, email: string): Promise<ApiSession> {
  const invitation = (await owner.expect(201, 'POST', '/api/invitations', {
    inviteeName: 'Gus Guest',
    inviteeEmail: email,
  })) as { token: string }
  const guest = new ApiSession(baseUrl)
  await guest.expect(200, 'POST', `/api/invitations/accept/${invitation.token}`, {
    password: 'gus guest pass 1',
  })
  return guest
}

/** Who looks for the person, and what of theirs: the places a deleted account must leave no trace. */
export interface TraceLookout {
  administrator: ApiSession
  /** A guest the person shared their profile with. */
  guest: ApiSession
  /** A word of the person's names, and their e-mail. */
  name: string
  email: string
  profileId: number
}

const names = (body: unknown) => JSON.stringify(body).toLowerCase()

/**
 * Where the person shows (docs/decisions/061-account-deletion.md): the guest's lists, search and report,
 * the administrator's user list, profile list, search, Collaborate's lookup and team map, the team report
 * and the advisor loading their profile. True where they still show.
 */
export async function tracesOf(lookout: TraceLookout): Promise<Record<string, boolean>> {
  const { administrator, guest, profileId } = lookout
  const word = lookout.name.toLowerCase()
  const shows = (body: unknown) => names(body).includes(word) || names(body).includes(lookout.email)
  const answer = async (session: ApiSession, method: string, path: string, body?: unknown) =>
    session.call(method, path, body)
  const query = encodeURIComponent(lookout.name)
  const advice = await answer(administrator, 'POST', '/api/ai/disc-analysis', {
    profileId,
    question: 'What are my strengths?',
    responseLength: 'short',
  })
  const guestReport = await answer(guest, 'GET', `/api/profiles/${profileId}/report`)
  const teamReport = await answer(administrator, 'POST', '/api/teams/report', { profileIds: [profileId] })
  return {
    guestList: shows((await answer(guest, 'GET', '/api/accessible-profiles')).body),
    guestSearch: shows((await answer(guest, 'GET', `/api/profiles/search?name=${query}`)).body),
    guestReport: guestReport.status === 200,
    administratorUsers: shows((await answer(administrator, 'GET', '/api/admin/users')).body),
    administratorProfiles: shows((await answer(administrator, 'GET', '/api/all-profiles')).body),
    search: shows((await answer(administrator, 'GET', `/api/profiles/search?name=${query}`)).body),
    collaborateLookup: shows((await answer(administrator, 'GET', `/api/profiles/lookup?q=${query}`)).body),
    teamMap: shows((await answer(administrator, 'GET', '/api/profiles/map')).body),
    teamReport: teamReport.status === 200,
    advisor: advice.status === 200,
  }
}

/** Every place at once: the person shows in all of them, or in none. */
export const everywhere = (shown: boolean) =>
  Object.fromEntries(
    [
      'guestList',
      'guestSearch',
      'guestReport',
      'administratorUsers',
      'administratorProfiles',
      'search',
      'collaborateLookup',
      'teamMap',
      'teamReport',
      'advisor',
    ].map((place) => [place, shown]),
  )
