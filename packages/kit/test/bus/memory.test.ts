import { describe, expect, it } from 'vitest'
import { createMemoryEventBus } from '../../src/bus/memory.ts'
import { createEvent } from '../../src/bus/port.ts'
import { describeEventBusContract, testRetry } from './contract.ts'
import { createTestProcessedLog, waitFor } from './helpers.ts'

describeEventBusContract(
  'memory',
  async (processedLog) => createMemoryEventBus({ processedLog, retry: testRetry }),
  {
    deliveryTimeoutMs: 2000,
    quietMs: 50,
  },
)

describe('memory event bus', () => {
  it('delivers outside the publisher call stack', async () => {
    const bus = createMemoryEventBus({ processedLog: await createTestProcessedLog(), retry: testRetry })
    const order: string[] = []
    await bus.subscribe('users.imported.v1', async () => void order.push('handled'), { group: 'profiles' })
    await new Promise((resolve) => setImmediate(resolve))
    const publishing = bus.publish(createEvent('users.imported.v1', { userId: 1 }), 'user-1')
    order.push('published')
    await publishing
    order.push('publish resolved')
    await waitFor(() => order.length === 3, 1000, 'the delivery')
    expect(order).toEqual(['published', 'publish resolved', 'handled'])
    await bus.close()
  })

  it('keeps only the retained number of events for groups that subscribe later', async () => {
    const bus = createMemoryEventBus({
      processedLog: await createTestProcessedLog(),
      retry: testRetry,
      retention: 3,
    })
    for (let n = 1; n <= 5; n++) await bus.publish(createEvent('users.imported.v1', { n }), `user-${n}`)
    const seen: unknown[] = []
    await bus.subscribe('users.imported.v1', async (event) => void seen.push(event.data), { group: 'late' })
    await waitFor(() => seen.length === 3, 1000, 'the retained events')
    expect(seen).toEqual([{ n: 3 }, { n: 4 }, { n: 5 }])
    await bus.close()
  })
})
