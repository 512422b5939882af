import { describe, expect, it } from 'vitest'
import { RESPONSE_LENGTHS, type AdviceResponse } from '@app/contracts/advice'
import { QUESTION_CATEGORIES, type QuestionCategory } from '@app/contracts/questions'
import { DISC_TYPES, type DiscType } from '@app/domain/disc'
import { PREVUE_DIMENSIONS, type PrevueScores } from '@app/domain/prevue'
import type { AdviceSubject } from '../src/advice-request.ts'
import { AUDIENCES, HIRING_NOTE } from '../src/knowledge/audiences.ts'
import { TOPICS, type AdviceAudience } from '../src/knowledge/topics.ts'
import { composeAdvice } from '../src/providers/builtin/builtin-provider.ts'

// Every answer of the built-in advisor, for every audience, length and kind of profile, is classified by
// the knowledge base's own tags (each topic lists its audiences and its follow-ups per audience), and then
// read once more against words that only another audience would use, which no tag can hide.

const disc = (name: string, [D, I, S, C]: [number, number, number, number]): AdviceSubject => {
  const scores = { D, I, S, C }
  const primaryType = DISC_TYPES.reduce((best, type) => (scores[type] > scores[best] ? type : best))
  return { name, assessmentType: 'disc', primaryType, scores, prevue: null }
}
const prevue = (name: string, marked: Partial<PrevueScores>): AdviceSubject => ({
  name,
  assessmentType: 'prevue',
  // How imported Prevue profiles are stored: no DISC result at all.
  primaryType: 'D',
  scores: { D: 0, I: 0, S: 0, C: 0 },
  prevue: {
    ...(Object.fromEntries(PREVUE_DIMENSIONS.map((dimension) => [dimension, 5.5])) as PrevueScores),
    ...marked,
  },
})

const PURE: Record<DiscType, [number, number, number, number]> = {
  D: [90, 20, 15, 10],
  I: [15, 88, 20, 10],
  S: [10, 20, 85, 30],
  C: [10, 15, 25, 92],
}
/** One profile per pure style, one per blend of two styles, and Prevue results of different shapes. */
const SUBJECTS: AdviceSubject[] = [
  ...DISC_TYPES.map((type) => disc(`Pure ${type}`, PURE[type])),
  ...DISC_TYPES.flatMap((primary) =>
    DISC_TYPES.filter((secondary) => secondary !== primary).map((secondary) => {
      const scores = DISC_TYPES.map((type) => (type === primary ? 80 : type === secondary ? 65 : 20))
      return disc(`Blend ${primary}${secondary}`, scores as [number, number, number, number])
    }),
  ),
  prevue('Prevue Assertive', { submissiveAssertive: 9, cooperativeCompetitive: 8, workingWithThings: 8 }),
  prevue('Prevue Outgoing', { reservedOutgoing: 9, introvertExtrovert: 9, workingWithPeople: 9 }),
  prevue('Prevue Careful', { spontaneousConscientious: 9, reactiveOrganized: 9, workingWithData: 8.5 }),
  prevue('Prevue Level', {}),
]

/** Questions any audience may type, several worded in another audience's terms on purpose. */
const QUESTIONS = [
  'What are their greatest strengths?',
  'How should I communicate with them?',
  'How do they handle stress and deadlines?',
  'What motivates them, and how should I praise their effort?',
  'How do I give them feedback on a mistake?',
  'How do we resolve a conflict calmly?',
  'How do they make decisions?',
  'How do they learn best, and what would help them grow?',
  'How do they balance work and family life at home?',
  'How can I connect with my child at bedtime and help with homework?',
  'How can I keep this student engaged in class and in group work?',
  'Which responsibilities and team roles suit them, and how should I onboard this new hire?',
  'How will they fit into the team at work with their colleagues?',
  'How does my style shape the way I parent and teach?',
  'Anything?',
]

/** The pair questions of the Collaborate page, and a few more. */
const PAIR_QUESTIONS = [
  'How should we communicate with each other day to day, given our styles? What should each of us do more of, and what should we avoid?',
  'What complementary strengths do we bring when we work together, and how can we make the most of them?',
  'Where are conflicts between us most likely to start, and how can we handle disagreements constructively?',
  'What is the best way for us to collaborate on shared work: planning, dividing tasks and checking in?',
  'How do our approaches to making decisions differ, and how should we make decisions together?',
  'How should each of us give feedback to the other, and how is each of us likely to receive it?',
  'What motivates each of us, and how can we keep each other motivated and engaged?',
  'How compatible are our work styles, where will we need to adjust, and what should we agree on early?',
  'How do we share the parenting of our kids at home?',
  'How do we interview and onboard a candidate together in class?',
]

/** Words only another audience would use: a parent's, an educator's, an employer's. */
const FAMILY_WORDS =
  /\b(at home|family|parents?|parenting|child|children|kids?|bedtime|siblings?|chores|homework)\b/i
const CLASSROOM_WORDS = /\b(in class|classroom|classmates?|lessons?|students?|pupils?|learners|teaching)\b/i
const WORKPLACE_WORDS =
  /\b(at work|managers?|one-to-one|interviews?|onboarding|colleagues?|clients?|careers?|team roles?)\b/i
const FOREIGN_WORDS: Record<AdviceAudience, RegExp[]> = {
  // Someone asking about themself may ask about any part of their life; their follow-ups stay about them.
  self: [],
  parents: [CLASSROOM_WORDS, WORKPLACE_WORDS],
  educators: [FAMILY_WORDS, WORKPLACE_WORDS],
  employers: [FAMILY_WORDS, CLASSROOM_WORDS],
  pair: [FAMILY_WORDS, CLASSROOM_WORDS],
}

const topicByLabel = new Map(TOPICS.map((topic) => [topic.label, topic]))
const headingsOf = (text: string) => [...text.matchAll(/^\*\*(.+)\*\*$/gm)].map((match) => match[1]!)

/** What is wrong with one answer for one audience: an empty list when everything in it belongs there. */
function problemsOf(
  answer: AdviceResponse,
  audience: AdviceAudience,
  structural: string[],
  fill: (text: string) => string,
): string[] {
  const problems: string[] = []
  const topicLabels: string[] = []
  for (const heading of headingsOf(answer.response)) {
    const topic = topicByLabel.get(heading)
    if (topic) topicLabels.push(topic.label)
    else if (!structural.includes(heading)) problems.push(`unknown section "${heading}"`)
    if (topic && !topic.audiences.includes(audience)) problems.push(`section "${heading}"`)
  }
  const mentioned = /\bOn ([a-z][a-z ]+): /.exec(answer.response)?.[1]
  if (mentioned !== undefined) {
    const topic = TOPICS.find((candidate) => candidate.label.toLowerCase() === mentioned)
    if (!topic) problems.push(`unknown topic "${mentioned}"`)
    else {
      topicLabels.push(topic.label)
      if (!topic.audiences.includes(audience)) problems.push(`topic "${mentioned}"`)
    }
  }
  if (topicLabels.length !== 1) problems.push(`${topicLabels.length} topics instead of one`)

  if (answer.followUps.length !== 3 || new Set(answer.followUps).size !== 3)
    problems.push(`follow-ups ${JSON.stringify(answer.followUps)}`)
  for (const followUp of answer.followUps) {
    const source = TOPICS.find((topic) => {
      const text = topic.followUps[audience]
      return text !== undefined && fill(text) === followUp
    })
    if (!source) problems.push(`follow-up "${followUp}" is none of this audience's`)
    else if (!source.audiences.includes(audience)) problems.push(`follow-up "${followUp}" from ${source.id}`)
    else if (topicLabels.includes(source.label)) problems.push(`follow-up "${followUp}" repeats the topic`)
  }

  const body = answer.response.replace(HIRING_NOTE, '')
  for (const words of FOREIGN_WORDS[audience]) {
    const found = words.exec(body)?.[0] ?? answer.followUps.map((text) => words.exec(text)?.[0]).find(Boolean)
    if (found) problems.push(`another audience's words: "${found}"`)
  }
  return problems
}

describe('a Prevue result in an answer', () => {
  it('names the DISC style it reads as derived, never as a measured score', () => {
    for (const subject of SUBJECTS.filter((one) => one.assessmentType === 'prevue'))
      for (const length of RESPONSE_LENGTHS) {
        const { response } = composeAdvice({
          kind: 'analysis',
          subject,
          question: 'How can I support them?',
          category: 'employers',
          length,
        })
        expect(response, `${subject.name}, ${length}`).toContain('derived from the Prevue personality scales')
      }
  })
})

describe('every part of an answer belongs to the chosen audience', () => {
  it('holds for every audience, both lengths, every DISC style, every blend and Prevue results', () => {
    const problems: string[] = []
    let answers = 0
    for (const category of QUESTION_CATEGORIES)
      for (const length of RESPONSE_LENGTHS)
        for (const subject of SUBJECTS)
          for (const question of QUESTIONS) {
            const answer = composeAdvice({ kind: 'analysis', subject, question, category, length })
            answers += 1
            const self = category === 'self'
            const structural = self
              ? ['What your profile says', 'What to try', 'Watch for', 'A next step']
              : [
                  `What ${subject.name}'s profile says`,
                  `What tends to work ${AUDIENCES[category].role}`,
                  'Watch for',
                  'A next step',
                ]
            const fill = (text: string) => text.replaceAll('{name}', subject.name)
            const found = problemsOf(answer, category, structural, fill)
            if (self) {
              // About the asker, in the first person, and never about a child or a class.
              for (const followUp of answer.followUps) {
                if (!/\b(?:I|my|me)\b/.test(followUp)) found.push(`"${followUp}" is not about the asker`)
                for (const words of [FAMILY_WORDS, CLASSROOM_WORDS])
                  if (words.test(followUp)) found.push(`"${followUp}" is another audience's`)
              }
            } else if (answer.followUps.some((followUp) => !followUp.includes(subject.name)))
              found.push('a follow-up does not name the person')
            for (const problem of found)
              problems.push(`${category}/${length}/${subject.name}/"${question}": ${problem}`)
          }
    expect(answers).toBe(4 * 2 * SUBJECTS.length * QUESTIONS.length)
    expect(problems.slice(0, 20)).toEqual([])
  })

  it('holds for pairs on the Collaborate page: their own sections and follow-ups, never a template', () => {
    const problems: string[] = []
    const people = [...DISC_TYPES.map((type) => disc(`Pure ${type}`, PURE[type])), SUBJECTS.at(-3)!]
    for (const length of RESPONSE_LENGTHS)
      for (const first of people)
        for (const second of people)
          for (const question of PAIR_QUESTIONS) {
            const answer = composeAdvice({ kind: 'collaboration', first, second, question, length })
            const [a, b] =
              first.name === second.name
                ? [`${first.name} (A)`, `${second.name} (B)`]
                : [first.name, second.name]
            const structural = [
              `How ${a} and ${b} fit together`,
              'Where you may rub',
              'Agreements worth making',
              'For each of you',
            ]
            const fill = (text: string) => text.replaceAll('{a}', a).replaceAll('{b}', b)
            const found = problemsOf(answer, 'pair', structural, fill)
            if (
              length === 'short' &&
              headingsOf(answer.response).length === 0 &&
              !/\bOn [a-z]/.test(answer.response)
            )
              found.push('the short answer names no topic')
            for (const problem of found) problems.push(`${length}/${a}+${b}/"${question}": ${problem}`)
          }
    expect(problems.slice(0, 20)).toEqual([])
  })

  it('tags every topic consistently: offered only where it belongs, with each audience its own words', () => {
    const audiences: AdviceAudience[] = [...QUESTION_CATEGORIES, 'pair']
    for (const topic of TOPICS) {
      for (const [audience, followUp] of Object.entries(topic.followUps)) {
        expect(topic.audiences, `${topic.id} offers ${audience}`).toContain(audience)
        expect(followUp.includes('{name}'), `${topic.id}/${audience}`).toBe(
          audience !== 'self' && audience !== 'pair',
        )
        if (audience === 'pair') expect(followUp).toMatch(/\{a\}.*\{b\}/)
      }
      for (const id of topic.related) expect(TOPICS.map((other) => other.id)).toContain(id)
    }
    // Every audience has enough topics of its own for three follow-ups on another topic than the answer's.
    for (const audience of audiences)
      expect(TOPICS.filter((topic) => topic.followUps[audience]).length).toBeGreaterThanOrEqual(4)
  })
})

it.each(QUESTION_CATEGORIES)(
  'answers %s with the audience’s own default topic when a question names none',
  (category: QuestionCategory) => {
    const answer = composeAdvice({
      kind: 'analysis',
      subject: SUBJECTS[0]!,
      question: 'Anything?',
      category,
      length: 'long',
    })
    const topic = TOPICS.find((candidate) => candidate.id === AUDIENCES[category].defaultTopic)!
    expect(headingsOf(answer.response)).toContain(topic.label)
  },
)
