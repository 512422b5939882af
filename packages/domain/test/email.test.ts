import { describe, expect, it } from 'vitest'
import { isInvitationEmail } from '../src/email.ts'

describe("the invitation e-mail rule: it contains '@' and '.'", () => {
  it('accepts ordinary and intranet addresses', () => {
    for (const email of ['ada@example.com', 'first.last@intranet', ' bob@mail.example.org ', 'a@b.c'])
      expect(isInvitationEmail(email), email).toBe(true)
  })

  it("refuses an address without '@' or without '.'", () => {
    for (const email of ['ada.example.com', 'ada@localhost', '', 'plain'])
      expect(isInvitationEmail(email), email).toBe(false)
  })

  it("refuses an '@' with nothing on one side, and spaces or line breaks inside", () => {
    for (const email of [
      '@example.com',
      'first.last@',
      'a@b.',
      'a.b@.intranet',
      'ada lovelace@example.com',
      'ada@example.com\nBcc: x@y.z',
    ])
      expect(isInvitationEmail(email), JSON.stringify(email)).toBe(false)
  })
})
