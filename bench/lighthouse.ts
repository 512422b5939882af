/**
 * Lighthouse 12 (performance, default mobile simulation) on /login and, signed in, on `/` (the Ask page),
 * /history, /assessment, /collaborate and /share-profile, each beside a bare Vite + React page measured in
 * the same run, plus the gzip size of the JavaScript each page loaded.
 *
 * Lighthouse is not a dependency of the project: install it once into a folder of its own and point
 * LIGHTHOUSE_DIR at it (default /tmp/lh): `mkdir -p /tmp/lh && cd /tmp/lh && npm i lighthouse@12`.
 * Build the web app first: `npx -y pnpm@10 --filter @app/web build`. Then, from the repository root:
 * `CHROME_PATH=/usr/bin/chromium npx tsx bench/lighthouse.ts` (RUNS=3 by default; the median is reported;
 * REPORT_DIR=<folder> keeps every full JSON report; PAGES=/,/history measures only those, beside the bare page).
 */
import { existsSync } from 'node:fs'
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createRequire } from 'node:module'
import { extname, join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { startProduct } from '../e2e/src/product.ts'
import { writeCompressedCopies } from '../web/build/precompress.ts'
import { CHROMIUM_ARGS } from '@app/kit/testing/chromium'

const root = resolve(import.meta.dirname, '..')
const webDist = join(root, 'web', 'dist')
const lighthouseDir = process.env.LIGHTHOUSE_DIR ?? '/tmp/lh'
const runs = Number(process.env.RUNS ?? 3)
/** When set, every run's full JSON report is written there, to read its long tasks, bootup time and requests. */
const reportDirectory = process.env.REPORT_DIR
/** PAGES=/,/login measures only those pages (beside the bare page, always), to look at one page at a time. */
const onlyPages = process.env.PAGES?.split(',')
const chromeFlags = CHROMIUM_ARGS

type NetworkItem = { url: string; resourceType?: string; transferSize?: number }
type LighthouseResult = {
  lighthouseVersion: string
  runtimeError?: { code: string; message: string }
  categories: { performance: { score: number } }
  audits: Record<string, { numericValue?: number; details?: { items?: NetworkItem[] } }>
}
type RunLighthouse = (
  url: string,
  flags: Record<string, unknown>,
  config?: unknown,
) => Promise<{ lhr: LighthouseResult } | undefined>

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
}

/** The bare page: Vite + React rendering one heading, built with the web app's own Vite and plugin. */
async function buildBarePage(): Promise<string> {
  // Under web/node_modules so that 'react' resolves from the web app's dependencies; never committed.
  const directory = join(root, 'web', 'node_modules', '.cache', 'bare-vite-react')
  await rm(directory, { recursive: true, force: true })
  await mkdir(join(directory, 'src'), { recursive: true })
  await writeFile(
    join(directory, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1.0" /><meta name="description" content="Bare Vite and React page" /><title>Bare</title></head><body><div id="root"></div><script type="module" src="/src/main.jsx"></script></body></html>',
  )
  await writeFile(
    join(directory, 'src', 'main.jsx'),
    "import { StrictMode } from 'react'\nimport { createRoot } from 'react-dom/client'\ncreateRoot(document.getElementById('root')).render(<StrictMode><main><h1>Hello from Vite and React</h1></main></StrictMode>)\n",
  )
  const fromWeb = createRequire(join(root, 'web', 'package.json'))
  const vite = (await import(fromWeb.resolve('vite'))) as {
    build(config: Record<string, unknown>): Promise<unknown>
  }
  const react = ((await import(fromWeb.resolve('@vitejs/plugin-react'))) as { default: () => unknown })
    .default
  await vite.build({
    root: directory,
    logLevel: 'warn',
    configFile: false,
    plugins: [react() as never],
    build: { outDir: 'dist', emptyOutDir: true },
  })
  await writeCompressedCopies(join(directory, 'dist'))
  return join(directory, 'dist')
}

/** Serves a built folder with the same rule as the gateway: the .br or .gz copy the browser accepts. */
async function serveStatic(directory: string): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    void (async () => {
      const pathname = new URL(request.url ?? '/', 'http://x').pathname
      const file = join(directory, pathname === '/' ? 'index.html' : pathname)
      if (!file.startsWith(directory) || !existsSync(file)) {
        response.writeHead(404).end()
        return
      }
      const accepted = String(request.headers['accept-encoding'] ?? '')
      const encoding = ['br', 'gzip'].find(
        (candidate) =>
          accepted.includes(candidate) && existsSync(`${file}.${candidate === 'br' ? 'br' : 'gz'}`),
      )
      const body = await readFile(encoding ? `${file}.${encoding === 'br' ? 'br' : 'gz'}` : file)
      response.writeHead(200, {
        'content-type': MIME[extname(file)] ?? 'application/octet-stream',
        'cache-control': pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        vary: 'accept-encoding',
        ...(encoding ? { 'content-encoding': encoding } : {}),
      })
      response.end(body)
    })()
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }
}

/** The gzip size of every script a page loaded, from the build's own .gz copies. */
async function scriptGzipBytes(lhr: LighthouseResult, distDirectory: string): Promise<number> {
  const scripts = (lhr.audits['network-requests']?.details?.items ?? []).filter(
    (item) => item.resourceType === 'Script',
  )
  let total = 0
  for (const script of scripts) {
    const file = join(distDirectory, new URL(script.url).pathname)
    total += existsSync(`${file}.gz`)
      ? (await stat(`${file}.gz`)).size
      : gzipSync(await readFile(file), { level: 9 }).length
  }
  return total
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

async function main() {
  if (!existsSync(join(webDist, 'index.html')))
    throw new Error('Build the web app first (web/dist is missing)')
  const fromLighthouse = createRequire(join(lighthouseDir, 'package.json'))
  const lighthouse = ((await import(fromLighthouse.resolve('lighthouse'))) as { default: RunLighthouse })
    .default
  const chromeLauncher = (await import(fromLighthouse.resolve('chrome-launcher'))) as {
    launch(options: { chromePath?: string; chromeFlags: string[] }): Promise<{ port: number; kill(): void }>
  }

  const bareDist = await buildBarePage()
  const bare = await serveStatic(bareDist)
  const product = await startProduct()
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags,
  })
  try {
    const login = await fetch(`${product.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: product.url },
      body: JSON.stringify({
        username: product.administrator.email,
        password: product.administrator.password,
      }),
    })
    if (login.status !== 200) throw new Error(`login answered ${login.status}: ${await login.text()}`)
    const cookie = login.headers
      .getSetCookie()
      .map((header) => header.split(';', 1)[0])
      .join('; ')

    // Signed in as the administrator, who may open every page; the session cookie rides on every request.
    const signedIn = { cookie }
    const pages = [
      { name: 'bare Vite + React', url: `${bare.url}/`, dist: bareDist, headers: {} },
      { name: '/login', url: `${product.url}/login`, dist: webDist, headers: {} },
      ...['/', '/history', '/assessment', '/collaborate', '/share-profile'].map((path) => ({
        name: `${path} (signed in)`,
        url: `${product.url}${path}`,
        dist: webDist,
        headers: signedIn,
      })),
    ].filter((page) => !onlyPages || page.dist === bareDist || onlyPages.includes(page.name.split(' ')[0]!))
    const results = new Map<string, { scores: number[]; lcp: number[]; tbt: number[]; js: number[] }>()
    let version = ''
    for (let run = 0; run < runs; run += 1) {
      for (const page of pages) {
        let lhr: LighthouseResult | undefined
        // Lighthouse asks to be run again when its trace comes out broken (NO_NAVSTART on a busy machine).
        for (let attempt = 1; attempt <= 3 && (!lhr || lhr.runtimeError); attempt += 1) {
          const outcome = await lighthouse(page.url, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance'],
            extraHeaders: page.headers,
          })
          if (!outcome) throw new Error(`Lighthouse gave no result for ${page.url}`)
          lhr = outcome.lhr
        }
        if (!lhr || lhr.runtimeError)
          throw new Error(`Lighthouse failed three times on ${page.url}: ${lhr?.runtimeError?.code}`)
        version = lhr.lighthouseVersion
        if (reportDirectory) {
          await mkdir(reportDirectory, { recursive: true })
          const slug = page.name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')
          await writeFile(join(reportDirectory, `${slug}-${run + 1}.json`), JSON.stringify(lhr))
        }
        const entry = results.get(page.name) ?? { scores: [], lcp: [], tbt: [], js: [] }
        entry.scores.push(lhr.categories.performance.score)
        entry.lcp.push(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN)
        entry.tbt.push(lhr.audits['total-blocking-time']?.numericValue ?? NaN)
        entry.js.push(await scriptGzipBytes(lhr, page.dist))
        results.set(page.name, entry)
      }
    }
    console.log(`Lighthouse ${version}, ${runs} run(s) per page, medians (all scores in brackets):`)
    console.log('| Page | Performance | LCP | TBT | JavaScript loaded (gzip) |')
    console.log('| --- | --- | --- | --- | --- |')
    for (const [name, entry] of results) {
      console.log(
        `| ${name} | ${median(entry.scores).toFixed(2)} (${entry.scores.map((score) => score.toFixed(2)).join(', ')}) | ${(median(entry.lcp) / 1000).toFixed(2)} s | ${Math.round(median(entry.tbt))} ms | ${(median(entry.js) / 1000).toFixed(1)} kB |`,
      )
    }
  } finally {
    chrome.kill()
    await product.close()
    await new Promise((done) => bare.server.close(done))
  }
}

await main()
