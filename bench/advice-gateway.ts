import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { signIn, startBenchProduct, type BenchProduct } from './product.ts'
import { option } from './support.ts'

/**
 * Advice through the gateway (issue 10, "Speed"), over the real all-in-one product (`startAllInOne` through
 * `product.ts`, API only):
 *
 * 1. `builtin`: the built-in advisor's answer time for `POST /api/ai/disc-analysis` with a signed-in session
 *    cookie (gateway → advice → profiles), questions, audiences and lengths rotating as in `advice.ts`.
 * 2. `ttft`: the time to the first streamed token, at the client, (a) straight from a loopback
 *    OpenAI-compatible model and (b) through the product (`POST /api/ai/disc-analysis/stream`, gateway →
 *    advice → the same model), the two alternating request by request. Budget: (b) at most 50 ms more than
 *    (a), at p50 and at p99.
 *
 * The per-user advice limit (AI_RATE_LIMIT, AI_RATE_WINDOW_SECONDS) and the gateway's per-address limit
 * (RATE_LIMIT_MAX) are raised for the run: the bench is one user asking thousands of questions.
 *
 * `npx tsx advice-gateway.ts [--mode builtin|ttft|both] [--requests 2000] [--stream-requests 200]
 *  [--gap-ms 20] [--check]`
 */
const mode = option('--mode') ?? 'both'
const REQUESTS = Number(option('--requests') ?? 2000)
const STREAM_REQUESTS = Number(option('--stream-requests') ?? 200)
/** The loopback model's pause between its first word and the rest of the answer. */
const GAP_MS = Number(option('--gap-ms') ?? 20)
const WARM_UP = 200
const STREAM_WARM_UP = 20
const TTFT_BUDGET_MS = 50

const RAISED_LIMITS = {
  AI_RATE_LIMIT: '100000',
  AI_RATE_WINDOW_SECONDS: '60',
  RATE_LIMIT_MAX: '1000000',
}

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!
}
function summary(timings: number[]) {
  const sorted = [...timings].sort((a, b) => a - b)
  return {
    requests: sorted.length,
    p50Ms: Number(percentile(sorted, 0.5).toFixed(2)),
    p99Ms: Number(percentile(sorted, 0.99).toFixed(2)),
    maxMs: Number(sorted.at(-1)!.toFixed(2)),
  }
}

/** Signs in as the product's first administrator and saves one DISC profile to ask about. */
async function signInWithProfile(product: BenchProduct) {
  const headers = {
    'content-type': 'application/json',
    origin: product.origin,
    cookie: await signIn(product),
  }
  const saved = await fetch(new URL('/api/assessments', product.url), {
    method: 'POST',
    headers,
    body: JSON.stringify({
      assessmentType: 'disc',
      name: 'Bench Person',
      dScore: 72,
      iScore: 58,
      sScore: 30,
      cScore: 41,
    }),
  })
  if (saved.status !== 201)
    throw new Error(`saving a profile answered ${saved.status}: ${await saved.text()}`)
  const { id } = (await saved.json()) as { id: number }
  return { headers, profileId: id }
}

async function builtinThroughGateway() {
  const product = await startBenchProduct({ ...RAISED_LIMITS, AI_PROVIDER: 'builtin' })
  try {
    const { headers, profileId } = await signInWithProfile(product)
    const url = new URL('/api/ai/disc-analysis', product.url)
    const questions = [
      'How do I motivate them?',
      'How should we handle conflict?',
      'How do they learn best?',
      'Strengths?',
    ]
    const categories = ['self', 'parents', 'educators', 'employers'] as const
    const timings: number[] = []
    let bytes = 0
    for (let index = 0; index < REQUESTS + WARM_UP; index += 1) {
      const started = performance.now()
      const response = await fetch(url, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          profileId,
          question: questions[index % questions.length],
          category: categories[index % categories.length],
          responseLength: index % 2 ? 'short' : 'long',
        }),
      })
      const body = await response.text()
      if (response.status !== 200) throw new Error(`answer ${index}: ${response.status} ${body}`)
      if (index >= WARM_UP) {
        timings.push(performance.now() - started)
        bytes += body.length
      }
    }
    const result = { ...summary(timings), meanAnswerBytes: Math.round(bytes / REQUESTS) }
    console.log(JSON.stringify({ measure: 'builtin answer through the gateway', ...result }))
    return result
  } finally {
    await product.close()
  }
}

/** An OpenAI-compatible model on loopback: the first word at once, the rest GAP_MS later. */
async function startModel() {
  /** When the latest request reached the model, and when its first word left (same clock as the client). */
  const last = { arrivedAt: 0, firstWordAt: 0 }
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    last.arrivedAt = performance.now()
    request.resume()
    request.on('end', () => {
      last.firstWordAt = performance.now()
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
      const chunk = (content: string) =>
        `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`
      response.write(chunk('First '))
      setTimeout(() => {
        if (!response.destroyed) response.end(`${chunk('and the rest.')}data: [DONE]\n\n`)
      }, GAP_MS)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    last,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/**
 * Reads a streamed answer to its end; answers the time from sending to the first chunk holding `marker`,
 * and the time to the end.
 */
async function timeFirstToken(
  url: string,
  init: RequestInit,
  marker: string,
): Promise<{ started: number; firstMs: number; totalMs: number; headers: Headers }> {
  const started = performance.now()
  const response = await fetch(url, init)
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${await response.text()}`)
  const reader = response.body!.getReader()
  const decoder = new TextDecoder()
  let text = ''
  let firstMs = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    text += decoder.decode(value, { stream: true })
    if (!firstMs && text.includes(marker)) firstMs = performance.now() - started
  }
  if (!firstMs) throw new Error(`no token in the stream from ${url}:\n${text}`)
  return { started, firstMs, totalMs: performance.now() - started, headers: response.headers }
}

async function firstTokenThroughGateway() {
  const model = await startModel()
  const product = await startBenchProduct({
    ...RAISED_LIMITS,
    AI_PROVIDER: 'openai',
    OPENAI_BASE_URL: model.baseUrl,
    OPENAI_MODEL: 'loopback',
    OPENAI_API_KEY: 'loopback',
  })
  try {
    const { headers, profileId } = await signInWithProfile(product)
    const direct = () =>
      timeFirstToken(
        `${model.baseUrl}/chat/completions`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: 'Bearer loopback' },
          body: JSON.stringify({
            model: 'loopback',
            stream: true,
            max_tokens: 900,
            messages: [
              { role: 'system', content: 'You are a DISC coach.' },
              { role: 'user', content: 'How do I communicate with them?' },
            ],
          }),
        },
        '"content":"First "',
      )
    const gateway = () =>
      timeFirstToken(
        new URL('/api/ai/disc-analysis/stream', product.url).href,
        {
          method: 'POST',
          // What the browser sends: it accepts compressed answers, which a stream must not get.
          headers: { ...headers, 'accept-encoding': 'gzip, deflate, br' },
          body: JSON.stringify({ profileId, question: 'How do I communicate with them?' }),
        },
        '"type":"token"',
      )
    const directTimes: number[] = []
    const gatewayTimes: number[] = []
    const gatewayTotals: number[] = []
    // Where the gateway path's extra time goes: before the model sees the request, and after its first word.
    const legs = {
      directToModel: [] as number[],
      directBack: [] as number[],
      gatewayToModel: [] as number[],
      gatewayBack: [] as number[],
    }
    let encoding: string | null = null
    for (let index = 0; index < STREAM_REQUESTS + STREAM_WARM_UP; index += 1) {
      // Alternating, so that both see the same machine load.
      const a = await direct()
      const directLeg = { ...model.last }
      const b = await gateway()
      const gatewayLeg = { ...model.last }
      encoding ??= b.headers.get('content-encoding') ?? 'none'
      if (index < STREAM_WARM_UP) continue
      directTimes.push(a.firstMs)
      gatewayTimes.push(b.firstMs)
      gatewayTotals.push(b.totalMs)
      legs.directToModel.push(directLeg.arrivedAt - a.started)
      legs.directBack.push(a.started + a.firstMs - directLeg.firstWordAt)
      legs.gatewayToModel.push(gatewayLeg.arrivedAt - b.started)
      legs.gatewayBack.push(b.started + b.firstMs - gatewayLeg.firstWordAt)
    }
    const directSummary = summary(directTimes)
    const gatewaySummary = summary(gatewayTimes)
    const result = {
      gapMs: GAP_MS,
      direct: directSummary,
      gateway: gatewaySummary,
      gatewayWholeStream: summary(gatewayTotals),
      gatewayContentEncoding: encoding,
      legs: Object.fromEntries(Object.entries(legs).map(([name, values]) => [name, summary(values)])),
      extraP50Ms: Number((gatewaySummary.p50Ms - directSummary.p50Ms).toFixed(2)),
      extraP99Ms: Number((gatewaySummary.p99Ms - directSummary.p99Ms).toFixed(2)),
    }
    console.log(JSON.stringify({ measure: 'time to first token, direct vs through the gateway', ...result }))
    return result
  } finally {
    await product.close()
    await model.close()
  }
}

let failed = false
if (mode === 'builtin' || mode === 'both') await builtinThroughGateway()
if (mode === 'ttft' || mode === 'both') {
  const result = await firstTokenThroughGateway()
  const over = result.extraP50Ms > TTFT_BUDGET_MS || result.extraP99Ms > TTFT_BUDGET_MS
  console.log(
    over
      ? `first token through the gateway is over budget: +${result.extraP50Ms} ms p50, +${result.extraP99Ms} ms p99 (budget +${TTFT_BUDGET_MS} ms)`
      : `first token budget met: +${result.extraP50Ms} ms p50, +${result.extraP99Ms} ms p99 (budget +${TTFT_BUDGET_MS} ms)`,
  )
  failed = over
}
if (failed && process.argv.includes('--check')) process.exitCode = 1
