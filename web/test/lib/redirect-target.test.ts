import { describe, expect, test } from 'vitest'
import { redirectTarget } from '../../src/lib/redirect-target.ts'

const excluded = ['/login', '/change-password']

describe('the page to go on to after signing in', () => {
  test('is the same-site path the guard remembered, with its query and hash', () => {
    expect(redirectTarget({ from: '/share-profile?tab=authorised#list' }, '/history', excluded)).toBe(
      '/share-profile?tab=authorised#list',
    )
  })

  test('falls back when nothing usable was remembered', () => {
    for (const state of [null, undefined, 'text', {}, { from: 42 }, { from: '' }]) {
      expect(redirectTarget(state, '/history', excluded)).toBe('/history')
    }
  })

  test('never leaves the site', () => {
    for (const from of [
      'https://evil.example',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
    ]) {
      expect(redirectTarget({ from }, '/history', excluded)).toBe('/history')
    }
  })

  test('never returns to a sign-in step, with or without a trailing slash or query', () => {
    for (const from of ['/login', '/login/', '/login?next=1', '/change-password#top']) {
      expect(redirectTarget({ from }, '/history', excluded)).toBe('/history')
    }
  })
})
