import { resolve } from 'node:path'
import type { Plugin } from 'vite'

/**
 * Puts a second entry, which imports no library, before the app's own script in index.html: it runs as soon
 * as it arrives and starts the first page's chunk and data while the libraries chunk is still loading
 * (docs/decisions/050-pages-start-beside-the-libraries.md). Vite would fold a second script tag of
 * index.html into the app's entry, behind the libraries, so the tag is added here instead.
 */
export function firstPageScript(entry: string): Plugin {
  let root = process.cwd()
  return {
    name: 'first-page-script',
    config: (config) => {
      root = resolve(config.root ?? process.cwd())
      return {
        build: {
          rolldownOptions: {
            input: { index: resolve(root, 'index.html'), 'first-page': resolve(root, entry) },
          },
        },
      }
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const module = resolve(root, entry)
        if (!context.bundle) {
          return [{ tag: 'script', attrs: { type: 'module', src: `/${entry}` }, injectTo: 'head' }]
        }
        const chunk = Object.values(context.bundle).find(
          (output) => output.type === 'chunk' && output.isEntry && output.facadeModuleId === module,
        )
        if (!chunk || chunk.type !== 'chunk') throw new Error(`The build has no chunk for ${entry}`)
        // Before the app's script, so that the browser asks for it first.
        return [
          {
            tag: 'script',
            attrs: { type: 'module', crossorigin: true, src: `/${chunk.fileName}` },
            injectTo: 'head-prepend',
          },
        ]
      },
    },
  }
}
