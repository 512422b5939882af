import { KafkaContainer, type StartedKafkaContainer } from '@testcontainers/kafka'
import { Kafka, logLevel } from 'kafkajs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createKafkaEventBus } from '../../src/bus/kafka.ts'
import { createEvent } from '../../src/bus/port.ts'
import { describeEventBusContract, testRetry } from './contract.ts'
import { createTestProcessedLog, uniqueName, waitFor } from './helpers.ts'
import { dockerUnavailableReason } from '../../src/testing/containers.ts'

const skipReason = await dockerUnavailableReason()
if (skipReason) console.warn(`Skipping the Kafka event bus tests: ${skipReason}`)

describe.skipIf(skipReason !== null)('kafka event bus', () => {
  let container: StartedKafkaContainer
  let brokers: string[] = []

  beforeAll(async () => {
    container = await new KafkaContainer('confluentinc/cp-kafka:7.9.0').withKraft().start()
    brokers = [`${container.getHost()}:${container.getMappedPort(9093)}`]
  }, 180_000)
  afterAll(async () => {
    await container?.stop()
  })

  const busOptions = async () => ({
    brokers,
    clientId: uniqueName('client'),
    processedLog: await createTestProcessedLog(),
    retry: testRetry,
  })

  describeEventBusContract(
    'kafka',
    async (processedLog) => createKafkaEventBus({ ...(await busOptions()), processedLog }),
    {
      deliveryTimeoutMs: 30_000,
      quietMs: 1000,
      testTimeoutMs: 90_000,
    },
  )

  it('parks a malformed message found in the topic and keeps delivering', async () => {
    const bus = createKafkaEventBus(await busOptions())
    const topic = `contract.${uniqueName('topic')}.v1`
    const group = uniqueName('group')
    const handled: unknown[] = []
    await bus.subscribe(topic, async (event) => void handled.push(event.data), { group })

    const raw = new Kafka({ clientId: uniqueName('raw'), brokers, logLevel: logLevel.NOTHING })
    const producer = raw.producer()
    await producer.connect()
    await producer.send({ topic, messages: [{ key: 'user-1', value: '{not json' }] })
    await producer.disconnect()
    await bus.publish(createEvent(topic, { n: 1 }), 'user-1')
    await waitFor(() => handled.length === 1, 30_000, 'the valid event')

    const parked: { key: string; value: string; error: string; group: string }[] = []
    const watcher = raw.consumer({ groupId: uniqueName('dlq-watch') })
    await watcher.connect()
    await watcher.subscribe({ topics: [`${topic}.dlq`], fromBeginning: true })
    await watcher.run({
      eachMessage: async ({ message }) =>
        void parked.push({
          key: message.key?.toString() ?? '',
          value: message.value?.toString() ?? '',
          error: message.headers?.error?.toString() ?? '',
          group: message.headers?.group?.toString() ?? '',
        }),
    })
    await waitFor(() => parked.length === 1, 30_000, 'the dead letter')
    expect(parked).toEqual([{ key: 'user-1', value: '{not json', error: 'event is not JSON', group }])
    expect(handled).toEqual([{ n: 1 }])
    await watcher.disconnect()
    await bus.close()
  }, 90_000)
})
