import type { Plugin } from 'vite'

/** react-router's own files, wherever pnpm puts them. */
const REACT_ROUTER_FILE = /[\\/]react-router[\\/]dist[\\/].+\.m?js$/
/** `React.forwardRef(`, `React10.createContext(`, `React3.memo(` at any nesting. */
const FACTORY_CALL = /(?<![\w$.])(React\d*\.(?:forwardRef|createContext|memo)\()/g
/** `NavLink.displayName = "NavLink";` on its own line. */
const DISPLAY_NAME = /^[\w$]+\.displayName = "[^"\n]*";$/gm

/**
 * react-router 7 creates its components and contexts at the top level (`React.forwardRef(...)`,
 * `React.createContext(...)`) without a `@__PURE__` mark, and then names them (`NavLink.displayName = ...`).
 * The bundler must keep such statements, so NavLink, Form, ScrollRestoration and the framework-mode
 * prefetching they use ship to every page, used or not. Marking those calls pure and dropping the names
 * (seen only in React DevTools) lets tree-shaking remove what the app does not import: about 2 kB of gzip
 * on every page. Should react-router change its output, nothing matches and the bundle is only larger.
 */
export function annotateReactRouterPureCalls(): Plugin {
  return {
    name: 'annotate-react-router-pure-calls',
    apply: 'build',
    transform(code, id) {
      if (!REACT_ROUTER_FILE.test(id)) return null
      return { code: code.replace(FACTORY_CALL, '/* @__PURE__ */ $1').replace(DISPLAY_NAME, ''), map: null }
    },
  }
}
