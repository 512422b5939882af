import { describe, expect, it } from 'vitest'
import {
  importPassword,
  RANDOM_PASSWORD_ALPHABET,
  RANDOM_PASSWORD_LENGTH,
  randomPassword,
} from '../src/first-passwords.ts'
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

describe('first passwords of imported people', () => {
  it('are random by default: 16 symbols of the unambiguous alphabet, different every time', () => {
    const person = { firstName: 'John', lastName: 'Smith' }
    const passwords = Array.from({ length: 200 }, () => importPassword('random', person, 'csv'))
    expect(new Set(passwords).size).toBe(200)
    for (const password of passwords) {
      expect(password).toHaveLength(RANDOM_PASSWORD_LENGTH)
      expect([...password].every((symbol) => RANDOM_PASSWORD_ALPHABET.includes(symbol))).toBe(true)
      expect(password).not.toContain('Smith')
    }
    expect(RANDOM_PASSWORD_LENGTH).toBeGreaterThanOrEqual(12)
    expect(RANDOM_PASSWORD_ALPHABET).not.toMatch(/[0O1lI]/)
  })

  it('use every symbol of the alphabet about equally often', () => {
    const counts = new Map<string, number>()
    for (const symbol of randomPassword(56_000)) counts.set(symbol, (counts.get(symbol) ?? 0) + 1)
    expect(counts.size).toBe(RANDOM_PASSWORD_ALPHABET.length)
    // About 982 expected per symbol; a biased modulo would push some symbols 20% over.
    for (const count of counts.values()) expect(Math.abs(count - 56_000 / 57)).toBeLessThan(150)
  })

  it("follow the spec's formula when the tenant opts in: capitalised for CSV imports, lower case for one", () => {
    expect(importPassword('spec', { firstName: 'john', lastName: 'SMITH' }, 'csv')).toBe('#JohnSmith5')
    expect(importPassword('spec', { firstName: 'John', lastName: 'Smith' }, 'single')).toBe('#johnsmith5')
  })
})
