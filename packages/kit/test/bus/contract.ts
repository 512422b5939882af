import { afterAll, beforeAll, describe, expect, it as vitestIt } from 'vitest'
import { InvalidEventError, type RetryOptions } from '../../src/bus/delivery.ts'
import type { ProcessedEventLog } from '../../src/bus/idempotency.ts'
import { createEvent, type EventBus, type EventEnvelope } from '../../src/bus/port.ts'
import { createTestProcessedLog, sleep, uniqueName, waitFor } from './helpers.ts'

export interface BusContractOptions {
  /** Upper bound for one delivery to show up; Kafka needs more than the others. */
  deliveryTimeoutMs: number
  /** How long to watch for something that must not happen. */
  quietMs: number
  /** Per test; Kafka's group joins take seconds. Default: the configured test timeout. */
  testTimeoutMs?: number
}

/** Backoff used by every adapter under test: short, so retries finish within a test. */
export const testRetry: RetryOptions = { initialDelayMs: 20, maxDelayMs: 100 }

type BusFactory = (processedLog: ProcessedEventLog) => Promise<EventBus>

/** The event-bus port's contract, run unchanged against every adapter. */
export function describeEventBusContract(
  name: string,
  createBus: BusFactory,
  options: BusContractOptions,
): void {
  const { deliveryTimeoutMs, quietMs, testTimeoutMs } = options
  const it = (title: string, test: () => Promise<void>) => vitestIt(title, test, testTimeoutMs)

  describe(`event bus contract: ${name}`, () => {
    let bus: EventBus
    beforeAll(async () => {
      bus = await createBus(await createTestProcessedLog())
    })
    afterAll(async () => {
      await bus?.close()
    })

    const newTopic = () => `contract.${uniqueName('topic')}.v1`
    const received = (events: EventEnvelope[]) => events.map((event) => event.data)
    const collector = () => {
      const events: EventEnvelope[] = []
      return { events, handler: async (event: EventEnvelope) => void events.push(event) }
    }

    it('answers ping', async () => {
      expect(await bus.ping()).toBe(true)
    })

    it('delivers every event to every group', async () => {
      const topic = newTopic()
      const audit = collector()
      const mail = collector()
      await bus.subscribe(topic, audit.handler, { group: uniqueName('audit') })
      await bus.subscribe(topic, mail.handler, { group: uniqueName('mail') })
      for (const n of [1, 2, 3]) await bus.publish(createEvent(topic, { n }), 'user-1')
      await waitFor(
        () => audit.events.length === 3 && mail.events.length === 3,
        deliveryTimeoutMs,
        'both groups',
      )
      expect(received(audit.events)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }])
      expect(received(mail.events)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }])
      expect(audit.events[0]).toMatchObject({ type: topic, version: 1, id: expect.any(String) })
    })

    it('shares the events of a group among its members, each event to one member', async () => {
      const topic = newTopic()
      const group = uniqueName('workers')
      const first = collector()
      const second = collector()
      const slow = (handler: (event: EventEnvelope) => Promise<void>) => async (event: EventEnvelope) => {
        await sleep(5)
        await handler(event)
      }
      await bus.subscribe(topic, slow(first.handler), { group })
      await bus.subscribe(topic, slow(second.handler), { group })
      for (let n = 0; n < 30; n++) await bus.publish(createEvent(topic, { n }), `aggregate-${n}`)
      await waitFor(
        () => first.events.length + second.events.length >= 30,
        deliveryTimeoutMs,
        'all 30 events',
      )
      await sleep(quietMs)
      const all = [...first.events, ...second.events].map((event) => (event.data as { n: number }).n)
      expect(all.sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, n) => n))
      expect(first.events.length).toBeGreaterThan(0)
      expect(second.events.length).toBeGreaterThan(0)
    })

    it('keeps the order of the events of one key', async () => {
      const topic = newTopic()
      const seen = collector()
      // Uneven handling times would reorder the events if one key's events were handled concurrently.
      const uneven = async (event: EventEnvelope) => {
        await sleep((event.data as { n: number }).n % 3 === 0 ? 6 : 0)
        await seen.handler(event)
      }
      await bus.subscribe(topic, uneven, { group: uniqueName('projection') })
      for (let n = 0; n < 20; n++) {
        await bus.publish(createEvent(topic, { key: 'a', n }), 'invitation-a')
        await bus.publish(createEvent(topic, { key: 'b', n }), 'invitation-b')
      }
      await waitFor(() => seen.events.length === 40, deliveryTimeoutMs, '40 events')
      const orderOf = (key: string) =>
        seen.events
          .map((event) => event.data as { key: string; n: number })
          .filter((data) => data.key === key)
          .map((data) => data.n)
      expect(orderOf('a')).toEqual(Array.from({ length: 20 }, (_, n) => n))
      expect(orderOf('b')).toEqual(Array.from({ length: 20 }, (_, n) => n))
    })

    it('hands an event delivered twice to each group only once', async () => {
      const topic = newTopic()
      const first = collector()
      const second = collector()
      await bus.subscribe(topic, first.handler, { group: uniqueName('grants') })
      await bus.subscribe(topic, second.handler, { group: uniqueName('mails') })
      const event = createEvent(topic, { grant: 'g-1' })
      await bus.publish(event, 'grant-1')
      await bus.publish(event, 'grant-1')
      await bus.publish(createEvent(topic, { marker: true }), 'grant-1')
      await waitFor(
        () => first.events.length >= 2 && second.events.length >= 2,
        deliveryTimeoutMs,
        'the marker',
      )
      await sleep(quietMs)
      for (const events of [first.events, second.events]) {
        expect(events.filter((seen) => seen.id === event.id)).toHaveLength(1)
        expect(received(events)).toEqual([{ grant: 'g-1' }, { marker: true }])
      }
    })

    it('retries a failing handler with backoff until it succeeds', async () => {
      const topic = newTopic()
      const attempts: number[] = []
      const parked = collector()
      await bus.subscribe(`${topic}.dlq`, parked.handler, { group: uniqueName('dlq-watch') })
      await bus.subscribe(
        topic,
        async () => {
          attempts.push(Date.now())
          if (attempts.length < 3) throw new Error('database briefly unavailable')
        },
        { group: uniqueName('flaky'), maxAttempts: 5 },
      )
      await bus.publish(createEvent(topic, { n: 1 }), 'user-1')
      await waitFor(() => attempts.length === 3, deliveryTimeoutMs, 'three attempts')
      await sleep(quietMs)
      expect(attempts).toHaveLength(3)
      expect(parked.events).toEqual([])
      const [first = 0, second = 0, third = 0] = attempts
      expect(second - first).toBeGreaterThanOrEqual(10)
      expect(third - second).toBeGreaterThanOrEqual(second - first - 5)
    })

    it('parks a poison event in the dead-letter topic after maxAttempts and keeps delivering', async () => {
      const topic = newTopic()
      const parked = collector()
      const handled: unknown[] = []
      let poisonAttempts = 0
      await bus.subscribe(`${topic}.dlq`, parked.handler, { group: uniqueName('dlq-watch') })
      await bus.subscribe(
        topic,
        async (event) => {
          if ((event.data as { poison?: boolean }).poison) {
            poisonAttempts++
            throw new Error('cannot be handled')
          }
          handled.push(event.data)
        },
        { group: uniqueName('consumer'), maxAttempts: 3 },
      )
      const poison = createEvent(topic, { poison: true })
      await bus.publish(poison, 'user-1')
      await bus.publish(createEvent(topic, { n: 1 }), 'user-1')
      await bus.publish(createEvent(topic, { n: 2 }), 'user-2')
      await waitFor(
        () => parked.events.length === 1 && handled.length === 2,
        deliveryTimeoutMs,
        'the dead letter',
      )
      await sleep(quietMs)
      expect(poisonAttempts).toBe(3)
      expect(parked.events.map((event) => event.id)).toEqual([poison.id])
      expect(parked.events[0]).toEqual(poison)
      expect(handled).toEqual(expect.arrayContaining([{ n: 1 }, { n: 2 }]))
      expect(handled).toHaveLength(2)
    })

    it('parks an event its handler refuses as invalid (a forged one) on the first attempt', async () => {
      const topic = newTopic()
      const parked = collector()
      const handled: unknown[] = []
      let attempts = 0
      await bus.subscribe(`${topic}.dlq`, parked.handler, { group: uniqueName('dlq-watch') })
      await bus.subscribe(
        topic,
        async (event) => {
          if ((event.data as { forged?: boolean }).forged) {
            attempts++
            throw new InvalidEventError('not signed by its publisher')
          }
          handled.push(event.data)
        },
        { group: uniqueName('consumer'), maxAttempts: 5 },
      )
      const forged = createEvent(topic, { forged: true })
      await bus.publish(forged, 'user-1')
      await bus.publish(createEvent(topic, { n: 1 }), 'user-1')
      await waitFor(
        () => parked.events.length === 1 && handled.length === 1,
        deliveryTimeoutMs,
        'the parking',
      )
      await sleep(quietMs)
      expect(attempts).toBe(1)
      expect(parked.events.map((event) => event.id)).toEqual([forged.id])
    })

    it('refuses a malformed envelope or key on publish', async () => {
      const topic = newTopic()
      const seen = collector()
      await bus.subscribe(topic, seen.handler, { group: uniqueName('strict') })
      const valid = createEvent(topic, { n: 1 })
      const malformed: unknown[] = [
        { ...valid, id: '' },
        { ...valid, occurredAt: 'yesterday' },
        { ...valid, version: 0 },
        { id: valid.id, type: topic, version: 1, data: {} },
      ]
      for (const event of malformed) {
        await expect(bus.publish(event as EventEnvelope, 'user-1')).rejects.toBeInstanceOf(InvalidEventError)
      }
      await expect(bus.publish(valid, '')).rejects.toBeInstanceOf(InvalidEventError)
      await expect(bus.publish({ ...valid, type: 'Not A Topic' }, 'user-1')).rejects.toBeInstanceOf(
        InvalidEventError,
      )
      await bus.publish(valid, 'user-1')
      await waitFor(() => seen.events.length === 1, deliveryTimeoutMs, 'the valid event')
      await sleep(quietMs)
      expect(seen.events).toEqual([valid])
    })

    it('delivers events published before the group subscribed', async () => {
      const topic = newTopic()
      await bus.publish(createEvent(topic, { n: 1 }), 'user-1')
      await bus.publish(createEvent(topic, { n: 2 }), 'user-1')
      const late = collector()
      await bus.subscribe(topic, late.handler, { group: uniqueName('late') })
      await waitFor(() => late.events.length === 2, deliveryTimeoutMs, 'the earlier events')
      expect(received(late.events)).toEqual([{ n: 1 }, { n: 2 }])
    })

    it('stops delivering to a closed subscription, and the group resumes where it stopped', async () => {
      const topic = newTopic()
      const group = uniqueName('resumable')
      const before = collector()
      const subscription = await bus.subscribe(topic, before.handler, { group })
      await bus.publish(createEvent(topic, { n: 1 }), 'user-1')
      await waitFor(() => before.events.length === 1, deliveryTimeoutMs, 'the first event')
      await subscription.close()
      await bus.publish(createEvent(topic, { n: 2 }), 'user-1')
      await sleep(quietMs)
      expect(received(before.events)).toEqual([{ n: 1 }])

      const after = collector()
      await bus.subscribe(topic, after.handler, { group })
      await waitFor(() => after.events.length === 1, deliveryTimeoutMs, 'the event published while away')
      await sleep(quietMs)
      expect(received(after.events)).toEqual([{ n: 2 }])
    })

    it('stops everything when the bus is closed', async () => {
      const own = await createBus(await createTestProcessedLog())
      const topic = newTopic()
      const seen = collector()
      await own.subscribe(topic, seen.handler, { group: uniqueName('closing') })
      await own.publish(createEvent(topic, { n: 1 }), 'user-1')
      await waitFor(() => seen.events.length === 1, deliveryTimeoutMs, 'the first event')
      await own.close()
      await expect(own.publish(createEvent(topic, { n: 2 }), 'user-1')).rejects.toThrow()
      await bus.publish(createEvent(topic, { n: 3 }), 'user-1')
      await sleep(quietMs)
      expect(received(seen.events)).toEqual([{ n: 1 }])
    })
  })
}
