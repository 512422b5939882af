import { SMTPServer } from 'smtp-server'

export type ReceivedMail = { to: string[]; subject: string; text: string }

/** Undoes the transfer encoding of a single-part text body (nodemailer picks quoted-printable or base64). */
function decodeBody(encoding: string, body: string): string {
  switch (encoding.toLowerCase()) {
    case 'quoted-printable':
      return Buffer.from(
        body
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8')
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
    default:
      return body
  }
}

/** The header lines and the body of a message or of one MIME part. */
function splitPart(raw: string): { header: (name: string) => string; body: string } {
  const split = raw.search(/\r?\n\r?\n/)
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ')
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '')
  const header = (name: string) =>
    head
      .split(/\r?\n/)
      .find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))
      ?.slice(name.length + 1)
      .trim() ?? ''
  return { header, body }
}

/** The text of a message: a single-part text body, or the text/plain part of a multipart/alternative one. */
function parseMessage(raw: string, to: string[]): ReceivedMail {
  const message = splitPart(raw)
  let textPart = message
  const contentType = message.header('Content-Type')
  if (/^multipart\//i.test(contentType)) {
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1]
    const parts = boundary
      ? message.body
          .split(`--${boundary}`)
          .slice(1, -1)
          .map((part) => splitPart(part.replace(/^\r?\n/, '')))
      : []
    const plain = parts.find((part) => /^text\/plain/i.test(part.header('Content-Type')))
    if (!plain) throw new Error('The test mail server found no text/plain part in a multipart e-mail')
    textPart = plain
  }
  return {
    to,
    subject: message.header('Subject'),
    text: decodeBody(
      textPart.header('Content-Transfer-Encoding'),
      textPart.body.replace(/\r?\n$/, ''),
    ).replace(/\r\n/g, '\n'),
  }
}

export type MailCatcher = {
  /** The SMTP_URL for the product. */
  smtpUrl: string
  /** The next e-mail to this address, waiting for it to arrive. */
  nextMailTo(address: string, timeoutMs?: number): Promise<ReceivedMail>
  close(): Promise<void>
}

/**
 * A real SMTP server on a free loopback port that keeps what it receives. It offers neither STARTTLS nor
 * authentication, so nodemailer delivers in plain SMTP as it would to a local relay.
 */
export async function startMailCatcher(): Promise<MailCatcher> {
  const received: ReceivedMail[] = []
  const waiters = new Set<() => void>()
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const recipients = session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase())
        received.push(parseMessage(Buffer.concat(chunks).toString('latin1'), recipients))
        for (const wake of waiters) wake()
        callback()
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const address = server.server.address()
  if (address === null || typeof address === 'string') throw new Error('The mail server has no port')

  return {
    smtpUrl: `smtp://127.0.0.1:${address.port}`,
    async nextMailTo(recipient, timeoutMs = 10_000) {
      const wanted = recipient.toLowerCase()
      const take = () => {
        const index = received.findIndex((mail) => mail.to.includes(wanted))
        return index === -1 ? null : received.splice(index, 1)[0]!
      }
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const mail = take()
        if (mail) return mail
        const remaining = deadline - Date.now()
        if (remaining <= 0) throw new Error(`No e-mail to ${recipient} arrived within ${timeoutMs} ms`)
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake)
            clearTimeout(timer)
            resolve()
          }
          const timer = setTimeout(wake, remaining)
          waiters.add(wake)
        })
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
