import type { Profile } from '@app/contracts/profiles'
import { HIRING_NOTE } from '@app/domain/content/advisor/audiences'
import { DISC_STYLES } from '@app/domain/content/disc-styles'
import {
  discPositionOf,
  formatPrevueSummary,
  measuredDiscScores,
  prevueScoresOf,
} from '@app/domain/profile-scores'
import { audiencePages, discScoreBars, discStylePages } from './disc-report.ts'
import { finish, heading, MUTED, numberPages, PAGE, reportDocument, write } from './layout.ts'
import { prevueGroupPages } from './prevue-report.ts'

/** "27 November 2026": the assessment's date as people write it, in UTC so every replica prints the same. */
export function assessmentDate(timestamp: string): string {
  const date = new Date(timestamp)
  if (Number.isNaN(date.getTime())) return 'date not recorded'
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
}

const KIND = { disc: 'DISC Profile Report', prevue: 'Prevue Profile Report' } as const

/** The file name a browser saves the report under: the person's name in safe characters. */
export function reportFileName(profile: Pick<Profile, 'name' | 'assessmentType' | 'id'>): string {
  return `${fileNameSlug(profile.name) || `profile-${profile.id}`}-${profile.assessmentType}-report.pdf`
}

/** A name in the characters a file name and a Content-Disposition header take safely; may be empty. */
export function fileNameSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 60)
}

/**
 * A profile's report as a PDF (docs/decisions/057-profile-reports.md): a cover with the name, date and
 * scores, then the DISC style, advice and audience pages, or the three Prevue groups. Every text comes
 * from packages/domain, as on the pages.
 */
export async function renderProfileReport(profile: Profile): Promise<Buffer> {
  const kind = KIND[profile.assessmentType]
  const doc = reportDocument(`${kind}: ${profile.name}`)
  write(doc, kind.toUpperCase(), { size: 11, weight: 'bold', color: MUTED, gap: 16 })
  heading(doc, profile.name, 30)
  write(doc, `Assessed on ${assessmentDate(profile.timestamp)}`, { color: MUTED, gap: 24 })
  const disc = measuredDiscScores(profile)
  const prevue = prevueScoresOf(profile)
  if (disc) {
    const primary = discPositionOf(profile)!.primaryType
    write(doc, `Primary style: ${DISC_STYLES[primary].name} (${DISC_STYLES[primary].title})`, {
      size: 14,
      weight: 'bold',
      gap: 16,
    })
    discScoreBars(doc, disc)
    discStylePages(doc, disc, primary)
    audiencePages(doc, profile.name, primary)
  } else if (prevue) {
    write(doc, formatPrevueSummary(prevue), { size: 12, weight: 'bold', gap: 16 })
    prevueGroupPages(doc, prevue)
  } else {
    write(doc, 'This profile has no result recorded yet.', { gap: 12 })
  }
  doc.switchToPage(0)
  doc.y = PAGE.height - PAGE.margin - 60
  write(doc, HIRING_NOTE, { size: 9, color: MUTED })
  numberPages(doc, kind)
  return finish(doc)
}
