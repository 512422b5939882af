import type { Profile } from '@app/contracts/profiles'
import { DISC_STYLES } from '@app/domain/content/disc-styles'
import { DISC_TYPES } from '@app/domain/disc'
import { discPositionOf, discWheelPoint } from '@app/domain/profile-scores'
import { readTeam } from '@app/domain/team-blind-spots'
import { DISC_COLOURS } from './disc-report.ts'
import {
  bar,
  bullets,
  CONTENT_WIDTH,
  finish,
  heading,
  keepTogether,
  MUTED,
  numberPages,
  PAGE,
  reportDocument,
  reportSubsets,
  subheading,
  TRACK,
  write,
} from './layout.ts'

type Doc = PDFKit.PDFDocument

const MAP_RADIUS = 120

/** The team map as a picture: the DISC circle in its four colours, each person a dot where their scores put them. */
function teamMap(doc: Doc, points: ReadonlyArray<{ x: number; y: number }>) {
  keepTogether(doc, 2 * MAP_RADIUS + 30)
  const centreX = PAGE.margin + CONTENT_WIDTH / 2
  const centreY = doc.y + MAP_RADIUS + 10
  // D top left, I top right, S bottom right, C bottom left, as on the Collaborate page.
  const quarters = [
    ['D', 180, 270],
    ['I', 270, 360],
    ['S', 0, 90],
    ['C', 90, 180],
  ] as const
  for (const [type, from, to] of quarters) {
    const start = (from * Math.PI) / 180
    const end = (to * Math.PI) / 180
    doc
      .path(sectorPath(centreX, centreY, MAP_RADIUS, start, end))
      .fillOpacity(0.18)
      .fill(DISC_COLOURS[type])
  }
  doc.fillOpacity(1)
  // Each quarter's letter in its corner, so the picture reads without the page's legend.
  const corner = MAP_RADIUS * 0.62
  const letters = [
    ['D', -1, -1],
    ['I', 1, -1],
    ['S', 1, 1],
    ['C', -1, 1],
  ] as const
  for (const [type, across, down] of letters) {
    doc.font(reportSubsets()[0]!.names.bold).fontSize(14).fillColor(DISC_COLOURS[type])
    doc.text(type, centreX + across * corner - 5, centreY + down * corner - 9, { lineBreak: false })
  }
  doc.circle(centreX, centreY, MAP_RADIUS).lineWidth(1).stroke(TRACK)
  for (const point of points) {
    // The square [-1, 1]² of discWheelPoint, y up, drawn inside the circle.
    const scale = MAP_RADIUS * 0.7
    doc.circle(centreX + point.x * scale, centreY - point.y * scale, 4).fill('#0f172a')
  }
  doc.y = centreY + MAP_RADIUS + 16
}

/** Why a saved team's report names fewer people than were saved in it; the Teams page says the same. */
export function leftOutNote(count: number): string {
  return `${count} ${count === 1 ? 'person' : 'people'} saved in this team ${count === 1 ? 'is' : 'are'} left out: their profile is no longer available to you.`
}

/** An SVG path of a circle's sector, for PDFKit's `path`. */
function sectorPath(x: number, y: number, radius: number, start: number, end: number): string {
  const from = [x + radius * Math.cos(start), y + radius * Math.sin(start)]
  const to = [x + radius * Math.cos(end), y + radius * Math.sin(end)]
  return `M ${x} ${y} L ${from[0]} ${from[1]} A ${radius} ${radius} 0 0 1 ${to[0]} ${to[1]} Z`
}

/**
 * A team's report (issue 28): its composition by primary style with the team map drawn, then its blind spots
 * with what to do, then who is in it. Prevue profiles count with the DISC style derived from their result.
 */
export async function renderTeamReport(
  name: string,
  profiles: readonly Profile[],
  options: { leftOut?: number } = {},
): Promise<Buffer> {
  const title = name ? `Team Report: ${name}` : 'Team Report'
  const doc = reportDocument(title)
  const placed = profiles.flatMap((profile) => {
    const position = discPositionOf(profile)
    return position ? [{ profile, position }] : []
  })
  const reading = readTeam(placed.map(({ position }) => ({ primaryType: position.primaryType })))
  write(doc, 'TEAM REPORT', { size: 11, weight: 'bold', color: MUTED, gap: 16 })
  heading(doc, name || 'Team', 28)
  write(doc, `${profiles.length} ${profiles.length === 1 ? 'person' : 'people'}`, { color: MUTED, gap: 18 })
  // A saved team's members the reader may no longer see are left out, and the report says so (decision 058).
  const leftOut = options.leftOut ?? 0
  if (leftOut > 0) write(doc, leftOutNote(leftOut), { size: 10, color: MUTED, gap: 14 })
  subheading(doc, 'Composition by primary style')
  for (const type of DISC_TYPES) {
    bar(doc, {
      label: `${DISC_STYLES[type].name} (${type})`,
      value: `${reading.composition[type]}`,
      share: reading.size === 0 ? 0 : reading.composition[type] / reading.size,
      color: DISC_COLOURS[type],
    })
  }
  const unplaced = profiles.length - placed.length
  if (unplaced > 0) write(doc, `${unplaced} without a result, not counted.`, { size: 10, color: MUTED })
  subheading(doc, 'Team map')
  teamMap(
    doc,
    placed.map(({ position }) => discWheelPoint(position.scores)),
  )
  doc.addPage()
  heading(doc, 'Blind spots')
  if (reading.blindSpots.length === 0) write(doc, 'Every style is present, and none outweighs the others.')
  for (const spot of reading.blindSpots) {
    keepTogether(doc, 90)
    write(doc, spot.text, { weight: 'bold', gap: 4 })
    bullets(doc, spot.actions)
  }
  doc.addPage()
  heading(doc, 'Who is in the team')
  for (const { profile, position } of placed) {
    const style = DISC_STYLES[position.primaryType]
    write(
      doc,
      `${profile.name || `Profile ${profile.id}`}: ${style.name}${position.derived ? ' (derived from Prevue)' : ''}`,
      { gap: 3 },
    )
  }
  numberPages(doc, 'Team Report')
  return finish(doc)
}
