import type { EventBus } from '@app/kit/bus/port'
import { KeyValueUnavailableError, type KeyValueStore } from '@app/kit/kv/port'
import type { Collection, DocumentStore } from '@app/kit/store/port'

type Port = 'store' | 'kv' | 'bus'

/**
 * Real adapters wrapped so that the Nth operation started while a piece of work runs throws: a
 * document-store call, a key-value call or a publish (or only those of one port). Used to fail a
 * multi-step change between each of its steps. Work done meanwhile by a timer would count too: tests keep
 * timers out of the window, or count only a port the timer does not use.
 */
export function createFailureSwitch() {
  let armed: { nth: number; count: number; port: Port | undefined } | null = null
  return {
    /** Runs `task`, failing the `nth` operation (1-based) started until it ends; returns its result and count. */
    async failNth<T>(
      nth: number,
      task: () => Promise<T>,
      port?: Port,
    ): Promise<{ result: T; operations: number }> {
      const counter = { nth, count: 0, port }
      armed = counter
      try {
        return { result: await task(), operations: counter.count }
      } finally {
        armed = null
      }
    },
    /** Throws when the operation being started is the one to fail. */
    step(port: Port, what: string, failure: () => Error) {
      const counter = armed
      if (!counter || (counter.port !== undefined && counter.port !== port)) return
      counter.count += 1
      if (counter.count === counter.nth) {
        const error = failure()
        error.message = `${error.message} (failed on purpose: operation ${counter.count}, ${what})`
        throw error
      }
    },
  }
}
export type FailureSwitch = ReturnType<typeof createFailureSwitch>

const storeFailure = () => Object.assign(new Error('the document store is unavailable'), { statusCode: 503 })
const keyValueFailure = () => new KeyValueUnavailableError('the key-value store is unavailable')

export function failingStore(store: DocumentStore, failures: FailureSwitch): DocumentStore {
  return {
    kind: store.kind,
    ping: () => store.ping(),
    compact: () => store.compact(),
    close: () => store.close(),
    async collection(name, options) {
      const collection = await store.collection(name, options)
      return new Proxy(collection, {
        get(target, property, receiver) {
          const value = Reflect.get(target, property, receiver) as unknown
          if (typeof value !== 'function') return value
          return async (...args: unknown[]) => {
            failures.step('store', `${name}.${String(property)}`, storeFailure)
            return (value as (...inner: unknown[]) => unknown).apply(target, args)
          }
        },
      }) as typeof collection satisfies Collection<unknown>
    },
  }
}

export function failingKeyValueStore(kv: KeyValueStore, failures: FailureSwitch): KeyValueStore {
  const guarded =
    <A extends unknown[], R>(what: string, call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      failures.step('kv', what, keyValueFailure)
      return call(...args)
    }
  return {
    kind: kv.kind,
    get: guarded('get', (key) => kv.get(key)),
    getMany: guarded('getMany', (keys) => kv.getMany(keys)),
    set: guarded('set', (key, value, ttlMs) => kv.set(key, value, ttlMs)),
    delete: guarded('delete', (key) => kv.delete(key)),
    increment: guarded('increment', (key, ttlMs) => kv.increment(key, ttlMs)),
    ping: () => kv.ping(),
    close: () => kv.close(),
  }
}

export function failingBus(bus: EventBus, failures: FailureSwitch): EventBus {
  return {
    kind: bus.kind,
    async publish(event, key) {
      // An audit record is published once the change is done, and its loss does not fail the change
      // (docs/decisions/059-audit-log.md): it is no step of a multi-step change.
      if (event.type.startsWith('audit.')) return bus.publish(event, key)
      failures.step('bus', event.type, () => new Error('the event bus is unavailable'))
      return bus.publish(event, key)
    },
    subscribe: (topic, handler, options) => bus.subscribe(topic, handler, options),
    ping: () => bus.ping(),
    close: () => bus.close(),
  }
}
