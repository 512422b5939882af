import { describe, expect, test } from 'vitest'
import {
  DEFAULT_REQUEST_MESSAGE,
  REQUEST_SUBJECT,
  requestMailtoUrl,
} from '../../../src/features/request-assessment/request-mail.ts'

describe('the assessment request e-mail', () => {
  test('goes to the support address with the details and the message, every character kept', () => {
    const url = new URL(
      requestMailtoUrl('support@example.test', {
        name: ' Lena Berg ',
        email: 'lena@example.test',
        company: 'Acme & Sons',
        message: 'Team of 12 = soon?\nThanks #1',
      }),
    )
    expect(url.protocol).toBe('mailto:')
    expect(url.pathname).toBe('support@example.test')
    expect(url.searchParams.get('subject')).toBe(`${REQUEST_SUBJECT} - Acme & Sons`)
    expect(url.searchParams.get('body')).toBe(
      'Name: Lena Berg\nEmail: lena@example.test\nCompany: Acme & Sons\n\nTeam of 12 = soon?\nThanks #1',
    )
  })

  test('says when no company was given', () => {
    const url = new URL(
      requestMailtoUrl('support@example.test', {
        name: 'Lena',
        email: 'lena@example.test',
        company: '  ',
        message: DEFAULT_REQUEST_MESSAGE,
      }),
    )
    expect(url.searchParams.get('subject')).toBe(REQUEST_SUBJECT)
    expect(url.searchParams.get('body')).toContain('Company: Not provided')
    expect(DEFAULT_REQUEST_MESSAGE).toContain('new DISC assessment for my team')
  })
})
