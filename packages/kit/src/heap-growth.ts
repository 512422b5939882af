import { setFlagsFromString } from 'node:v8'

/**
 * How far V8 lets the old generation grow past what the last major collection kept, before the next one:
 * 1.5× (decision 018). V8's own factor rises towards 4× when a process allocates fast, so under load a process
 * reserved two to three times its live data (a soak held 486 MiB of heap for 163 MiB live), and its memory
 * followed the request rate, not the data. V8 reads the factor after every major collection, so setting it when
 * a product process loads this module (every entry point imports run-service.ts) is in time.
 */
export const HEAP_GROWING_PERCENT = 50

setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`)
