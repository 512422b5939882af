import { PassThrough } from 'node:stream'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { ImportResult, ImportStreamEvent } from '@app/contracts/imports'
import type { ImportOutcome, LiveJob } from '../live-job.ts'

/** An answer from a job: one running here (followed live), or one that has ended (rebuilt from the store). */
export type JobAnswer = { live: LiveJob } | { result: ImportResult }

const frame = (event: ImportStreamEvent) => `data: ${JSON.stringify(event)}\n\n`

/**
 * How an import answers (decision record 013): as server-sent events when asked
 * (`Accept: text/event-stream`), else as JSON kept alive with spaces while the job runs.
 */
export function answer(request: FastifyRequest, reply: FastifyReply, job: JobAnswer, keepAliveMs: number) {
  const accept = request.headers.accept ?? ''
  return accept.includes('text/event-stream')
    ? answerEvents(reply, job, keepAliveMs)
    : answerJson(reply, job, keepAliveMs)
}

/** Server-sent events: progress at once, then as batches end, then the result (or an error). */
function answerEvents(reply: FastifyReply, job: JobAnswer, keepAliveMs: number) {
  const stream = new PassThrough()
  // The job runs on when the page goes away; writes to a closed answer are dropped.
  stream.on('error', () => undefined)
  const write = (text: string) => {
    if (!stream.destroyed && !stream.writableEnded) stream.write(text)
  }
  if ('result' in job) {
    const { result } = job
    const { jobId, totalRecords, successfulRecords, failedRecords } = result
    write(
      frame({
        type: 'progress',
        progress: {
          jobId,
          totalRecords,
          processedRecords: successfulRecords + failedRecords,
          successfulRecords,
          failedRecords,
        },
      }),
    )
    stream.end(frame({ type: 'result', result }))
  } else {
    write(frame({ type: 'progress', progress: job.live.progress() }))
    // A comment line while a batch waits on a slow service, so no proxy's idle timeout cuts the stream.
    const beat = setInterval(() => write(': keep-alive\n\n'), keepAliveMs)
    const unsubscribe = job.live.subscribe((event) => {
      write(frame(event))
      if (event.type !== 'progress' && !stream.writableEnded) {
        clearInterval(beat)
        stream.end()
      }
    })
    onGone(reply, () => {
      clearInterval(beat)
      unsubscribe()
      stream.destroy()
    })
  }
  return reply
    .header('content-type', 'text/event-stream; charset=utf-8')
    .header('cache-control', 'no-cache, no-transform')
    .header('x-accel-buffering', 'no')
    .send(stream)
}

/**
 * JSON. A job that ends soon answers as usual; a longer one sends its 200 headers and then a space every
 * `keepAliveMs` (JSON allows leading white space), so no proxy's header timeout cuts a long import.
 */
async function answerJson(reply: FastifyReply, job: JobAnswer, keepAliveMs: number) {
  if ('result' in job) return reply.send(job.result)
  let timer: NodeJS.Timeout | undefined
  const early = await Promise.race([
    job.live.done,
    new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), keepAliveMs)
    }),
  ])
  clearTimeout(timer)
  if (early) {
    if ('error' in early) throw early.error
    return reply.send(early.result)
  }
  const stream = new PassThrough()
  stream.on('error', () => undefined)
  const write = (text: string) => {
    if (!stream.destroyed && !stream.writableEnded) stream.write(text)
  }
  write(' ')
  const beat = setInterval(() => write(' '), keepAliveMs)
  onGone(reply, () => {
    clearInterval(beat)
    stream.destroy()
  })
  void job.live.done.then((outcome: ImportOutcome) => {
    clearInterval(beat)
    const body =
      'result' in outcome ? outcome.result : { message: outcome.error.message, code: outcome.error.code }
    if (!stream.destroyed && !stream.writableEnded) stream.end(JSON.stringify(body))
  })
  return reply.header('content-type', 'application/json; charset=utf-8').send(stream)
}

/**
 * Calls `gone` once when the caller goes away: the answer closes, or the caller's side of the connection
 * ends (a half-closed socket would otherwise wait for an answer nobody reads). The job runs on.
 */
function onGone(reply: FastifyReply, gone: () => void) {
  const socket = reply.raw.socket
  let called = false
  const once = () => {
    // A kept-alive connection serves later requests: it keeps no listener of this one.
    socket?.off('end', once)
    if (called) return
    called = true
    gone()
    if (!reply.raw.writableFinished) reply.raw.destroy()
  }
  reply.raw.once('close', once)
  socket?.once('end', once)
}
