import { describe, expect, it } from 'vitest'
import { emailDomainOf, isInDomains, safeReturnPath } from '../src/sign-in-domains.ts'

describe('the domains a provider may sign in', () => {
  it('reads the domain of an address, lower-cased', () => {
    expect(emailDomainOf('Ada@Example.COM')).toBe('example.com')
    expect(emailDomainOf('no-at-sign')).toBeNull()
    expect(emailDomainOf('two@at@example.com')).toBeNull()
    expect(emailDomainOf('@example.com')).toBeNull()
    expect(emailDomainOf('ada@')).toBeNull()
  })

  it('allows only the listed domains, never their subdomains or look-alikes', () => {
    const domains = ['example.com', 'Acme.org']
    expect(isInDomains('ada@example.com', domains)).toBe(true)
    expect(isInDomains('ada@acme.ORG', domains)).toBe(true)
    expect(isInDomains('ada@evil.example.com', domains)).toBe(false)
    expect(isInDomains('ada@example.com.evil.net', domains)).toBe(false)
    expect(isInDomains('ada@notexample.com', domains)).toBe(false)
    expect(isInDomains('example.com', domains)).toBe(false)
  })
})

describe('the return path after signing in', () => {
  it('keeps a path on this site', () => {
    expect(safeReturnPath('/history')).toBe('/history')
    expect(safeReturnPath('/collaborate?ids=1,2#top')).toBe('/collaborate?ids=1,2#top')
  })

  it('refuses anything that could leave the site', () => {
    for (const value of [
      'https://evil.example/',
      '//evil.example/',
      '/\\evil.example',
      '/\tevil',
      ' /history',
      'history',
      'javascript:alert(1)',
      '',
      '/' + 'a'.repeat(600),
    ])
      expect(safeReturnPath(value), value).toBeNull()
    expect(safeReturnPath(undefined)).toBeNull()
  })
})
