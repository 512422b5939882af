import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { annotateReactRouterPureCalls } from './build/annotate-pure-calls.ts'
import { firstPageScript } from './build/first-page-script.ts'
import { precompress } from './build/precompress.ts'

/** The libraries every page runs, the sign-in page too: one long-cached chunk, apart from the app's code. */
const LIBRARIES = /[\\/]node_modules[\\/](?:react|react-dom|scheduler)[\\/]/

/**
 * What every page of the app runs and the sign-in page's first load does without
 * (docs/decisions/065-first-pages-without-zod.md): react-router, TanStack Query and the app's own start, in
 * one chunk rather than a dozen small ones, each of which would cost its own request and compression.
 */
const APP_CORE =
  /[\\/]node_modules[\\/](?:react-router|react-router-dom|@tanstack[\\/][\w-]+)[\\/]|[\\/]src[\\/](?:app[\\/](?:app-start|app|router|router-services|route-guard|provider|layout[\\/](?:app-layout|main-navigation|account-controls))|features[\\/]auth[\\/](?:api[\\/]get-me|api[\\/]logout|session-ended)|lib[\\/](?:query-client|query-keys|query-refresh|access-refresh|assessment-progress))\.tsx?$/

/**
 * What the page's first script (src/app/first-page.ts) and main.tsx need: the route table and what a
 * session left in storage. No library, so that the first script runs before the libraries have arrived
 * (docs/decisions/050-pages-start-beside-the-libraries.md).
 */
const FIRST_SCRIPT =
  /[\\/]src[\\/](?:app[\\/](?:route-pages|signed-in-modules|page-files)|lib[\\/](?:early-requests|session-state))\.ts$|[\\/]packages[\\/]domain[\\/]src[\\/](?:spa-routes|roles)\.ts$/

/**
 * The frame every page shows and the sign-in page's first load runs without the app: listed so that the app
 * chunk, which takes the modules its start imports, leaves them to both (a module missing here makes /login
 * load the app chunk, which e2e/test/first-page-budget.test.ts catches).
 */
const FRAME =
  /[\\/]src[\\/](?:app[\\/](?:root-element|app-error-boundary|routes[\\/]app-error|layout[\\/](?:app-frame|app-header|app-footer|sister-logos))|components[\\/]ui[\\/](?:toast|link|logo|spinner|button-styles|form)|lib[\\/](?:app-services|api-client|current-user|stored-user|display-name)|features[\\/](?:branding[\\/]api[\\/]get-sister-logos|auth[\\/]api[\\/]fetch-me)|config[\\/]product)\.tsx?$/

const SIGN_IN_PIECES =
  /[\\/]src[\\/](?:features[\\/]auth[\\/]components[\\/](?:auth-page|password-input)|lib[\\/]redirect-target)\.tsx?$/

// The gateway serves dist/ at the same origin as /api, so the dev server proxies /api to a local gateway.
export default defineConfig(({ command, mode }) => {
  // A build is React's production build whatever NODE_ENV the shell holds (Vite would otherwise follow a
  // developer's NODE_ENV=development); `--mode development` still asks for a development build on purpose
  // (docs/decisions/030-phones-and-production-builds.md). Set before the plugins read it.
  if (command === 'build' && mode === 'production') process.env.NODE_ENV = 'production'
  return {
    plugins: [
      react(),
      tailwindcss(),
      annotateReactRouterPureCalls(),
      firstPageScript('src/app/first-page.ts'),
      precompress(),
    ],
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // No preload helper (about 1.3 kB of gzip on every page): the build lists each page's files in
      // index.html and app/page-files.ts starts them (docs/decisions/065-first-pages-without-zod.md).
      modulePreload: false,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              { name: 'libraries', test: LIBRARIES },
              { name: 'routes', test: FIRST_SCRIPT },
              { name: 'frame', test: FRAME },
              { name: 'app', test: APP_CORE },
              // The signed-out pages' small shared pieces in one chunk: four requests of a few hundred bytes
              // each cost /login more (per-chunk code, separate compression) than the bytes they save others.
              { name: 'sign-in', test: SIGN_IN_PIECES },
            ],
          },
        },
      },
    },
    server: { proxy: { '/api': 'http://localhost:8080' } },
    preview: { proxy: { '/api': 'http://localhost:8080' } },
  }
})
