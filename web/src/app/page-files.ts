import { FIRST_PAGE_FILES_ID } from './signed-in-modules.ts'

type FileList = { files: string[]; modules: Record<string, number[]> }

let list: FileList | null | undefined

/** The build's list of the files each listed module needs (build/first-page-script.ts); null in development. */
function fileList(): FileList | null {
  if (list === undefined) {
    const text = document.getElementById(FIRST_PAGE_FILES_ID)?.textContent
    list = text ? (JSON.parse(text) as FileList) : null
  }
  return list
}

const started = new Set<string>()

/**
 * Starts every file the modules (paths under src/, as `app/routes/history`) need, all at once rather than
 * each after the one that imports it. The build leaves preloading to this list instead of Vite's preload
 * helper, which every page would load (docs/decisions/065-first-pages-without-zod.md).
 */
export function preloadModuleFiles(modules: readonly string[]): void {
  const found = fileList()
  if (!found) return // the development server has no build to list
  for (const index of new Set(modules.flatMap((module) => found.modules[module] ?? []))) {
    const file = found.files[index]
    if (!file || started.has(file)) continue
    started.add(file)
    const link = document.createElement('link')
    link.rel = 'modulepreload'
    link.crossOrigin = '' // as the build's own script tags, so the preloaded module is the one used
    link.href = `/${file}`
    document.head.append(link)
  }
}
