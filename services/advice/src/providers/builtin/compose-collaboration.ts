import type { AdviceResponse } from '@app/contracts/advice'
import type { AdviceRequest } from '../../advice-request.ts'
import { HIRING_NOTE } from '../../knowledge/audiences.ts'
import { pairOf } from '../../knowledge/pairs.ts'
import { STYLES } from '../../knowledge/styles.ts'
import { detectTopic, followUpsFor, topicById } from '../../knowledge/topics.ts'
import { readProfile, scoreLine, seedOf, type Reading } from './reading.ts'

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`)
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1)

function introduce(reading: Reading): string {
  const style = STYLES[reading.primary]
  const blend = reading.blend ? `, ${reading.blend.name}` : ''
  return `${reading.name} leads with ${style.name} (${reading.scores[reading.primary]}%${blend})`
}

/** Insights for two people: how their styles combine, where they rub, what they can agree on. */
export function composeCollaboration(
  request: Extract<AdviceRequest, { kind: 'collaboration' }>,
): AdviceResponse {
  // Two profiles with one name (or no names) still need telling apart.
  const first = readProfile(request.first)
  const second = readProfile(request.second)
  if (first.name === second.name) {
    first.name = `${first.name} (A)`
    second.name = `${second.name} (B)`
  }
  const topic = detectTopic(request.question, 'pair') ?? topicById('teamwork')
  const pair = pairOf(first.primary, second.primary, first.name, second.name)
  const seed = seedOf(first.name, second.name, request.question)
  // One pass, so that a name which itself contains "{b}" stays as it is.
  const followUps = followUpsFor(topic, 'pair', seed).map((followUp) =>
    followUp.replace(/\{([ab])\}/g, (_, key: string) => (key === 'a' ? first.name : second.name)),
  )

  const onTopic = (reading: Reading) => topic.styles[reading.primary]
  if (request.length === 'short') {
    const withEach = [first, second]
      .map((reading) => `with ${reading.name}, ${lowerFirst(onTopic(reading).approach[0])}`)
      .join('; ')
    return {
      response: [
        `${introduce(first)}; ${introduce(second)}. ${pair.dynamic} On ${topic.label.toLowerCase()}: ${withEach}. ${pair.friction} One agreement worth making: ${sentence(pair.agreements[0]!)}`,
        HIRING_NOTE,
      ].join('\n\n'),
      followUps,
    }
  }

  const sections = [
    `**How ${first.name} and ${second.name} fit together**`,
    `${introduce(first)}: ${scoreLine(first)}. ${introduce(second)}: ${scoreLine(second)}. ${pair.dynamic}`,
    `**${topic.label}**`,
    [first, second]
      .map((reading) => `- **${reading.name}** (${STYLES[reading.primary].name}): ${onTopic(reading).they}`)
      .join('\n'),
    '**Where you may rub**',
    `${pair.friction} Neither style is wrong; the friction comes from each one caring about ${STYLES[first.primary].cares} versus ${STYLES[second.primary].cares}.`,
    '**Agreements worth making**',
    pair.agreements.map((agreement) => `- ${sentence(agreement)}`).join('\n'),
    '**For each of you**',
    [
      `- ${first.name}, with ${second.name}: ${sentence(onTopic(second).approach[0])} For yourself: ${sentence(onTopic(first).stretch)}`,
      `- ${second.name}, with ${first.name}: ${sentence(onTopic(first).approach[0])} For yourself: ${sentence(onTopic(second).stretch)}`,
    ].join('\n'),
    HIRING_NOTE,
  ]
  return { response: sections.join('\n\n'), followUps }
}
