import type { BenchProduct } from './product.ts'

/** A client of the product's API keeping one session cookie, as the browser does (Origin for CSRF). */
export class ApiClient {
  cookie: string | null = null
  constructor(readonly product: BenchProduct) {}

  async call(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
    const headers: Record<string, string> = { accept: 'application/json', origin: this.product.origin }
    if (body !== undefined) headers['content-type'] = 'application/json'
    if (this.cookie) headers.cookie = this.cookie
    const response = await fetch(new URL(path, this.product.url), {
      method,
      headers,
      body: body === undefined ? null : JSON.stringify(body),
    })
    const renewed = response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0]!)
      .find((pair) => pair.startsWith('session='))
    if (renewed) this.cookie = renewed === 'session=' ? null : renewed
    const text = await response.text()
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null }
  }

  async expect(status: number, method: string, path: string, body?: unknown): Promise<unknown> {
    const answer = await this.call(method, path, body)
    if (answer.status !== status)
      throw new Error(
        `${method} ${path}: ${answer.status}, expected ${status}: ${JSON.stringify(answer.body)}`,
      )
    return answer.body
  }
}

/** Runs `tasks` with at most `limit` in flight. */
export async function pool<T>(items: T[], limit: number, task: (item: T, index: number) => Promise<void>) {
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++
        await task(items[index]!, index)
      }
    }),
  )
}
