import type { AdminUser } from '@app/contracts/auth'
import type { AccessibleProfile } from '@app/contracts/profiles'
import { PREVUE_DIMENSIONS, type PrevueScores } from '@app/domain/prevue'
import { formatProfileSummary } from '@app/domain/profile-scores'
import { describe, expect, test } from 'vitest'
import {
  buildDirectory,
  countByRole,
  filterDirectory,
  inviterOf,
} from '../../../src/features/admin/user-directory.ts'

let nextId = 1
function user(fields: Partial<AdminUser>): AdminUser {
  const id = nextId++
  return {
    id,
    username: `user${id}@example.test`,
    email: `user${id}@example.test`,
    firstName: '',
    lastName: '',
    name: '',
    role: 'standard',
    mustChangePassword: false,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...fields,
  }
}

function profile(userId: number, fields: Partial<AccessibleProfile>): AccessibleProfile {
  return {
    id: nextId++,
    userId,
    name: 'Profile',
    assessmentType: 'disc',
    dScore: 25,
    iScore: 25,
    sScore: 25,
    cScore: 25,
    primaryType: 'D',
    scoresData: null,
    answers: [],
    timestamp: '2026-11-01T00:00:00.000Z',
    accessType: 'shared',
    ...fields,
  }
}

const ana = user({
  firstName: 'Ana',
  lastName: 'Lima',
  email: 'ana.lima@example.test',
  username: 'ana.lima@example.test',
})
const guest = user({
  firstName: 'Gus',
  lastName: 'Guest',
  role: 'guest_owner',
  invitedBy: 'Ana Lima',
  invitedByEmail: 'ana.lima@example.test',
})
const admin = user({ name: 'Support', role: 'administrator', username: 'support' })
const users = [ana, guest, admin]

describe('the user directory', () => {
  test('joins each user with their newest DISC profile, summed up with the numbers every screen shows', async () => {
    const newestDisc = profile(ana.id, {
      dScore: 80,
      iScore: 40,
      sScore: 30,
      cScore: 50,
      primaryType: 'D',
      timestamp: '2026-06-01T00:00:00Z',
    })
    const prevueOnly = profile(guest.id, {
      assessmentType: 'prevue',
      dScore: null,
      iScore: null,
      sScore: null,
      cScore: null,
      primaryType: null,
      scoresData: {
        ...(Object.fromEntries(PREVUE_DIMENSIONS.map((dimension) => [dimension, 5])) as PrevueScores),
        workingWithNumbers: 8,
      },
    })
    const directory = buildDirectory(users, [
      profile(ana.id, { dScore: 10, iScore: 10, sScore: 10, cScore: 10, timestamp: '2026-01-01T00:00:00Z' }),
      newestDisc,
      profile(ana.id, { ...prevueOnly, userId: ana.id, timestamp: '2026-09-01T00:00:00Z' }),
      prevueOnly,
    ])
    expect(directory.map((entry) => entry.profile?.id ?? null)).toEqual([newestDisc.id, prevueOnly.id, null])
    // The stored percentages, as My Profile, Ask and Collaborate show them, not each score's share of 200.
    expect(formatProfileSummary(directory[0]!.profile!)).toBe('D 80% · I 40% · S 30% · C 50% — Primary: D')
    expect(formatProfileSummary(directory[1]!.profile!)).toBe(
      'Prevue — Strongest ability: Working with Numbers 8/10 · Strongest motivation: Working with People 5/10',
    )
  })

  test.each([
    ['guest', [guest]],
    ['LIMA', [ana, guest]],
    ['support', [admin]],
    ['gus', [guest]],
    ['ana.lima@example', [ana, guest]],
    ['  ', users],
    ['nobody', []],
  ])('a search for %j finds names, e-mails, usernames and inviters', (search, expected) => {
    const found = filterDirectory(buildDirectory(users, []), search, 'all').map((entry) => entry.user)
    expect(found).toEqual(expected)
  })

  test('the role filter keeps only that role, together with the search', () => {
    const directory = buildDirectory(users, [])
    expect(filterDirectory(directory, '', 'guest_owner').map((entry) => entry.user)).toEqual([guest])
    expect(filterDirectory(directory, 'lima', 'standard').map((entry) => entry.user)).toEqual([ana])
    expect(filterDirectory(directory, '', 'guest_standard')).toEqual([])
  })

  test('counts users by role', () => {
    expect(countByRole(users)).toEqual({ administrator: 1, standard: 1, guest_owner: 1, guest_standard: 0 })
  })

  test('names the inviter by name and e-mail, whichever is known', () => {
    expect(inviterOf(guest)).toBe('Ana Lima (ana.lima@example.test)')
    expect(inviterOf({ invitedByEmail: 'x@example.test' })).toBe('x@example.test')
    expect(inviterOf({})).toBeNull()
  })

  test('filters 10,000 users quickly enough to follow typing', () => {
    const many = Array.from({ length: 10_000 }, (_, index) =>
      user({
        firstName: `First${index}`,
        lastName: `Last${index}`,
        role: index % 2 ? 'standard' : 'guest_standard',
      }),
    )
    const directory = buildDirectory(many, [])
    const started = performance.now()
    const found = filterDirectory(directory, 'last99', 'standard')
    expect(performance.now() - started).toBeLessThan(50)
    expect(found.length).toBeGreaterThan(0)
  })
})
