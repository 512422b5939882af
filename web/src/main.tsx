import { startModuleOf } from './app/route-pages.ts'
import { SIGN_IN_START_MODULE } from './app/signed-in-modules.ts'
import './index.css'

// The sign-in page starts without react-router and TanStack Query, and hands over to the app at its first
// navigation; every other page starts the app (docs/decisions/065-first-pages-without-zod.md). first-page.ts
// has already started the chosen module's files beside the libraries.
if (startModuleOf(window.location.pathname) === SIGN_IN_START_MODULE) {
  void import('./app/sign-in-shell.tsx').then(({ startSignInPage }) => startSignInPage())
} else {
  void import('./app/app-start.tsx').then(({ startApp }) => startApp())
}
