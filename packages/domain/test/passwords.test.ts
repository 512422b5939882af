import { describe, expect, it } from 'vitest'
import { generatedPassword, passwordProblem } from '../src/passwords.ts'

describe('password rules', () => {
  it('needs at least 6 characters', () => {
    expect(passwordProblem('12345', [])).toBe('Password must be at least 6 characters')
    expect(passwordProblem('123456', [])).toBeNull()
  })

  it('refuses the username, the e-mail or its local part', () => {
    expect(passwordProblem('Ada@Example.com', ['ada@example.com'])).toBe(
      'Password must not be your username or e-mail address',
    )
    expect(passwordProblem('adalove', ['adalove@example.com'])).toBe(
      'Password must not be your username or e-mail address',
    )
    expect(passwordProblem('ada-lovelace-1815', ['ada@example.com'])).toBeNull()
  })
})

describe('the generated password format', () => {
  it('is # + first + last + length of last, lower case for single import', () => {
    expect(generatedPassword('John', 'Smith', 'lower')).toBe('#johnsmith5')
  })

  it('capitalises each name for bulk import', () => {
    expect(generatedPassword('john', 'SMITH', 'capitalised')).toBe('#JohnSmith5')
  })

  it('drops spaces inside names and counts the cleaned last name', () => {
    expect(generatedPassword(' Mary Ann ', 'van Dyke', 'lower')).toBe('#maryannvandyke7')
  })
})
