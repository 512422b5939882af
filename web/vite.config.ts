import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { annotateReactRouterPureCalls } from './build/annotate-pure-calls.ts'
import { firstPageScript } from './build/first-page-script.ts'
import { precompress } from './build/precompress.ts'

/** The libraries every page runs: one long-cached chunk, apart from the app's code that changes often. */
const LIBRARIES =
  /[\\/]node_modules[\\/](?:\.pnpm[\\/])?(?:react|react-dom|scheduler|react-router|react-router-dom|@tanstack)[+@/\\]/

const SIGN_IN_PIECES =
  /[\\/]src[\\/](?:features[\\/]auth[\\/]components[\\/](?:auth-page|password-input)|lib[\\/]redirect-target|components[\\/]ui[\\/]form)\.tsx?$/

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
      // Every browser the build targets supports modulepreload, so the polyfill would be dead weight.
      modulePreload: { polyfill: false },
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              { name: 'libraries', test: LIBRARIES },
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
