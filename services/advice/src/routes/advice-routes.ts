import { PassThrough } from 'node:stream'
import type { z } from 'zod'
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { api } from '@app/contracts/api'
import type {
  AdviceResponse,
  AdviceStreamEvent,
  DiscAnalysisRequestSchema,
  DiscCollaborationRequestSchema,
} from '@app/contracts/advice'
import { apiRouteOptions } from '@app/kit/api-route'
import { userOf } from '@app/kit/service'
import type { ZodTypeProvider } from '@app/kit/validation'
import type { AdviceProvider, AdviceRequest } from '../advice-request.ts'
import { adviceErrors } from '../errors.ts'
import type { ProfileLoader } from '../profile-loader.ts'
import type { AdviceRateLimit } from '../rate-limit.ts'

export interface AdviceRouteOptions {
  provider: AdviceProvider
  loadProfile: ProfileLoader
  rateLimit: AdviceRateLimit
  timeoutMs: number
}

type DiscAnalysisRequestBody = z.output<typeof DiscAnalysisRequestSchema>
type DiscCollaborationRequestBody = z.output<typeof DiscCollaborationRequestSchema>

const frame = (event: AdviceStreamEvent) => `data: ${JSON.stringify(event)}\n\n`

/**
 * Aborts when the provider takes too long or the caller goes away (a closed page, an aborted fetch, the
 * gateway dropping its upstream call): then the provider stops generating at once.
 */
function answerSignal(reply: FastifyReply, timeoutMs: number): { signal: AbortSignal; gone: AbortSignal } {
  const gone = new AbortController()
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) gone.abort()
  })
  return { signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), gone.signal]), gone: gone.signal }
}

function failed(log: FastifyBaseLogger, provider: AdviceProvider, error: unknown) {
  // The provider's own message, never the request: it may hold a profile or a key-bearing URL.
  log.warn(
    { provider: provider.name, reason: error instanceof Error ? error.message : 'unknown' },
    'AI provider failed',
  )
  return adviceErrors.providerFailed()
}

/** Writes each piece as an event as it comes, then `done`, or `error` when the provider fails mid-way. */
async function pump(
  first: IteratorResult<string, AdviceResponse>,
  generator: AsyncGenerator<string, AdviceResponse, undefined>,
  stream: PassThrough,
  { gone, log, provider }: { gone: AbortSignal; log: FastifyBaseLogger; provider: AdviceProvider },
) {
  let piecesSent = 0
  try {
    let step = first
    while (!step.done) {
      stream.write(frame({ type: 'token', text: step.value }))
      piecesSent += 1
      step = await generator.next()
    }
    stream.end(frame({ type: 'done', ...step.value }))
  } catch (error) {
    if (gone.aborted) {
      // Nobody is reading any more: the provider has stopped, and there is nothing to report to.
      log.info({ provider: provider.name, piecesSent }, 'advice stream stopped: the caller left')
      stream.destroy()
      return
    }
    const problem = failed(log, provider, error)
    stream.end(frame({ type: 'error', message: problem.message, code: problem.code }))
  }
}

/** The advice calls (docs/requirements.md section 7): one profile for one audience, or two profiles together; plain or streamed. */
export async function adviceRoutes(app: FastifyInstance, options: AdviceRouteOptions) {
  const { provider, loadProfile, rateLimit, timeoutMs } = options
  const routes = app.withTypeProvider<ZodTypeProvider>()

  /** Counts the question, then loads the profiles for the caller: a refusal here reaches no provider. */
  async function admit(request: FastifyRequest, reply: FastifyReply) {
    const identity = userOf(request)
    const wait = await rateLimit.hit(identity.userId)
    if (wait !== null) {
      reply.header('retry-after', String(wait))
      throw adviceErrors.tooManyQuestions(wait)
    }
    return identity
  }

  async function answerWhole(
    adviceRequest: AdviceRequest,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<AdviceResponse> {
    const generator = provider.answer(adviceRequest, answerSignal(reply, timeoutMs).signal, 'whole')
    try {
      for (;;) {
        const step = await generator.next()
        if (step.done) return step.value
      }
    } catch (error) {
      throw failed(request.log, provider, error)
    }
  }

  /**
   * Server-sent events. The first piece is awaited before answering, so a provider that fails at once is
   * an ordinary 503; after that, a failure is an `error` event at the end of the stream.
   */
  async function answerStream(adviceRequest: AdviceRequest, request: FastifyRequest, reply: FastifyReply) {
    const { signal, gone } = answerSignal(reply, timeoutMs)
    const generator = provider.answer(adviceRequest, signal, 'stream')
    let first: IteratorResult<string, AdviceResponse>
    try {
      first = await generator.next()
    } catch (error) {
      throw failed(request.log, provider, error)
    }
    const stream = new PassThrough()
    void pump(first, generator, stream, { gone, log: request.log, provider })
    return reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-cache, no-transform')
      .header('x-accel-buffering', 'no')
      .send(stream)
  }

  const analysis = async (
    request: FastifyRequest,
    reply: FastifyReply,
    body: DiscAnalysisRequestBody,
  ): Promise<AdviceRequest> => {
    const identity = await admit(request, reply)
    return {
      kind: 'analysis',
      subject: await loadProfile(identity, body.profileId),
      question: body.question,
      category: body.category,
      length: body.responseLength,
    }
  }
  const collaboration = async (
    request: FastifyRequest,
    reply: FastifyReply,
    body: DiscCollaborationRequestBody,
  ): Promise<AdviceRequest> => {
    const identity = await admit(request, reply)
    const [first, second] = await Promise.all([
      loadProfile(identity, body.myProfile.id),
      loadProfile(identity, body.theirProfile.id),
    ])
    return { kind: 'collaboration', first, second, question: body.question, length: body.responseLength }
  }

  routes.post(api.discAnalysis.path, apiRouteOptions(api.discAnalysis), async (request, reply) =>
    answerWhole(await analysis(request, reply, request.body), request, reply),
  )
  routes.post(api.discAnalysisStream.path, apiRouteOptions(api.discAnalysisStream), async (request, reply) =>
    answerStream(await analysis(request, reply, request.body), request, reply),
  )
  routes.post(api.discCollaboration.path, apiRouteOptions(api.discCollaboration), async (request, reply) =>
    answerWhole(await collaboration(request, reply, request.body), request, reply),
  )
  routes.post(
    api.discCollaborationStream.path,
    apiRouteOptions(api.discCollaborationStream),
    async (request, reply) => answerStream(await collaboration(request, reply, request.body), request, reply),
  )
}
