import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateKeyPairs, helmValues } from '../../../scripts/generate-keys.ts'
import { goMissing, renderChart } from '../../../scripts/render-chart.ts'
import { configurationOf, leftToDefaultsProblems, unsetVariables } from './configuration.ts'
import { deploymentOf, type Deployment, type EnvVar } from './k8s-manifests.ts'
import { isRecord, nodeComponents, parseYaml, parseYamlDocuments, read } from './workspace.ts'

// Every variable each process's zod configuration reads is set by docker-compose.yml, by the chart as a tenant
// renders it, and by k8s/, except the few configuration.ts lets stay at their defaults, with a reason each.

const compose = parseYaml(read('docker-compose.yml')) as { services: Record<string, Record<string, unknown>> }

function composeEnvironment(name: string): Record<string, string> {
  const environment = compose.services[name]?.environment
  if (!isRecord(environment)) throw new Error(`compose service ${name} has no environment map`)
  return Object.fromEntries(Object.entries(environment).map(([key, value]) => [key, String(value)]))
}

const k8sEnvironment = (name: string): EnvVar[] =>
  deploymentOf(name).spec.template.spec.containers[0]!.env ?? []

const missingGo = goMissing()
if (missingGo) console.warn(`Skipping the rendered chart's configuration checks: ${missingGo}`)

const tenantHost = 'tenant-c.disc.example.com'
let chartDeployments: Deployment[] = []
const directory = mkdtempSync(join(tmpdir(), 'configuration-'))
afterAll(() => rmSync(directory, { recursive: true, force: true }))
beforeAll(() => {
  if (missingGo) return
  const keys = (parseYaml(helmValues(generateKeyPairs())) as { secrets: Record<string, string> }).secrets
  const file = join(directory, 'tenant.yaml')
  writeFileSync(
    file,
    JSON.stringify({
      ingress: { hostname: tenantHost },
      secrets: {
        ...keys,
        sessionSecret: 's'.repeat(40),
        mongodbUsername: 'tenant',
        mongodbPassword: 'tenantMongoPassword',
        redisPassword: 'tenantRedisPassword',
      },
    }),
  )
  const result = renderChart(['--release', 'tenant-c', '--namespace', 'tenant-c', '-f', file])
  if (result.status !== 0) throw new Error(`rendering the chart failed:\n${result.stderr}`)
  chartDeployments = (parseYamlDocuments(result.stdout) as Deployment[]).filter(
    (object) => object.kind === 'Deployment',
  )
})

function chartEnvironment(name: string): EnvVar[] {
  const deployment = chartDeployments.find(
    (object) => object.metadata.labels?.['app.kubernetes.io/component'] === name,
  )
  if (!deployment) throw new Error(`the rendered chart has no Deployment for ${name}`)
  return deployment.spec.template.spec.containers[0]!.env ?? []
}

const valueOf = (environment: EnvVar[], name: string) =>
  environment.find((variable) => variable.name === name)

describe('the configuration every deployment hands each process', () => {
  it('lets stay at its default only variables a process reads and can start without', async () => {
    expect(await leftToDefaultsProblems()).toEqual([])
    for (const name of nodeComponents) {
      const { required, expected } = await configurationOf(name)
      expect(
        required.filter((key) => !expected.includes(key)),
        name,
      ).toEqual([])
    }
  })

  it.each(nodeComponents)('docker-compose.yml sets every variable of the %s configuration', async (name) => {
    expect(await unsetVariables(name, Object.keys(composeEnvironment(name)))).toEqual([])
  })

  it.each(nodeComponents)('k8s/ sets every variable of the %s configuration', async (name) => {
    expect(
      await unsetVariables(
        name,
        k8sEnvironment(name).map((variable) => variable.name),
      ),
    ).toEqual([])
  })

  it.skipIf(missingGo !== null).each(nodeComponents)(
    'the chart, rendered for a tenant, sets every variable of the %s configuration',
    async (name) => {
      expect(
        await unsetVariables(
          name,
          chartEnvironment(name).map((variable) => variable.name),
        ),
      ).toEqual([])
    },
  )

  it('would find a variable a deployment leaves out (the check is real)', async () => {
    const sharing = Object.keys(composeEnvironment('sharing'))
    const without = (...names: string[]) => sharing.filter((key) => !names.includes(key))
    expect(await unsetVariables('sharing', without('INVITATION_TOKEN_KEY', 'PUBLIC_URL'))).toEqual([
      'INVITATION_TOKEN_KEY',
      'PUBLIC_URL',
    ])
    expect(await unsetVariables('sharing', without('GATEWAY_PUBLIC_KEY', 'SMTP_URL', 'MAIL_FROM'))).toEqual([
      'GATEWAY_PUBLIC_KEY',
      'MAIL_FROM',
      'SMTP_URL',
    ])
    const importer = k8sEnvironment('import').map((variable) => variable.name)
    expect(
      await unsetVariables(
        'import',
        importer.filter((key) => key !== 'PROFILES_SERVICE_URL'),
      ),
    ).toEqual(['PROFILES_SERVICE_URL'])
  })
})

describe('the e-mail settings of auth and sharing', () => {
  const senders = ['auth', 'sharing']

  it('docker-compose.yml: one PUBLIC_URL, SMTP_URL and MAIL_FROM from .env for the gateway, auth and sharing', () => {
    for (const name of senders) {
      const environment = composeEnvironment(name)
      expect(environment.PUBLIC_URL, name).toBe(composeEnvironment('gateway').PUBLIC_URL)
      expect(environment.SMTP_URL, name).toBe('${SMTP_URL:-}')
      expect(environment.MAIL_FROM, name).toBe('${MAIL_FROM:-}')
    }
    expect(composeEnvironment('sharing').INVITATION_TOKEN_KEY).toMatch(/^\$\{INVITATION_TOKEN_KEY:\?/)
  })

  it.skipIf(missingGo !== null)(
    "the chart: the tenant's address in the links of both, and the same SMTP server and sender",
    () => {
      for (const name of [...senders, 'gateway'])
        expect(valueOf(chartEnvironment(name), 'PUBLIC_URL')?.value, name).toBe(`https://${tenantHost}`)
      for (const name of senders) {
        expect(valueOf(chartEnvironment(name), 'SMTP_URL')?.valueFrom?.secretKeyRef, name).toMatchObject({
          key: 'SMTP_URL',
          optional: true,
        })
        expect(valueOf(chartEnvironment(name), 'MAIL_FROM'), name).toEqual(
          valueOf(chartEnvironment('auth'), 'MAIL_FROM'),
        )
      }
    },
  )

  it('k8s/: the same PUBLIC_URL for the gateway, auth and sharing, and the invitation key from the Secret', () => {
    const urls = [...senders, 'gateway'].map((name) => valueOf(k8sEnvironment(name), 'PUBLIC_URL')?.value)
    expect(new Set(urls).size).toBe(1)
    expect(urls[0]).toMatch(/^https:\/\//)
    for (const environment of [
      k8sEnvironment('sharing'),
      ...(missingGo ? [] : [chartEnvironment('sharing')]),
    ])
      expect(valueOf(environment, 'INVITATION_TOKEN_KEY')?.valueFrom?.secretKeyRef).toEqual({
        name: expect.any(String),
        key: 'INVITATION_TOKEN_KEY',
      })
    for (const name of nodeComponents.filter((component) => component !== 'sharing'))
      expect(valueOf(k8sEnvironment(name), 'INVITATION_TOKEN_KEY'), name).toBeUndefined()
  })
})
