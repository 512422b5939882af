import type { KeyValueStore } from './port.ts'

/**
 * Two stores behind one port, chosen by key (decision 020): `relaxed` holds the keys `isRelaxed` names, which
 * are written on nearly every request or save and may lose their last second in a crash of their store;
 * `durable` holds every other key (revocations above all), which must not. A slow fsync in the durable store
 * then holds only the rare writes that need it, not every request.
 */
export function createSplitKeyValueStore(
  durable: KeyValueStore,
  relaxed: KeyValueStore,
  isRelaxed: (key: string) => boolean,
): KeyValueStore {
  const storeOf = (key: string) => (isRelaxed(key) ? relaxed : durable)
  return {
    kind: durable.kind,
    get: (key) => storeOf(key).get(key),
    async getMany(keys) {
      const relaxedAt: number[] = []
      const durableAt: number[] = []
      keys.forEach((key, index) => (isRelaxed(key) ? relaxedAt : durableAt).push(index))
      const [fromRelaxed, fromDurable] = await Promise.all([
        relaxedAt.length > 0 ? relaxed.getMany(relaxedAt.map((index) => keys[index]!)) : [],
        durableAt.length > 0 ? durable.getMany(durableAt.map((index) => keys[index]!)) : [],
      ])
      const values = new Array<string | null>(keys.length)
      relaxedAt.forEach((index, position) => (values[index] = fromRelaxed[position] ?? null))
      durableAt.forEach((index, position) => (values[index] = fromDurable[position] ?? null))
      return values
    },
    set: (key, value, ttlMs) => storeOf(key).set(key, value, ttlMs),
    delete: (key) => storeOf(key).delete(key),
    increment: (key, ttlMs) => storeOf(key).increment(key, ttlMs),
    async ping() {
      const [first, second] = await Promise.all([durable.ping(), relaxed.ping()])
      return first && second
    },
    async close() {
      await Promise.all([durable.close(), relaxed.close()])
    },
  }
}
