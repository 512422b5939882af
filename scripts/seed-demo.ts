import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { AdminUserSchema, PublicUserSchema, type PublicUser } from '@app/contracts/auth'
import { ProfileListSchema, type SaveAssessmentRequest } from '@app/contracts/profiles'
import { answersFromScores, discScores, type DiscScores, type DiscType } from '@app/domain/disc'
import { generatedPassword } from '@app/domain/passwords'
import { prevueScores } from '@app/domain/prevue'
import { PREVUE_QUESTIONS } from '@app/domain/content/prevue-questions'
import { createIdentitySigner, IDENTITY_HEADER, type Identity } from '@app/kit/identity'
import { startAllInOne } from './all-in-one.ts'
import { localSecrets } from './secrets.ts'

/**
 * `npm run seed:demo`: a demo team of twelve, each with a DISC and a Prevue result, so a new installation
 * shows a living product (DESIGN.md decision 8). It starts the product in-process on the data folder and
 * acts through the services' own HTTP APIs, so every rule applies. Running it again adds nothing twice.
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

/** Seeds the product whose services answer at `serviceUrls`, signing identities with the services' secret. */
export async function seedDemoTeam(
  serviceUrls: { auth: string; profiles: string },
  internalTokenSecret: string,
) {
  const sign = createIdentitySigner(internalTokenSecret)
  const call = async (url: string, caller: Identity, body?: unknown) => {
    const response = await fetch(url, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        [IDENTITY_HEADER]: sign(caller),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    const text = await response.text()
    if (!response.ok) throw new SeedError(`${url} answered ${response.status}: ${text}`)
    return JSON.parse(text) as unknown
  }
  const listUsers = async (caller: Identity) =>
    AdminUserSchema.array().parse(await call(`${serviceUrls.auth}/api/admin/users`, caller))
  const identityOf = (
    user: Pick<PublicUser, 'id' | 'role' | 'username' | 'mustChangePassword'>,
  ): Identity => ({
    userId: String(user.id),
    role: user.role,
    username: user.username,
    mustChangePassword: user.mustChangePassword,
  })

  // The user list is an administrator's call; this first caller only serves to find the real one.
  const lookup: Identity = {
    userId: 'seed-demo',
    role: 'administrator',
    username: 'seed-demo',
    mustChangePassword: false,
  }
  const administrator = (await listUsers(lookup))
    .filter((user) => user.role === 'administrator')
    .sort((a, b) => a.id - b.id)[0]
  if (!administrator) throw new SeedError('No administrator account exists yet.')
  const byUsername = new Map(
    (await listUsers(identityOf(administrator))).map((user) => [user.username.toLowerCase(), user]),
  )

  const result: SeedResult = { created: [], existing: [], assessmentsSaved: 0 }
  for (const person of DEMO_TEAM) {
    const name = `${person.firstName} ${person.lastName}`
    const username = demoUsername(person)
    let user: Pick<PublicUser, 'id' | 'role' | 'username' | 'mustChangePassword'> | undefined =
      byUsername.get(username)
    if (user) {
      result.existing.push(username)
    } else {
      const password = generatedPassword(person.firstName, person.lastName, 'lower')
      const registered = await call(`${serviceUrls.auth}/api/auth/register`, identityOf(administrator), {
        username,
        email: username,
        password,
        firstName: person.firstName,
        lastName: person.lastName,
        name,
        role: 'standard',
      })
      user = PublicUserSchema.parse(registered)
      result.created.push({ name, username, password })
    }
    // Each type is saved once per person, so an interrupted run is completed by the next one.
    const owner = identityOf(user)
    const saved = ProfileListSchema.parse(await call(`${serviceUrls.profiles}/api/assessments`, owner))
    for (const assessment of [discAssessment(person, name), prevueAssessment(person, name)]) {
      if (saved.some((profile) => profile.assessmentType === assessment.assessmentType)) continue
      await call(`${serviceUrls.profiles}/api/assessments`, owner, assessment)
      result.assessmentsSaved += 1
    }
  }
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
    // A first start without ADMIN_EMAIL generates the administrator's password: this is where it is shown.
    announce: (text) => process.stdout.write(text),
  })
  try {
    const { INTERNAL_TOKEN_SECRET } = localSecrets(dataDirectory, process.env)
    process.stdout.write(`Seeding the demo team into ${dataDirectory}...\n`)
    report(await seedDemoTeam(product.serviceUrls, INTERNAL_TOKEN_SECRET))
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
