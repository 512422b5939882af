export type AssessmentRequest = { name: string; email: string; company: string; message: string }

export const DEFAULT_REQUEST_MESSAGE =
  'Hello,\n\nI would like to request a new DISC assessment for my team. Please let me know the next steps and what you need from us.\n\nThank you.'

export const REQUEST_SUBJECT = 'Request for a New DISC Assessment'

/** The mail client's prefilled message to the support address: the details first, then the message. */
export function requestMailtoUrl(supportEmail: string, request: AssessmentRequest): string {
  const company = request.company.trim()
  const subject = company ? `${REQUEST_SUBJECT} - ${company}` : REQUEST_SUBJECT
  const body = [
    `Name: ${request.name.trim()}`,
    `Email: ${request.email.trim()}`,
    `Company: ${company || 'Not provided'}`,
    '',
    request.message.trim(),
  ].join('\n')
  return `mailto:${supportEmail}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`
}
