import { relative, resolve } from 'node:path'
import type { Plugin, Rolldown } from 'vite'
import {
  APP_START_MODULE,
  FIRST_PAGE_FILES_ID,
  PAGE_MODULES_FOLDER,
  SIGN_IN_START_MODULE,
  SIGNED_IN_MODULES,
} from '../src/app/signed-in-modules.ts'

/** The modules listed beside the pages: how a page starts, and what a signed-in page loads. */
const LISTED_MODULES = [APP_START_MODULE, SIGN_IN_START_MODULE, ...SIGNED_IN_MODULES]

type OutputBundle = Rolldown.OutputBundle
type OutputChunk = Rolldown.OutputChunk

function chunksOf(bundle: OutputBundle): OutputChunk[] {
  return Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk')
}

/** The chunk and every chunk it imports, as the browser would fetch them one after the other. */
function withImports(chunk: OutputChunk, byName: Map<string, OutputChunk>, into = new Set<string>()) {
  if (into.has(chunk.fileName)) return into
  into.add(chunk.fileName)
  for (const name of chunk.imports) {
    const imported = byName.get(name)
    if (imported) withImports(imported, byName, into)
  }
  return into
}

/**
 * For each page module, each way a page starts and what a signed-in page loads beside its page, the files
 * it needs that index.html does not already load: first-page.ts preloads the first page's from this list.
 */
function fileList(bundle: OutputBundle, root: string) {
  const chunks = chunksOf(bundle)
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
  const loaded = new Set<string>()
  for (const chunk of chunks) if (chunk.isEntry) withImports(chunk, byName, loaded)
  const files: string[] = []
  const modules: Record<string, number[]> = {}
  for (const chunk of chunks) {
    if (!chunk.isDynamicEntry || !chunk.facadeModuleId) continue
    const name = relative(resolve(root, 'src'), chunk.facadeModuleId).replace(/\.tsx?$/, '')
    if (!name.startsWith(PAGE_MODULES_FOLDER) && !LISTED_MODULES.includes(name)) continue
    modules[name] = [...withImports(chunk, byName)]
      .filter((file) => !loaded.has(file))
      .map((file) => (files.includes(file) ? files.indexOf(file) : files.push(file) - 1))
  }
  return { files, modules }
}

/**
 * Puts a second entry, which imports no library, before the app's own script in index.html, with the list
 * of the files each page needs: it runs as soon as it arrives and starts the first page's chunks and data
 * while the libraries chunk is still loading (docs/decisions/050-pages-start-beside-the-libraries.md). Vite
 * would fold a second script tag of index.html into the app's entry, behind the libraries, so the tag is
 * added here instead.
 */
export function firstPageScript(entry: string): Plugin {
  let root = process.cwd()
  return {
    name: 'first-page-script',
    config: (config) => {
      root = resolve(config.root ?? process.cwd())
      const input = { index: resolve(root, 'index.html'), 'first-page': resolve(root, entry) }
      return { build: { rolldownOptions: { input } } }
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (!context.bundle) {
          return [{ tag: 'script', attrs: { type: 'module', src: `/${entry}` }, injectTo: 'head' }]
        }
        const module = resolve(root, entry)
        const chunk = chunksOf(context.bundle).find(
          (output) => output.isEntry && output.facadeModuleId === module,
        )
        if (!chunk) throw new Error(`The build has no chunk for ${entry}`)
        const byName = new Map(chunksOf(context.bundle).map((output) => [output.fileName, output]))
        // What the app's own script imports, asked for with the HTML rather than after that script arrives
        // (the build's modulePreload is off: vite.config.ts).
        const entryImports = chunksOf(context.bundle)
          .filter((output) => output.isEntry && output !== chunk)
          .flatMap((output) => [...withImports(output, byName)].filter((file) => file !== output.fileName))
        return [
          ...[...new Set(entryImports)].map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
          // First, so that the browser asks for it before the app's script and the libraries.
          {
            tag: 'script',
            attrs: { type: 'module', crossorigin: true, src: `/${chunk.fileName}` },
            injectTo: 'head-prepend',
          },
          {
            tag: 'script',
            attrs: { type: 'application/json', id: FIRST_PAGE_FILES_ID },
            children: JSON.stringify(fileList(context.bundle, root)),
            injectTo: 'head',
          },
        ]
      },
    },
  }
}
