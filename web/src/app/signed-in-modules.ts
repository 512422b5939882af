/**
 * What a signed-in page loads beside its own chunk, as module paths under src/: the header's page and
 * account buttons. first-page.ts starts them on a signed-in page, and the build
 * lists their files (build/first-page-script.ts). No imports: the build reads it too.
 */
export const SIGNED_IN_MODULES = ['app/layout/main-navigation', 'app/layout/account-controls']

/** The id of the build's list of the files each page needs, in index.html. */
export const FIRST_PAGE_FILES_ID = 'first-page-files'

/** Where the page modules live, under src/. */
export const PAGE_MODULES_FOLDER = 'app/routes/'

/**
 * The two ways a page starts, as module paths under src/: the app, or the sign-in page's own small start,
 * which runs without react-router and TanStack Query (docs/decisions/065-first-pages-without-zod.md).
 * main.tsx loads one of them; first-page.ts starts its files beside the libraries.
 */
export const APP_START_MODULE = 'app/app-start'
export const SIGN_IN_START_MODULE = 'app/sign-in-shell'
