// `npm run build:bundles [-- gateway services/auth ...]` compiles each process (the gateway and every service) into
// one ES module with its source map: <package>/dist/server.mjs. Workspace code and npm dependencies are bundled, so
// that start-up reads one file instead of resolving and transpiling hundreds; native modules and the optional
// drivers that dependencies load only when configured stay imports of the image's production node_modules. The
// images run these bundles (docs/decisions/010-compiled-images.md); tests and `npm start` keep tsx.
import { existsSync, readdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = resolve(import.meta.dirname, '..')

/** The folders of every Node process with its own image. */
export const processFolders = [
  'gateway',
  ...readdirSync(join(root, 'services'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(root, 'services', entry.name, 'package.json')))
    .map((entry) => `services/${entry.name}`)
    .sort(),
]

/**
 * Left out of the bundles: a native addon (argon2) and what dependencies require only when a feature is configured
 * (MongoDB's compression, Kerberos, cloud credentials and client-side encryption; pino's pretty printer).
 */
export const externalModules = [
  '@node-rs/argon2',
  'pino-pretty',
  'kerberos',
  'snappy',
  '@mongodb-js/zstd',
  '@aws-sdk/credential-providers',
  'gcp-metadata',
  'socks',
  'aws4',
  'mongodb-client-encryption',
]

// An ES module has no require; the CommonJS dependencies inside the bundle call it for Node's built-ins.
const requireShim =
  "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);"

/** Builds one process's bundle; returns the path of server.mjs. */
export async function buildBundle(folder: string): Promise<string> {
  const outfile = join(root, folder, 'dist/server.mjs')
  await build({
    absWorkingDir: join(root, folder),
    entryPoints: [join(root, folder, 'src/server.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    // Names stay readable in stack traces and logs; the bundle is not shipped to browsers.
    minify: false,
    keepNames: true,
    legalComments: 'none',
    logLevel: 'warning',
    external: externalModules,
    banner: { js: requireShim },
  })
  return outfile
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const requested = process.argv.slice(2)
  const unknown = requested.filter((folder) => !processFolders.includes(folder))
  if (unknown.length > 0) {
    console.error(`Unknown process folder: ${unknown.join(', ')} (one of ${processFolders.join(', ')})`)
    process.exit(1)
  }
  for (const folder of requested.length > 0 ? requested : processFolders)
    console.log(`${folder}: ${await buildBundle(folder)}`)
}
