import { describe, expect, it } from 'vitest'
import type { Profile } from '@app/contracts/profiles'
import type { Identity } from '@app/kit/identity'
import { accessibleListBody, accessibleProfiles, withAccess } from '../src/access.ts'
import type { CatalogView } from '../src/profile-catalog.ts'
import type { Grant } from '../src/repositories/grants-repository.ts'

const profile = (id: number, userId: number, name: string): Profile => ({
  id,
  userId,
  name,
  assessmentType: 'disc',
  dScore: 70,
  iScore: 10,
  sScore: 10,
  cScore: 10,
  primaryType: 'D',
  scoresData: null,
  answers: ['D', 'D', 'D', 'I'],
  timestamp: '2026-11-26T04:00:00.000Z',
})

/** A catalog state as the catalog hands it out: lists newest first, grants by grantee. */
function viewOf(profiles: Profile[], grants: Grant[] = []): CatalogView {
  const all = [...profiles].sort((first, second) => second.id - first.id)
  return {
    all,
    ofOwner: (userId) => all.filter((candidate) => candidate.userId === userId),
    byId: (id) => all.find((candidate) => candidate.id === id) ?? null,
    grantsOf: (userId) => grants.filter((grant) => grant.granteeId === userId),
    cached: (_key, _scope, compute) => compute(),
    nameIndex: () => {
      throw new Error('not used here')
    },
  }
}

const person = (userId: number, role: Identity['role'] = 'standard'): Identity => ({
  userId,
  role,
  username: `user${userId}@example.com`,
  mustChangePassword: false,
})

/** What the body must be: exactly the JSON of each profile with its access, as the route's schema has it. */
const expected = (view: CatalogView, identity: Identity, scope: 'accessible' | 'all') => {
  const access = accessibleProfiles(view, identity, scope)
  return JSON.stringify(access.profiles.map((shown) => withAccess(shown, access)))
}

describe('the JSON body of a list of accessible profiles', () => {
  // Names outside ASCII take more bytes than characters: the body's size is counted in bytes.
  const profiles = [
    profile(1, 10, 'Zoë Ünal'),
    profile(2, 10, '名前 テスト'),
    profile(3, 20, 'Grace "Amazing" Hopper\\'),
    profile(4, 30, 'Emoji 🚀 Person'),
  ]
  const grants: Grant[] = [
    {
      invitationId: 7,
      ownerId: 20,
      granteeId: 10,
      sharedBy: { name: 'Grace Hopper', email: 'g@example.com' },
    },
  ]

  it('is byte for byte what serializing each profile with its access gives, for every kind of caller', () => {
    const view = viewOf(profiles, grants)
    const callers: Array<[Identity, 'accessible' | 'all']> = [
      [person(10), 'accessible'], // an owner with a grant: their own and Grace's, shared
      [person(30), 'accessible'], // an owner alone
      [person(30, 'administrator'), 'all'], // everyone's, others' as seen by the role
      [person(30, 'administrator'), 'accessible'],
      [person(99), 'accessible'], // nothing
    ]
    for (const [identity, scope] of callers) {
      const body = accessibleListBody(accessibleProfiles(view, identity, scope))
      expect(body.toString('utf8')).toBe(expected(view, identity, scope))
      // Twice: the second time from the texts kept with each profile.
      expect(accessibleListBody(accessibleProfiles(view, identity, scope)).equals(body)).toBe(true)
    }
    expect(accessibleListBody(accessibleProfiles(view, person(99), 'accessible')).toString()).toBe('[]')
  })

  it('shows a renamed profile by its new name: a profile replaced is serialized again', () => {
    const before = viewOf(profiles)
    const owner = person(10)
    expect(accessibleListBody(accessibleProfiles(before, owner, 'accessible')).toString()).toContain(
      'Zoë Ünal',
    )
    const after = viewOf([{ ...profiles[0]!, name: 'Zoë Renamed' }, ...profiles.slice(1)])
    const body = accessibleListBody(accessibleProfiles(after, owner, 'accessible')).toString()
    expect(body).toBe(expected(after, owner, 'accessible'))
    expect(body).not.toContain('Zoë Ünal')
  })
})
