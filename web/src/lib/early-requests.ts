/**
 * GET requests a page sends before the app's code has run (app/first-page.ts), so that their answers
 * travel beside the libraries instead of after them (docs/decisions/050-pages-start-beside-the-libraries.md).
 * The api client takes each answer once, for the same call it would have made itself.
 */
const started = new Map<string, Promise<Response>>()

/** Sent exactly as the api client sends a GET without options (lib/api-client.ts). */
export function startEarlyGet(path: string): void {
  if (started.has(path)) return
  const response = fetch(path, {
    method: 'GET',
    headers: { Accept: 'application/json' },
    credentials: 'include',
  })
  response.catch(() => undefined) // a failure reaches the caller that takes the answer
  started.set(path, response)
}

/** The early answer for this path, once; undefined when none was sent or it was taken already. */
export function takeEarlyGet(path: string): Promise<Response> | undefined {
  const response = started.get(path)
  started.delete(path)
  return response
}

/** After a change (any call that is not a GET), an answer fetched before it would be out of date. */
export function dropEarlyGets(): void {
  started.clear()
}
