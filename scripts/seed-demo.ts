import { randomBytes } from 'node:crypto'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { AdminUserSchema, PublicUserSchema, type PublicUser } from '@app/contracts/auth'
import { ProfileListSchema, type SaveAssessmentRequest } from '@app/contracts/profiles'
import { answersFromScores, discScores, type DiscScores, type DiscType } from '@app/domain/disc'
import { generatedPassword } from '@app/domain/passwords'
import { prevueScores } from '@app/domain/prevue'
import { PREVUE_QUESTIONS } from '@app/domain/content/prevue-questions'
import { startAllInOne } from './all-in-one.ts'

/**
 * `npm run seed:demo`: a demo team of twelve, each with a DISC and a Prevue result, so a new installation
 * shows a living product (decision 038). It starts the product in-process on the data folder and acts
 * through the API its gateway exposes, as the administrator named by ADMIN_EMAIL and ADMIN_PASSWORD, so every
 * rule applies. Running it again adds nothing twice.
 */

interface DemoPerson {
  firstName: string
  lastName: string
  /** DISC answers from the assessment flow, or scores typed on the score-entry screen. */
  disc: { answers: DiscType[] } | { scores: DiscScores }
  /** The option picked on each of the eight Prevue questions (0 to 3). */
  prevue: number[]
}

const DEMO_DOMAIN = 'example.com'

const person = (
  firstName: string,
  lastName: string,
  disc: DiscType[] | DiscScores,
  prevue: number[],
): DemoPerson => ({
  firstName,
  lastName,
  disc: Array.isArray(disc) ? { answers: disc } : { scores: disc },
  prevue,
})

export const DEMO_TEAM: DemoPerson[] = [
  person('Maya', 'Patel', { D: 82, I: 45, S: 30, C: 58 }, [0, 1, 0, 2, 1, 0, 3, 1]),
  person('Daniel', 'Okafor', ['I', 'I', 'D', 'I'], [1, 0, 2, 0, 0, 1, 1, 0]),
  person('Sofia', 'Martinez', { D: 35, I: 62, S: 80, C: 40 }, [2, 2, 1, 1, 3, 2, 0, 2]),
  person('Liam', "O'Connor", ['D', 'I', 'D', 'C'], [3, 1, 0, 3, 2, 3, 2, 1]),
  person('Hannah', 'Schmidt', ['C', 'C', 'S', 'C'], [0, 3, 3, 2, 1, 1, 0, 3]),
  person('Kenji', 'Watanabe', { D: 20, I: 30, S: 65, C: 85 }, [0, 2, 3, 1, 0, 2, 1, 3]),
  person('Amara', 'Nwosu', { D: 68, I: 77, S: 25, C: 30 }, [1, 0, 1, 0, 2, 0, 3, 0]),
  person('Lucas', 'Ferreira', ['D', 'D', 'I', 'C'], [3, 1, 2, 3, 0, 3, 2, 2]),
  person('Priya', 'Raman', ['S', 'C', 'S', 'S'], [2, 3, 1, 2, 3, 1, 0, 1]),
  person('Ethan', 'Brooks', { D: 50, I: 48, S: 52, C: 50 }, [1, 2, 0, 1, 1, 2, 2, 0]),
  person('Chloe', 'Dubois', { D: 30, I: 72, S: 66, C: 35 }, [2, 0, 2, 0, 3, 0, 1, 2]),
  person('Omar', 'Haddad', { D: 74, I: 20, S: 28, C: 71 }, [0, 3, 3, 3, 0, 1, 3, 3]),
]

export function demoUsername(person: DemoPerson): string {
  const part = (name: string) => name.toLowerCase().replace(/[^a-z]/g, '')
  return `${part(person.firstName)}.${part(person.lastName)}@${DEMO_DOMAIN}`
}

function discAssessment(person: DemoPerson, name: string): SaveAssessmentRequest {
  const scores = 'answers' in person.disc ? discScores(person.disc.answers) : person.disc.scores
  const answers = 'answers' in person.disc ? person.disc.answers : answersFromScores(scores)
  return {
    assessmentType: 'disc',
    name,
    dScore: scores.D,
    iScore: scores.I,
    sScore: scores.S,
    cScore: scores.C,
    answers,
  }
}

function prevueAssessment(person: DemoPerson, name: string): SaveAssessmentRequest {
  const chosen = PREVUE_QUESTIONS.map((question, index) => {
    const option = question.options[(person.prevue[index] ?? 0) % question.options.length]
    if (!option) throw new Error(`Prevue question ${question.id} has no options`)
    return option
  })
  return {
    assessmentType: 'prevue',
    name,
    scoresData: prevueScores(chosen.map((option) => option.scores)),
    answers: chosen.map((option) => option.value),
  }
}

class SeedError extends Error {}

export interface SeedResult {
  created: Array<{ name: string; username: string; password: string }>
  existing: string[]
  assessmentsSaved: number
}

/** A client of the API the product's gateway exposes, that keeps its session cookie, as a browser would. */
function apiSession(baseUrl: string) {
  let cookie: string | null = null
  return async (method: string, path: string, body?: unknown): Promise<unknown> => {
    const response = await fetch(new URL(path, baseUrl), {
      method,
      headers: {
        accept: 'application/json',
        ...(cookie ? { cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    for (const header of response.headers.getSetCookie()) {
      const pair = header.split(';', 1)[0]!
      cookie = pair.endsWith('=') ? null : pair
    }
    const text = await response.text()
    if (!response.ok) throw new SeedError(`${method} ${path} answered ${response.status}: ${text}`)
    return text ? (JSON.parse(text) as unknown) : null
  }
}

/**
 * Seeds the product answering at `baseUrl` through the API its gateway exposes, as its administrator: no
 * token is minted and every rule applies. Each demo account keeps its generated password and must change it
 * at the first login; to save its assessments the seed signs in as the account once, with a throwaway
 * password, and the administrator then sets the generated password again. Accounts whose owner already chose
 * a password are left alone.
 */
export async function seedDemoTeam(baseUrl: string, administrator: { email: string; password: string }) {
  const admin = apiSession(baseUrl)
  const me = PublicUserSchema.parse(
    await admin('POST', '/api/auth/login', {
      username: administrator.email,
      password: administrator.password,
    }),
  )
  if (me.role !== 'administrator') throw new SeedError(`${administrator.email} is not an administrator.`)
  if (me.mustChangePassword)
    throw new SeedError(`${administrator.email} must change its password first: sign in once at ${baseUrl}.`)
  const byUsername = new Map(
    AdminUserSchema.array()
      .parse(await admin('GET', '/api/admin/users'))
      .map((user) => [user.username.toLowerCase(), user]),
  )
  const profiles = ProfileListSchema.parse(await admin('GET', '/api/assessments'))

  const result: SeedResult = { created: [], existing: [], assessmentsSaved: 0 }
  for (const person of DEMO_TEAM) {
    const name = `${person.firstName} ${person.lastName}`
    const username = demoUsername(person)
    const password = generatedPassword(person.firstName, person.lastName, 'lower')
    let user: PublicUser | undefined = byUsername.get(username)
    if (user) {
      result.existing.push(username)
    } else {
      user = PublicUserSchema.parse(
        await admin('POST', '/api/auth/register', {
          username,
          email: username,
          password,
          firstName: person.firstName,
          lastName: person.lastName,
          name,
          role: 'standard',
        }),
      )
      result.created.push({ name, username, password })
    }
    const owned = profiles.filter((profile) => Number(profile.userId) === user.id)
    const missing = [discAssessment(person, name), prevueAssessment(person, name)].filter(
      (assessment) => !owned.some((profile) => profile.assessmentType === assessment.assessmentType),
    )
    // An interrupted run is completed by the next one, for accounts nobody has taken over yet.
    if (missing.length === 0 || !user.mustChangePassword) continue
    await admin('PUT', `/api/admin/user/${user.id}`, { password })
    const owner = apiSession(baseUrl)
    await owner('POST', '/api/auth/login', { username, password })
    await owner('POST', '/api/auth/change-password', {
      currentPassword: password,
      newPassword: randomBytes(18).toString('base64url'),
    })
    for (const assessment of missing) {
      await owner('POST', '/api/assessments', assessment)
      result.assessmentsSaved += 1
    }
    await owner('POST', '/api/auth/logout')
    // The generated password again, to be changed at the first login.
    await admin('PUT', `/api/admin/user/${user.id}`, { password })
  }
  await admin('POST', '/api/auth/logout')
  return result
}

async function productAlreadyRunning(port: string): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(1000) })
    return true
  } catch {
    return false
  }
}

function report(result: SeedResult): void {
  const lines: string[] = []
  if (result.created.length > 0) {
    lines.push(
      `Created ${result.created.length} demo account(s), each with a DISC and a Prevue assessment:`,
      '',
    )
    const width = Math.max(...result.created.map((entry) => entry.username.length))
    lines.push(`  ${'Login'.padEnd(width)}  Initial password   Name`)
    for (const entry of result.created)
      lines.push(`  ${entry.username.padEnd(width)}  ${entry.password.padEnd(17)}  ${entry.name}`)
    lines.push(
      '',
      'These are demo accounts with generated passwords: each must choose a new password at the first login.',
    )
  }
  if (result.existing.length > 0)
    lines.push(`${result.existing.length} demo account(s) already existed and were left as they are.`)
  lines.push(`Assessments saved in this run: ${result.assessmentsSaved}.`)
  process.stdout.write(`${lines.join('\n')}\n`)
}

async function main(): Promise<number> {
  const dataDirectory = resolve(process.env.DATA_DIR ?? 'data')
  const port = process.env.PORT ?? '8080'
  const adminEmail = process.env.ADMIN_EMAIL
  const adminPassword = process.env.ADMIN_PASSWORD
  if (!adminEmail || !adminPassword) {
    process.stderr.write(
      "seed:demo acts as an administrator through the product's API: set ADMIN_EMAIL and ADMIN_PASSWORD to an " +
        'administrator account (on a new data folder, that account is created with them).\n',
    )
    return 1
  }
  if (await productAlreadyRunning(port)) {
    process.stderr.write(
      `Something already answers on port ${port}, most likely the product. Two processes must not write ` +
        `the same data folder (${dataDirectory}): stop the product (Ctrl-C where it runs), then run ` +
        '`npm run seed:demo` again and start the product afterwards.\n',
    )
    return 1
  }
  const product = await startAllInOne({
    dataDirectory,
    port: 0,
    webRoot: null,
    logLevel: 'warn',
    env: process.env,
  })
  try {
    process.stdout.write(`Seeding the demo team into ${dataDirectory}...\n`)
    report(await seedDemoTeam(product.url, { email: adminEmail, password: adminPassword }))
    return 0
  } catch (error) {
    if (!(error instanceof SeedError)) throw error
    process.stderr.write(`Seeding stopped: ${error.message}\n`)
    return 1
  } finally {
    await product.close()
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main()
}
