import { describe, expect, test } from 'vitest'
import { displayName } from '../../src/lib/display-name.ts'

describe('the display name under the Logout button', () => {
  test('is the first plus last name when there is one', () => {
    expect(displayName({ firstName: 'Ada', lastName: 'Lovelace', name: 'A. L.', username: 'ada' })).toBe(
      'Ada Lovelace',
    )
    expect(displayName({ firstName: 'Ada', lastName: '', username: 'ada' })).toBe('Ada')
  })

  test('falls back to the name, then the username, then the e-mail', () => {
    expect(
      displayName({ firstName: ' ', lastName: null, name: 'Support Administrator', username: 'support' }),
    ).toBe('Support Administrator')
    expect(displayName({ name: '', username: 'support', email: 'support@example.test' })).toBe('support')
    expect(displayName({ email: 'guest@example.test' })).toBe('guest@example.test')
  })
})
