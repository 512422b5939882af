import { describe, expect, test } from 'vitest'
import { ownSearchName } from '../../../src/features/advice/search-name.ts'

describe('the name searched on arrival', () => {
  test('first and last name, else name, else derived from a first_last@domain username', () => {
    expect(ownSearchName({ firstName: 'Ana', lastName: 'Lopez', name: 'A L', username: 'x' })).toBe(
      'Ana Lopez',
    )
    expect(ownSearchName({ firstName: '', lastName: '', name: 'Sam Reed', username: 'x' })).toBe('Sam Reed')
    expect(ownSearchName({ username: 'ana_lopez@example.test' })).toBe('ana lopez')
    expect(ownSearchName({ username: '' })).toBe('')
  })
})
