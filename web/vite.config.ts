import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { annotateReactRouterPureCalls } from './build/annotate-pure-calls.ts'
import { precompress } from './build/precompress.ts'

/** The libraries every page runs: one long-cached chunk, apart from the app's code that changes often. */
const LIBRARIES =
  /[\\/]node_modules[\\/](?:\.pnpm[\\/])?(?:react|react-dom|scheduler|react-router|react-router-dom|@tanstack)[+@/\\]/

// The gateway serves dist/ at the same origin as /api, so the dev server proxies /api to a local gateway.
export default defineConfig({
  plugins: [react(), tailwindcss(), annotateReactRouterPureCalls(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every browser the build targets supports modulepreload, so the polyfill would be dead weight.
    modulePreload: { polyfill: false },
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'libraries', test: LIBRARIES }] } } },
  },
  server: { proxy: { '/api': 'http://localhost:8080' } },
  preview: { proxy: { '/api': 'http://localhost:8080' } },
})
