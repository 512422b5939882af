import { AUDIENCE_LABELS, AUDIENCES, type AudienceCategory } from '@app/domain/content/advisor/audiences'
import { STYLES } from '@app/domain/content/advisor/styles'
import { GENERAL, LIFE_TOPICS } from '@app/domain/content/advisor/topics-life'
import { COMMUNICATION } from '@app/domain/content/advisor/topics-work'
import type { Topic } from '@app/domain/content/advisor/topic'
import { BALANCED_FLEX_TEXT, DISC_ADVICE_GROUPS, DISC_STYLES } from '@app/domain/content/disc-styles'
import { DISC_TYPES, flexFactorType, type DiscScores, type DiscType } from '@app/domain/disc'
import { formatDiscScore } from '@app/domain/profile-scores'
import { bar, bullets, heading, keepTogether, MUTED, subheading, write } from './layout.ts'

type Doc = PDFKit.PDFDocument

/** The spec's colours, the same shades as the web app's bars: D red, I amber, S green, C blue. */
export const DISC_COLOURS: Record<DiscType, string> = {
  D: '#dc2626',
  I: '#f59e0b',
  S: '#059669',
  C: '#2563eb',
}

/** The four audiences in the Ask page's order. */
const AUDIENCE_ORDER: readonly AudienceCategory[] = ['self', 'parents', 'educators', 'employers']

const topicById = (id: string): Topic => LIFE_TOPICS.find((topic) => topic.id === id) ?? GENERAL

export function discScoreBars(doc: Doc, scores: DiscScores) {
  for (const type of DISC_TYPES) {
    bar(doc, {
      label: `${DISC_STYLES[type].name} (${type})`,
      value: formatDiscScore(scores[type]),
      share: scores[type] / 100,
      color: DISC_COLOURS[type],
    })
  }
}

/** The primary style, the flex factor and the four advice groups, as the results page shows them. */
export function discStylePages(doc: Doc, scores: DiscScores, primary: DiscType) {
  const style = DISC_STYLES[primary]
  doc.addPage()
  heading(doc, `Primary style: ${style.name} (${style.title})`)
  write(doc, style.description, { gap: 12 })
  subheading(doc, 'Strengths')
  bullets(doc, style.strengths)
  subheading(doc, 'Blind spots')
  bullets(doc, style.blindSpots)
  keepTogether(doc, 120)
  subheading(doc, 'Flex factor')
  const flex = flexFactorType(scores)
  write(doc, flex ? DISC_STYLES[flex].flexFactor : BALANCED_FLEX_TEXT, { gap: 12 })
  doc.addPage()
  heading(doc, 'Advice')
  for (const group of DISC_ADVICE_GROUPS) {
    keepTogether(doc, 110)
    subheading(doc, group.title)
    bullets(doc, style.advice[group.key])
  }
}

const withName = (text: string, name: string) => text.replaceAll('{name}', name)

/** One page per audience on working with this person, from the built-in advisor's knowledge. */
export function audiencePages(doc: Doc, name: string, primary: DiscType) {
  const style = STYLES[primary]
  for (const category of AUDIENCE_ORDER) {
    const audience = AUDIENCES[category]
    const self = category === 'self'
    doc.addPage()
    heading(doc, `${AUDIENCE_LABELS[category]}: working with ${self ? 'your own style' : name}`)
    write(doc, `Advice ${audience.role}, ${audience.setting}.`, { color: MUTED, gap: 10 })
    write(
      doc,
      self
        ? `As a ${style.name} style, you care about ${style.cares}. At your best, you ${style.atBestYou}. Overused, the style can ${style.overused}.`
        : `${name}'s style is ${style.name} (${style.title}), caring about ${style.cares}. At their best, ${name} ${style.atBest}. Overused, the style can ${style.overused}.`,
      { gap: 12 },
    )
    for (const topic of [topicById(audience.defaultTopic), COMMUNICATION]) {
      const known = topic.styles[primary]
      keepTogether(doc, 140)
      subheading(doc, topic.label)
      write(doc, self ? known.you : known.they)
      bullets(doc, self ? [known.stretch] : [...known.approach])
    }
    write(doc, withName(audience.closing, name), { color: MUTED })
  }
}
