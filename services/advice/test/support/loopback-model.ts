import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export type ModelBehaviour = (request: IncomingMessage, response: ServerResponse, attempt: number) => void

/** An OpenAI-compatible chat-completions server on loopback that records every request it receives. */
export async function startLoopbackModel() {
  const received: Array<{
    path: string
    headers: IncomingMessage['headers']
    body: Record<string, unknown>
  }> = []
  let behaviour: ModelBehaviour = streamText(['Hello'])
  const server = createServer((request, response) => {
    let text = ''
    request.on('data', (chunk: Buffer) => (text += chunk.toString()))
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: JSON.parse(text || '{}') })
      behaviour(request, response, received.length)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    received,
    behave(next: ModelBehaviour) {
      behaviour = next
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** Streams `pieces` as chat-completion chunks, `delayMs` apart; chunks may leave out optional fields. */
export function streamText(pieces: string[], delayMs = 0): ModelBehaviour {
  return (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream' })
    let index = 0
    const next = () => {
      if (response.destroyed) return
      if (index < pieces.length) {
        // The first chunk is as lean as llama.cpp's: no id, no model, only the delta.
        const chunk =
          index === 0
            ? { choices: [{ index: 0, delta: { role: 'assistant', content: pieces[index] } }] }
            : {
                id: 'c1',
                object: 'chat.completion.chunk',
                created: 1,
                model: 'm',
                choices: [{ index: 0, delta: { content: pieces[index] }, finish_reason: null }],
              }
        response.write(`data: ${JSON.stringify(chunk)}\n\n`)
        index += 1
        setTimeout(next, delayMs)
      } else {
        // A usage-only chunk with no choices, as OpenAI sends with stream_options.
        response.write(`data: ${JSON.stringify({ id: 'c1', choices: [], usage: { total_tokens: 3 } })}\n\n`)
        response.end('data: [DONE]\n\n')
      }
    }
    next()
  }
}
