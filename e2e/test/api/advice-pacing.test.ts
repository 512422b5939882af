import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { AdviceStreamEventSchema } from '@app/contracts/advice'
import { ApiSession, createAccount, SESSION_COOKIE } from '../../src/api.ts'
import { withLoggedProduct } from '../../src/logged-product.ts'

const dataDirectory = mkdtempSync(join(tmpdir(), 'advice-pacing-'))
afterAll(() => rmSync(dataDirectory, { recursive: true, force: true }))

/** Posts to a streaming advice route through the gateway, as the browser does (compression accepted). */
function postStream(url: string, sessionToken: string, path: string, body: object, signal?: AbortSignal) {
  return fetch(new URL(path, url), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'accept-encoding': 'gzip, br',
      origin: new URL(url).origin,
      cookie: `${SESSION_COOKIE}=${sessionToken}`,
    },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  })
}

describe('the built-in advisor’s answers through the gateway (docs/decisions/029-paced-advice-streams.md)', () => {
  it('arrive paced, first words within 300 ms, uncompressed; a caller who leaves stops the advisor', async () => {
    await withLoggedProduct(
      {
        DATA_DIR: dataDirectory,
        LOG_LEVEL: 'info',
        ADMIN_EMAIL: 'pacing@example.test',
        ADMIN_PASSWORD: 'pacing-admin-password',
      },
      async ({ url, output }) => {
        const admin = new ApiSession(url)
        await admin.login('pacing@example.test', 'pacing-admin-password')
        const owner = await createAccount(admin, 'standard', { firstName: 'Pace', lastName: 'Setter' })
        const saved = (await owner.session.expect(201, 'POST', '/api/assessments', {
          assessmentType: 'disc',
          dScore: 30,
          iScore: 80,
          sScore: 55,
          cScore: 20,
          name: 'Pace Setter',
        })) as { id: number }
        const token = owner.session.sessionToken!
        const question = { profileId: saved.id, question: 'How do I motivate them?', category: 'employers' }

        const started = performance.now()
        const response = await postStream(url, token, '/api/ai/disc-analysis/stream', question)
        expect(response.status).toBe(200)
        expect(response.headers.get('content-encoding')).toBeNull()
        const reads: Array<{ at: number; text: string }> = []
        const decoder = new TextDecoder()
        for await (const chunk of response.body!)
          reads.push({ at: performance.now() - started, text: decoder.decode(chunk, { stream: true }) })
        const tokenReads = reads.filter((read) => read.text.includes('"type":"token"'))
        expect(tokenReads[0]!.at).toBeLessThan(300)
        // Neither the gateway nor the service gathered the pieces into a few large reads.
        expect(tokenReads.length).toBeGreaterThan(40)
        expect(reads.at(-1)!.at - tokenReads[0]!.at).toBeGreaterThan(1500)
        const events = reads
          .map((read) => read.text)
          .join('')
          .split('\n\n')
          .filter((block) => block.startsWith('data: '))
          .map((block) => AdviceStreamEventSchema.parse(JSON.parse(block.slice(6))))
        const done = events.at(-1)!
        expect(done.type).toBe('done')
        const pieces = events.flatMap((event) => (event.type === 'token' ? [event.text] : []))
        expect(pieces.join('')).toBe(done.type === 'done' ? done.response : '')

        // The page closes after three reads: the gateway drops its call, and the advisor stops.
        const abort = new AbortController()
        const leaving = await postStream(
          url,
          token,
          '/api/ai/disc-collaboration/stream',
          { myProfile: { id: saved.id }, theirProfile: { id: saved.id }, question: 'How do we decide?' },
          abort.signal,
        )
        const reader = leaving.body!.getReader()
        for (let index = 0; index < 3; index += 1) await reader.read()
        abort.abort()
        await expect
          .poll(() => output(), { timeout: 3000 })
          .toContain('advice stream stopped: the caller left')
        const line = output()
          .split('\n')
          .find((entry) => entry.includes('the caller left'))!
        const { piecesSent } = JSON.parse(line) as { piecesSent: number }
        expect(piecesSent).toBeLessThan(pieces.length / 2)
        expect(output()).not.toContain('AI provider failed')
      },
    )
  })
})
