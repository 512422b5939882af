import {
  checkEnvelope,
  deadLetterTopic,
  DEFAULT_MAX_ATTEMPTS,
  InvalidEventError,
  backoffDelay,
  describeError,
  silentLogger,
  sleep,
  validateForPublish,
  type EventBusOptions,
} from './delivery.ts'
import { idempotent } from './idempotency.ts'
import type { EventBus, EventHandler, Subscription } from './port.ts'

export interface MemoryEventBusOptions extends EventBusOptions {
  /** Events kept per topic for groups that subscribe later (like a stream's MAXLEN). Default 10,000. */
  retention?: number
}

interface Message {
  key: string
  event: unknown
}

interface Member {
  handler: EventHandler
  maxAttempts: number
  running: Set<Promise<void>>
}

interface Pending {
  message: Message
  attempts: number
}

interface Group {
  name: string
  /** Offset of the next topic message to hand to a lane. */
  cursor: number
  members: Member[]
  turn: number
  /** One queue per partition key, worked through one event at a time: the key's order is kept. */
  lanes: Map<string, Pending[]>
  busyLanes: Set<string>
}

interface Topic {
  name: string
  messages: Message[]
  /** Offset of messages[0]; rises as old messages fall out of the retention window. */
  firstOffset: number
  groups: Map<string, Group>
}

/**
 * The embedded bus for the all-in-one process. It behaves like the networked ones: delivery is
 * asynchronous, each group gets every event, members of a group share them, and failures are retried
 * with backoff and then parked in `<topic>.dlq`.
 */
export function createMemoryEventBus(options: MemoryEventBusOptions): EventBus {
  const retention = options.retention ?? 10_000
  const logger = options.logger ?? silentLogger
  const topics = new Map<string, Topic>()
  const subscriptions = new Set<Subscription>()
  const stopping = new AbortController()
  let closed = false

  const topicNamed = (name: string): Topic => {
    let topic = topics.get(name)
    if (!topic) {
      topic = { name, messages: [], firstOffset: 0, groups: new Map() }
      topics.set(name, topic)
    }
    return topic
  }

  const append = (topicName: string, message: Message) => {
    const topic = topicNamed(topicName)
    topic.messages.push(message)
    if (topic.messages.length > retention) {
      const dropped = topic.messages.length - retention
      topic.messages.splice(0, dropped)
      topic.firstOffset += dropped
    }
    // Never inside the publisher's call stack: a handler's failure or slowness is not the publisher's.
    setImmediate(() => {
      for (const group of topic.groups.values()) dispatch(topic, group)
    })
  }

  const dispatch = (topic: Topic, group: Group) => {
    if (closed) return
    group.cursor = Math.max(group.cursor, topic.firstOffset)
    const end = topic.firstOffset + topic.messages.length
    for (; group.cursor < end; group.cursor++) {
      const message = topic.messages[group.cursor - topic.firstOffset]
      if (!message) continue
      const lane = group.lanes.get(message.key) ?? []
      lane.push({ message, attempts: 0 })
      group.lanes.set(message.key, lane)
    }
    for (const key of group.lanes.keys()) if (!group.busyLanes.has(key)) void workLane(topic, group, key)
  }

  const nextMember = (group: Group): Member | undefined => {
    const member = group.members[group.turn % Math.max(group.members.length, 1)]
    group.turn++
    return member
  }

  const workLane = async (topic: Topic, group: Group, key: string) => {
    group.busyLanes.add(key)
    try {
      const lane = group.lanes.get(key) ?? []
      while (lane[0] && !closed) {
        if (!(await deliver(topic, group, lane[0]))) return
        lane.shift()
      }
      if (lane.length === 0) group.lanes.delete(key)
    } finally {
      group.busyLanes.delete(key)
    }
  }

  /** Returns false when the group has no member left: the lane waits for the next subscriber. */
  const deliver = async (topic: Topic, group: Group, pending: Pending): Promise<boolean> => {
    const checked = checkEnvelope(pending.message.event)
    if (!checked.ok) {
      parkDeadLetter(topic, group, pending, checked.reason)
      return true
    }
    for (;;) {
      const member = nextMember(group)
      if (!member || closed) return false
      pending.attempts++
      const attempt = member.handler(checked.event)
      member.running.add(attempt)
      try {
        await attempt
        return true
      } catch (error) {
        if (pending.attempts >= member.maxAttempts || error instanceof InvalidEventError) {
          parkDeadLetter(topic, group, pending, describeError(error))
          return true
        }
        logger.warn(
          {
            topic: topic.name,
            group: group.name,
            eventId: checked.event.id,
            attempts: pending.attempts,
            err: describeError(error),
          },
          'event handler failed, retrying',
        )
      } finally {
        member.running.delete(attempt)
      }
      await sleep(backoffDelay(pending.attempts, options.retry), stopping.signal)
    }
  }

  const parkDeadLetter = (topic: Topic, group: Group, pending: Pending, reason: string) => {
    logger.warn(
      { topic: topic.name, group: group.name, attempts: pending.attempts, reason },
      'event parked in the dead-letter topic',
    )
    append(deadLetterTopic(topic.name), pending.message)
  }

  return {
    kind: 'memory',
    async publish(event, key) {
      if (closed) throw new Error('The event bus is closed')
      const valid = validateForPublish(event, key)
      append(valid.type, { key, event: structuredClone(valid) })
    },
    async subscribe(topicName, handler, subscribeOptions) {
      if (closed) throw new Error('The event bus is closed')
      const topic = topicNamed(topicName)
      let group = topic.groups.get(subscribeOptions.group)
      if (!group) {
        // A new group starts from the oldest retained event, so nothing published before it is lost.
        group = {
          name: subscribeOptions.group,
          cursor: topic.firstOffset,
          members: [],
          turn: 0,
          lanes: new Map(),
          busyLanes: new Set(),
        }
        topic.groups.set(group.name, group)
      }
      const joined = group
      const member: Member = {
        handler: idempotent(joined.name, handler, options.processedLog),
        maxAttempts: subscribeOptions.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        running: new Set(),
      }
      joined.members.push(member)
      setImmediate(() => dispatch(topic, joined))
      const subscription: Subscription = {
        async close() {
          joined.members = joined.members.filter((candidate) => candidate !== member)
          subscriptions.delete(subscription)
          await Promise.allSettled([...member.running])
        },
      }
      subscriptions.add(subscription)
      return subscription
    },
    async ping() {
      return !closed
    },
    async close() {
      closed = true
      stopping.abort()
      await Promise.all([...subscriptions].map((subscription) => subscription.close()))
    },
  }
}
