import type { AdviceResponse } from '@app/contracts/advice'
import type { QuestionCategory } from '@app/contracts/questions'
import type { AdviceRequest } from '../../advice-request.ts'
import { AUDIENCES, HIRING_NOTE } from '../../knowledge/audiences.ts'
import { describePrevue } from '../../knowledge/prevue.ts'
import { STYLES, intensity } from '../../knowledge/styles.ts'
import { detectTopic, followUpsFor, topicById, type Topic } from '../../knowledge/topics.ts'
import { pick, readProfile, scoreLine, seedOf, styleName, type Reading } from './reading.ts'

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1)
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`)

function opening(reading: Reading, self: boolean, seed: number): string {
  const primary = STYLES[reading.primary]
  const score = reading.scores[reading.primary]
  const level = intensity(score)
  const who = self ? 'Your' : `${reading.name}'s`
  // Prevue measures no DISC style: the reading is the one mapping of docs/decisions/028-prevue-shown-as-prevue.md.
  const source = reading.fromPrevue ? ' (derived from the Prevue personality scales, not measured)' : ''
  return pick(
    [
      `${who} profile leads with ${primary.name} at ${score}%${source}, a ${level} preference for ${primary.cares}.`,
      `With ${primary.name} at ${score}%${source}, ${self ? 'you lean' : `${reading.name} leans`} toward ${primary.cares}, a ${level} pull.`,
      `${who} highest score is ${primary.name} (${score}%)${source}, which points to a ${level} focus on ${primary.cares}.`,
    ],
    seed,
  )
}

function blendSentence(reading: Reading, self: boolean): string {
  if (!reading.blend || !reading.secondary) {
    return `No second style comes close, so the ${STYLES[reading.primary].name} pattern shows clearly${self ? ' in you' : ''}.`
  }
  return `${styleName(reading.secondary)} at ${reading.scores[reading.secondary]}% makes this the blend often called ${reading.blend.name}, which ${reading.blend.note}.`
}

/** Advice about one person for one audience, short (about 80 words) or long (about 300, with headings). */
export function composeAnalysis(request: Extract<AdviceRequest, { kind: 'analysis' }>): AdviceResponse {
  const reading = readProfile(request.subject)
  const audience = AUDIENCES[request.category]
  const self = request.category === 'self'
  const topic = detectTopic(request.question, request.category) ?? topicById(audience.defaultTopic)
  const seed = seedOf(reading.name, request.question, request.category)
  const onTopic = topic.styles[reading.primary]
  const pattern = self
    ? onTopic.you
    : `With ${reading.name}, you will probably notice that ${lowerFirst(onTopic.they)}`
  const secondaryOnTopic = reading.secondary ? topic.styles[reading.secondary] : null
  const followUps = followUpsFor(topic, request.category, seed).map((followUp) =>
    followUp.replaceAll('{name}', () => reading.name),
  )

  if (request.length === 'short') {
    const tip = self
      ? `One thing to try: ${lowerFirst(sentence(onTopic.stretch))}`
      : `${sentence(onTopic.approach[0])} ${sentence(onTopic.approach[1])}`
    return {
      response: [
        `${opening(reading, self, seed)} On ${topic.label.toLowerCase()}: ${lowerFirst(pattern)} ${tip}`,
        HIRING_NOTE,
      ].join('\n\n'),
      followUps,
    }
  }

  const lowest = STYLES[reading.lowest]
  const profileLines = [
    `${opening(reading, self, seed)} ${blendSentence(reading, self)}`,
    `The full picture: ${scoreLine(reading)}. At ${self ? 'your' : 'their'} best, ${self ? `you ${STYLES[reading.primary].atBestYou}` : `${reading.name} ${STYLES[reading.primary].atBest}`}.`,
    ...(request.subject.prevue ? [describePrevue(reading.name, request.subject.prevue).join(' ')] : []),
  ]
  const tips = self
    ? [
        onTopic.stretch,
        secondaryOnTopic?.stretch ?? topicById('general').styles[reading.primary].stretch,
        `Notice people who lead with ${lowest.name}: they care about ${lowest.cares}, which is your lowest score (${reading.scores[reading.lowest]}%), so meeting them there takes deliberate effort`,
      ]
    : [
        ...onTopic.approach,
        secondaryOnTopic
          ? `Because ${styleName(reading.secondary!)} is also high, ${lowerFirst(secondaryOnTopic.approach[0])}`
          : `${lowest.name} is ${reading.name}'s lowest score (${reading.scores[reading.lowest]}%), so do not expect ${lowest.cares} to come first`,
      ]
  const heading = self ? `**What your profile says**` : `**What ${reading.name}'s profile says**`
  const closing = audience.closing.replaceAll('{name}', () => (self ? 'you' : reading.name))
  const sections = [
    heading,
    profileLines.join(' '),
    `**${topic.label}**`,
    `${pattern}${secondaryOnTopic ? ` The ${styleName(reading.secondary!)} side adds to this: ${lowerFirst(self ? secondaryOnTopic.you : secondaryOnTopic.they)}` : ''}`,
    self ? '**What to try**' : `**What tends to work ${audience.role}**`,
    tips.map((tip) => `- ${sentence(tip)}`).join('\n'),
    '**Watch for**',
    `Overdone, ${self ? 'your' : 'this'} strength can ${STYLES[reading.primary].overused}. ${lowest.name} is the lowest score (${reading.scores[reading.lowest]}%), so ${lowest.cares} may get less attention ${audience.setting} than ${self ? 'you intend' : 'others expect'}.`,
    '**A next step**',
    `${nextStep(request.category, reading, topic, self)} ${closing}`,
    HIRING_NOTE,
  ]
  return { response: sections.join('\n\n'), followUps }
}

function nextStep(category: QuestionCategory, reading: Reading, topic: Topic, self: boolean): string {
  const area = topic.label.toLowerCase()
  if (self) return `Pick one of the ideas above, try it for a week, and note what changes in ${area}.`
  const question = {
    parents: `Ask ${reading.name} what helps them most when it comes to ${area}, and listen before suggesting anything.`,
    educators: `In your next lesson, note when ${reading.name} is most engaged and what came just before.`,
    employers: `In your next one-to-one, ask ${reading.name} how they prefer to handle ${area}.`,
    self: '',
  }
  return question[category]
}
