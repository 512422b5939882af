/** Debian's Chromium, the browser of the browser tests and the Lighthouse bench (docs/architecture.md, Toolchain). */
export const CHROMIUM_PATH = '/usr/bin/chromium'

/** A sandboxed test browser: no GPU, no network beyond loopback, no background traffic. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1',
]
