import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEvent, type EventEnvelope } from '../../src/bus/port.ts'
import { createRedisEventBus, streamKey } from '../../src/bus/redis-streams.ts'
import { redisAvailable, startRedisServer, type RedisServer } from '../../src/testing/redis-server.ts'
import { describeEventBusContract, testRetry } from './contract.ts'
import { createTestProcessedLog, sleep, uniqueName, waitFor } from './helpers.ts'

if (!redisAvailable)
  console.warn('Skipping the Redis Streams bus tests: /usr/bin/redis-server is not installed')

describe.skipIf(!redisAvailable)('redis streams event bus', () => {
  let server: RedisServer
  let raw: Redis

  beforeAll(async () => {
    server = await startRedisServer()
    raw = new Redis(server.url)
  })
  afterAll(async () => {
    await raw?.quit()
    await server?.stop()
  })

  describeEventBusContract(
    'redis streams',
    async (processedLog) =>
      createRedisEventBus({
        url: server.url,
        consumerName: uniqueName('consumer'),
        processedLog,
        retry: testRetry,
      }),
    { deliveryTimeoutMs: 3000, quietMs: 150 },
  )

  const newTopic = () => `contract.${uniqueName('topic')}.v1`
  const busFor = async (claimIdleMs: number) =>
    createRedisEventBus({
      url: server.url,
      consumerName: uniqueName('consumer'),
      processedLog: await createTestProcessedLog(),
      retry: testRetry,
      claimIdleMs,
    })
  const pendingCount = async (topic: string, group: string) =>
    Number(((await raw.call('XPENDING', streamKey(topic), group)) as unknown[])[0])
  const deadLetters = async (topic: string) =>
    ((await raw.xrange(streamKey(`${topic}.dlq`), '-', '+')) as [string, string[]][]).map(([, fields]) =>
      Object.fromEntries(
        fields.flatMap((value, index) => (index % 2 === 0 ? [[value, fields[index + 1]]] : [])),
      ),
    )

  it('lets another consumer of the group take over, once, a message whose reader died before acknowledging it', async () => {
    const topic = newTopic()
    const group = uniqueName('group')
    await raw.call('XGROUP', 'CREATE', streamKey(topic), group, '0', 'MKSTREAM')
    const publisher = await busFor(1000)
    const event = createEvent(topic, { grant: 'g-1' })
    await publisher.publish(event, 'grant-1')

    // The dying consumer: reads the message on its own connection, then vanishes without XACK.
    const dying = new Redis(server.url)
    const read = await dying.call(
      'XREADGROUP',
      'GROUP',
      group,
      'dead-consumer',
      'COUNT',
      '1',
      'STREAMS',
      streamKey(topic),
      '>',
    )
    expect(JSON.stringify(read)).toContain(event.id)
    dying.disconnect()
    expect(await pendingCount(topic, group)).toBe(1)

    const handled: EventEnvelope[] = []
    const survivors = [await busFor(1000), await busFor(1000)]
    for (const survivor of survivors)
      await survivor.subscribe(topic, async (seen) => void handled.push(seen), { group })
    await waitFor(() => handled.length >= 1, 5000, 'the claimed message')
    await sleep(1200)
    expect(handled).toEqual([event])
    expect(await pendingCount(topic, group)).toBe(0)
    await Promise.all([publisher, ...survivors].map((bus) => bus.close()))
  })

  it('counts deliveries to dead consumers as attempts and parks the message once they reach maxAttempts', async () => {
    const topic = newTopic()
    const group = uniqueName('group')
    await raw.call('XGROUP', 'CREATE', streamKey(topic), group, '0', 'MKSTREAM')
    const bus = await busFor(200)
    const event = createEvent(topic, { crashes: 'every consumer' })
    await bus.publish(event, 'user-1')
    const id = (await raw.xrange(streamKey(topic), '-', '+'))[0]?.[0] ?? ''
    await raw.call('XREADGROUP', 'GROUP', group, 'dead-1', 'STREAMS', streamKey(topic), '>')
    await raw.call('XCLAIM', streamKey(topic), group, 'dead-2', '0', id)
    await raw.call('XCLAIM', streamKey(topic), group, 'dead-3', '0', id)

    let calls = 0
    await bus.subscribe(topic, async () => void calls++, { group, maxAttempts: 3 })
    await waitFor(async () => (await deadLetters(topic)).length === 1, 5000, 'the dead letter')
    const [parked] = await deadLetters(topic)
    expect(calls).toBe(0)
    expect(parked).toMatchObject({
      key: 'user-1',
      group,
      sourceId: id,
      error: 'delivered 4 times without success',
    })
    expect(JSON.parse(parked?.event ?? '')).toEqual(event)
    expect(await pendingCount(topic, group)).toBe(0)
    await bus.close()
  })

  it('parks a malformed message found in the stream and keeps delivering', async () => {
    const topic = newTopic()
    const bus = await busFor(30_000)
    const handled: unknown[] = []
    await bus.subscribe(topic, async (event) => void handled.push(event.data), { group: uniqueName('group') })
    await raw.xadd(streamKey(topic), '*', 'key', 'user-1', 'event', '{not json')
    await raw.xadd(streamKey(topic), '*', 'key', 'user-1', 'event', JSON.stringify({ id: 'x', type: topic }))
    await bus.publish(createEvent(topic, { n: 1 }), 'user-1')
    await waitFor(() => handled.length === 1, 3000, 'the valid event')
    const parked = await deadLetters(topic)
    expect(parked.map((entry) => entry.error)).toEqual([
      'event is not JSON',
      expect.stringMatching(/^invalid envelope: .*version/),
    ])
    expect(parked[0]).toMatchObject({ key: 'user-1', event: '{not json', attempts: '0' })
    expect(handled).toEqual([{ n: 1 }])
    await bus.close()
  })

  it('keeps consuming after Redis restarts empty on the same port', async () => {
    const own = await startRedisServer()
    const bus = createRedisEventBus({
      url: own.url,
      consumerName: 'restart-test',
      processedLog: await createTestProcessedLog(),
      retry: testRetry,
    })
    const topic = newTopic()
    const handled: unknown[] = []
    await bus.subscribe(topic, async (event) => void handled.push(event.data), { group: 'survivors' })
    await bus.publish(createEvent(topic, { n: 1 }), 'user-1')
    await waitFor(() => handled.length === 1, 3000, 'the first event')

    await own.stop()
    expect(await bus.ping()).toBe(false)
    const revived = await startRedisServer({ port: own.port, password: own.password })
    try {
      await waitFor(() => bus.ping(), 5000, 'the reconnection')
      // The group was lost with the data; the reader recreates it, then reads what is published next.
      const probe = new Redis(revived.url)
      const groupExists = () =>
        probe.call('XINFO', 'GROUPS', streamKey(topic)).then(
          (groups) => JSON.stringify(groups).includes('survivors'),
          () => false,
        )
      await waitFor(groupExists, 5000, 'the recreated group')
      await probe.quit()
      await bus.publish(createEvent(topic, { n: 2 }), 'user-1')
      await waitFor(() => handled.length === 2, 5000, 'the event after the restart')
      expect(handled).toEqual([{ n: 1 }, { n: 2 }])
    } finally {
      await bus.close()
      await revived.stop()
    }
  })
})
