import { describe, expect, it } from 'vitest'
import { canInvite, isGuest, ROLES } from '../src/roles.ts'

describe('what each role may do (docs/requirements.md section 6)', () => {
  it('knows guests: the two roles an invitation makes', () => {
    expect(ROLES.filter(isGuest)).toEqual(['guest_owner', 'guest_standard'])
  })

  it('lets administrators, standard users and guest owners invite, never a guest_standard', () => {
    expect(Object.fromEntries(ROLES.map((role) => [role, canInvite(role)]))).toEqual({
      administrator: true,
      standard: true,
      guest_owner: true,
      guest_standard: false,
    })
  })
})
