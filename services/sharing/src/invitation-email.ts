import type { Email } from '@app/kit/mailer'

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)

/**
 * The invitation e-mail: the link, who sent it, whose profile it is and until when the link works. Plain
 * text plus simple HTML with no remote images; every name is escaped, since a sender chooses it.
 */
export function invitationEmail(details: {
  to: string
  inviteeName: string
  inviterName: string
  ownerName: string
  link: string
  expiresAt: Date
}): Email {
  const expires = details.expiresAt.toUTCString().replace(/ \d\d:\d\d:\d\d GMT$/, '')
  const whose =
    details.ownerName === details.inviterName
      ? 'their personality profile'
      : `${details.ownerName}'s personality profile`
  const subject = `${details.inviterName} shared a personality profile with you`
  const text = [
    `Hello ${details.inviteeName},`,
    '',
    `${details.inviterName} invited you to view ${whose} on Prevue DISC Insights.`,
    '',
    `Accept the invitation and choose your password here:`,
    details.link,
    '',
    `This link works until ${expires} and can be used once.`,
    'If you did not expect this e-mail, you can ignore it.',
  ].join('\n')
  const html = [
    '<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">',
    `<p>Hello ${escapeHtml(details.inviteeName)},</p>`,
    `<p>${escapeHtml(details.inviterName)} invited you to view ${escapeHtml(whose)} on Prevue DISC Insights.</p>`,
    `<p><a href="${escapeHtml(details.link)}">Accept the invitation</a></p>`,
    `<p>Or open this link: ${escapeHtml(details.link)}</p>`,
    `<p>This link works until ${escapeHtml(expires)} and can be used once. If you did not expect this e-mail, you can ignore it.</p>`,
    '</body></html>',
  ].join('\n')
  return { to: details.to, subject, text, html }
}
