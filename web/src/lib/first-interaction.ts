const FIRST_INTERACTIONS = ['pointermove', 'pointerdown', 'focusin', 'keydown'] as const

/**
 * Runs `start` once, at the visitor's first move, touch, focus or key anywhere on the page: code a page may
 * need later (a form's validation, drag and drop, the app behind the sign-in page) loads then, before it is
 * used, without being part of the page's first load (docs/decisions/065-first-pages-without-zod.md).
 * Answers a function that cancels it.
 */
export function onFirstInteraction(start: () => void): () => void {
  const stop = () => {
    for (const type of FIRST_INTERACTIONS) document.removeEventListener(type, run, true)
  }
  const run = () => {
    stop()
    start()
  }
  for (const type of FIRST_INTERACTIONS)
    document.addEventListener(type, run, { capture: true, passive: true })
  return stop
}
