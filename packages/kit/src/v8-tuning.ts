import { setFlagsFromString } from 'node:v8'

/**
 * V8 settings of every product process, applied when this module is first imported (run-service.ts imports
 * it, and every entry imports run-service). Node refuses this flag in NODE_OPTIONS, so it is set here rather
 * than by the launchers.
 *
 * Allocation-site pretenuring off (docs/decisions/069-no-pretenuring-and-group-commit.md): V8 otherwise starts
 * allocating an object literal's later copies straight in the old generation once most copies from that place
 * in the code survived a scavenge. A list built while the heap was busy (a load, a long answer) turned
 * per-request objects into old-generation garbage that only a major collection frees, and those collections
 * stalled the soak's windows.
 */
setFlagsFromString('--no-allocation-site-pretenuring')
