import { appendFile, mkdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import nodemailer from 'nodemailer'

export interface Email {
  to: string
  subject: string
  text: string
  /** An HTML alternative of `text`: simple markup, no remote images. */
  html?: string
}

export interface Mailer {
  send(email: Email): Promise<void>
}

/**
 * The one mailer of the services (auth's reset links, sharing's invitations).
 * Real e-mail through SMTP when `SMTP_URL` is set; otherwise each e-mail is appended to an outbox file so a
 * single-machine install still shows what would have been sent. The log names the outbox, never the link.
 */
export function createMailer(options: {
  smtpUrl: string | undefined
  from: string
  outboxFile: string
  log: FastifyBaseLogger
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl)
    return {
      async send(email) {
        await transport.sendMail({ from: options.from, ...email })
        options.log.info({ subject: email.subject }, 'e-mail sent')
      },
    }
  }
  return {
    async send(email) {
      await mkdir(dirname(options.outboxFile), { recursive: true })
      // The outbox keeps the plain-text part, which says everything the HTML one does.
      const entry = `From: ${options.from}\nTo: ${email.to}\nDate: ${new Date().toUTCString()}\nSubject: ${email.subject}\n\n${email.text}\n\n---\n`
      await appendFile(options.outboxFile, entry, { mode: 0o600 })
      options.log.info(
        { subject: email.subject, outbox: options.outboxFile },
        'e-mail written to the outbox (no SMTP_URL set)',
      )
    },
  }
}
