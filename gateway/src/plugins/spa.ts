import { existsSync, statSync } from 'node:fs'
import { join, resolve, sep } from 'node:path'
import type { FastifyInstance } from 'fastify'
import fastifyStatic from '@fastify/static'

/** All-in-one mode: the built SPA, with index.html for every non-API path the browser navigates to. */
export async function registerSpa(app: FastifyInstance, root: string): Promise<void> {
  const webRoot = resolve(root)
  if (!existsSync(join(webRoot, 'index.html'))) throw new Error(`WEB_ROOT has no index.html: ${webRoot}`)
  await app.register(fastifyStatic, {
    root: webRoot,
    wildcard: false,
    index: false,
    // The web build writes .br and .gz beside each asset; the request's Accept-Encoding picks one.
    preCompressed: true,
    setHeaders: (reply, path) => {
      // Vite fingerprints asset names, so they never change; index.html must always be revalidated.
      reply.header(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      )
    },
  })
  app.get('/*', async (request, reply) => {
    const pathname = request.url.split('?', 1)[0]!
    if (/\.[a-z0-9]+$/i.test(pathname)) {
      let file = ''
      try {
        file = resolve(webRoot, `.${decodeURIComponent(pathname)}`)
      } catch {
        // A malformed escape cannot name a file.
      }
      if (!file.startsWith(`${webRoot}${sep}`) || !existsSync(file) || !statSync(file).isFile()) {
        return reply.status(404).send({ message: 'Not found', code: 'GATEWAY_NOT_FOUND' })
      }
      return reply.sendFile(file.slice(webRoot.length + 1))
    }
    return reply.type('text/html').sendFile('index.html')
  })
}
