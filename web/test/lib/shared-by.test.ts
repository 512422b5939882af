import { describe, expect, test } from 'vitest'
import { sharedByText } from '../../src/lib/shared-by.ts'

describe('who shared a profile, in one sentence', () => {
  test('names the sharer, and for a forward via whom', () => {
    const owner = { name: 'Alice Sharer', email: 'alice@example.test' }
    const forwarder = { name: 'Bob Guest', email: 'bob@example.test' }
    expect(sharedByText({ sharedBy: owner })).toBe('Shared by Alice Sharer (alice@example.test)')
    expect(sharedByText({ sharedBy: owner, sharedVia: forwarder })).toBe(
      'Shared by Alice Sharer (alice@example.test) via Bob Guest (bob@example.test)',
    )
    expect(sharedByText({})).toBeNull()
  })

  test('falls back to the e-mail, or to someone, when a name or e-mail is missing', () => {
    expect(sharedByText({ sharedBy: { name: ' ', email: 'x@example.test' } })).toBe(
      'Shared by x@example.test',
    )
    expect(sharedByText({ sharedBy: { name: 'Ann', email: '' } })).toBe('Shared by Ann')
    expect(sharedByText({ sharedBy: { name: '', email: '' } })).toBe('Shared by someone')
  })
})
