import { setFlagsFromString } from 'node:v8'

/**
 * V8 settings of every product process, applied when this module is first imported (run-service.ts imports
 * it, and every entry imports run-service). Node refuses these flags in NODE_OPTIONS, so they are set here
 * rather than by the launchers; V8 reads both at each use, so setting them once the process runs is in time.
 *
 * Allocation-site pretenuring off (docs/decisions/069-no-pretenuring-and-group-commit.md): V8 otherwise starts
 * allocating an object literal's later copies straight in the old generation once most copies from that place
 * in the code survived a scavenge. A list built while the heap was busy (a load, a long answer) turned
 * per-request objects into old-generation garbage that only a major collection frees, and those collections
 * stalled the soak's windows.
 */
setFlagsFromString('--no-allocation-site-pretenuring')

/**
 * The old generation grows to twice what the last major collection kept before the next one
 * (docs/decisions/077-old-generation-grows-twofold.md). Left to itself, V8 judges its marking cheap beside
 * the product's slow promotion and collects once the old generation has grown by a tenth to a third: every
 * 10 to 20 s under load, each marking beside the requests on a machine whose cores they already use.
 * Twice is also below 100 s between collections at the soak's rates, past which V8's memory reducer forces one
 * that shrinks the young generation.
 */
setFlagsFromString('--heap-growing-percent=100')
