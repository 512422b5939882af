import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { helmValues, generateKeyPairs } from '../../../scripts/generate-keys.ts'
import { k8sDrift, k8sRelease, k8sRenderArguments } from '../../../scripts/generate-k8s.ts'
import { goMissing, renderChart } from '../../../scripts/render-chart.ts'
import {
  collisions,
  hardeningProblems,
  namespaceProblems,
  networkProblems,
  type Rendered,
  scalingProblems,
  secretProblems,
  validationProblems,
} from './rendered-checks.ts'
import { parseYaml, parseYamlDocuments, root, serviceNames } from './workspace.ts'

// charts/app rendered with Helm's template semantics (charts/tools/render) for the defaults and two tenants, each
// object validated. Go is a Debian package that CI installs (.ci/run); without it these tests cannot run.
const missing = goMissing()
if (missing) console.warn(`Skipping the chart rendering tests: ${missing}`)

const directory = mkdtempSync(join(tmpdir(), 'chart-render-'))
afterAll(() => rmSync(directory, { recursive: true, force: true }))

function valuesFile(values: unknown): string {
  const file = join(directory, `values-${Math.random().toString(36).slice(2)}.yaml`)
  writeFileSync(file, JSON.stringify(values))
  return file
}

function render(args: string[]): Rendered[] {
  const result = renderChart(args)
  if (result.status !== 0) throw new Error(`render ${args.join(' ')} failed:\n${result.stderr}`)
  return parseYamlDocuments(result.stdout) as Rendered[]
}

const chartValues = parseYaml(
  (await import('node:fs')).readFileSync(join(root, 'charts/app/values.yaml'), 'utf8'),
) as {
  networkPolicy: { dataServices: { ports: number[] } }
  redis: { port: number }
}
const dataPorts = chartValues.networkPolicy.dataServices.ports
const redisPort = chartValues.redis.port

/** The values a tenant must set: its host, secrets, data services; each service scaled with an HPA and a PDB. */
function tenant(name: string, index: number) {
  const keys = (parseYaml(helmValues(generateKeyPairs())) as { secrets: Record<string, string> }).secrets
  const secrets = {
    ...keys,
    sessionSecret: `${name}-session-secret-${'x'.repeat(32)}`,
    mongodbUsername: `${name.replace('-', '')}user`,
    mongodbPassword: `${name.replace('-', '')}MongoPassword${index}`,
    redisPassword: `${name.replace('-', '')}RedisPassword${index}`,
  }
  const scaled = Object.fromEntries(
    serviceNames.map((service) => [
      service,
      { autoscaling: { enabled: true, minReplicas: 2 }, pdb: { create: true, minAvailable: 1 } },
    ]),
  )
  const values = {
    ingress: { hostname: `${name}.disc.example.com` },
    mongodb: { hosts: `mongodb.${name}-data.svc:27017` },
    redis: { host: `redis.${name}-data.svc`, database: index },
    kafka: { brokers: `kafka.${name}-data.svc:9092` },
    secrets,
    ...scaled,
  }
  const secretValues = Object.values(secrets)
  const args = ['--release', name, '--namespace', name, '-f', valuesFile(values)]
  return { name, values, args, secretValues }
}

describe.skipIf(missing !== null)('charts/app rendered with Helm template semantics', () => {
  const tenants = [tenant('tenant-a', 1), tenant('tenant-b', 2)]
  const releases: Array<{
    name: string
    namespace: string
    secret: string
    objects: Rendered[]
    secretValues: string[]
  }> = []
  beforeAll(() => {
    releases.push({
      name: 'defaults',
      namespace: k8sRelease.namespace,
      secret: k8sRelease.secret,
      objects: render(k8sRenderArguments),
      secretValues: [],
    })
    for (const { name, args, secretValues } of tenants)
      releases.push({
        name,
        namespace: name,
        secret: `${name}-app-secrets`,
        objects: render(args),
        secretValues,
      })
  })

  it('keeps k8s/ exactly the chart rendered with its defaults (npm run chart:k8s)', () => {
    expect(k8sDrift()).toEqual([])
  })

  it('renders every component and the release-wide objects for the defaults and both tenants', () => {
    for (const release of releases) {
      const kinds = release.objects.map(
        (object) => `${object.kind}/${object.metadata.labels?.['app.kubernetes.io/component'] ?? '-'}`,
      )
      for (const component of ['gateway', 'web', ...serviceNames])
        for (const kind of ['Deployment', 'Service', 'NetworkPolicy'])
          expect(kinds, `${release.name}: ${kind} of ${component}`).toContain(`${kind}/${component}`)
      expect(kinds, release.name).toContain('Ingress/-')
      expect(kinds, release.name).toContain('ServiceAccount/-')
      expect(kinds.includes('Secret/-'), release.name).toBe(release.name !== 'defaults')
    }
  })

  it('produces objects that all validate against the Kubernetes schemas (kubernetes-models)', () => {
    for (const release of releases) {
      expect(release.objects.length, release.name).toBeGreaterThan(25)
      expect(validationProblems(release.objects), release.name).toEqual([])
      expect(namespaceProblems(release.objects, release.namespace), release.name).toEqual([])
    }
  })

  it('hardens every container: non-root, read-only root, no capabilities, RuntimeDefault seccomp, resources, probes', () => {
    for (const release of releases) expect(hardeningProblems(release.objects), release.name).toEqual([])
  })

  it('lets through exactly gateway → services, the INTERNAL_CALLS edges and services → MongoDB/Redis/Kafka', () => {
    for (const release of releases)
      expect(networkProblems(release.objects, dataPorts, redisPort), release.name).toEqual([])
  })

  it('gives every scalable workload an HPA and a PDB', () => {
    for (const release of releases) expect(scalingProblems(release.objects), release.name).toEqual([])
    const tenantA = releases.find((release) => release.name === 'tenant-a')!
    const autoscaled = tenantA.objects.filter((object) => object.kind === 'HorizontalPodAutoscaler')
    expect(autoscaled.length).toBe(1 + serviceNames.length)
  })

  it('hands secrets to containers only from the Secret objects', () => {
    for (const release of releases)
      expect(secretProblems(release.objects, release.secret, release.secretValues), release.name).toEqual([])
    const secret = releases[1]!.objects.find((object) => object.kind === 'Secret')!
    expect(Object.values(secret.stringData ?? {})).toEqual(expect.arrayContaining(releases[1]!.secretValues))
  })

  it('installs tenant-a and tenant-b side by side: no object, host, database, Redis database or Kafka in common', () => {
    const [, a, b] = releases
    expect(collisions(a!.objects, b!.objects)).toEqual([])
    // And against the defaults, which another tenant could be installed beside.
    expect(collisions(a!.objects, releases[0]!.objects)).toEqual([])
  })

  it('would find each planted fault (the checks are real)', () => {
    const objects = releases[1]!.objects
    const clone = () => structuredClone(objects)
    const deployment = (list: Rendered[], name: string) =>
      list.find(
        (object) =>
          object.kind === 'Deployment' && object.metadata.labels?.['app.kubernetes.io/component'] === name,
      ) as unknown as {
        spec: { replicas?: unknown; template: { spec: { containers: Array<Record<string, unknown>> } } }
      }

    const invalid = clone()
    deployment(invalid, 'gateway').spec.replicas = 'two'
    expect(validationProblems(invalid)).toEqual([expect.stringContaining('Deployment tenant-a-app-gateway')])

    const rootContainer = render([...tenants[0]!.args, '--set', 'auth.containerSecurityContext.runAsUser=0'])
    expect(hardeningProblems(rootContainer)).toEqual([
      'Deployment tenant-a-app-auth container auth: runs as user 0 (root)',
    ])

    const open = render([
      ...tenants[0]!.args,
      '--set',
      'questions.networkPolicy.extraEgress[0].ports[0].port=443',
    ])
    expect(networkProblems(open, dataPorts, redisPort)).toEqual([
      expect.stringMatching(/^questions: egress to \[\] on 443 is not an allowed edge$/),
    ])

    const unprotected = render([...tenants[0]!.args, '--set', 'auth.pdb.create=false'])
    expect(scalingProblems(unprotected)).toEqual([
      expect.stringContaining(
        'Deployment tenant-a-app-auth: scalable (2+ replicas) without a PodDisruptionBudget',
      ),
    ])

    const leaked = clone()
    deployment(leaked, 'auth').spec.template.spec.containers[0]!.env = [
      { name: 'SESSION_SECRET', value: releases[1]!.secretValues[0] },
    ]
    expect(secretProblems(leaked, releases[1]!.secret, releases[1]!.secretValues).length).toBeGreaterThan(0)

    const sameHost = render([
      ...tenants[1]!.args,
      '--set',
      `ingress.hostname=${tenants[0]!.values.ingress.hostname},mongodb.hosts=${tenants[0]!.values.mongodb.hosts},mongodb.databasePrefix=tenant-a`,
    ])
    expect(collisions(objects, sameHost)).toEqual(
      expect.arrayContaining([
        'host tenant-a.disc.example.com',
        expect.stringMatching(/^database .*\/tenant-a-auth$/),
      ]),
    )
  })
})

describe.skipIf(missing !== null)('the chart renderer (charts/tools/render)', () => {
  const fixture = join(directory, 'fixture')
  beforeAll(() => {
    mkdirSync(join(fixture, 'templates'), { recursive: true })
    writeFileSync(
      join(fixture, 'Chart.yaml'),
      'apiVersion: v2\nname: fixture\nversion: 1.2.3\nappVersion: "4.5"\n',
    )
    writeFileSync(
      join(fixture, 'values.yaml'),
      'greeting: hello {{ .Release.Name }}\nport: 8080\nnested: { kept: yes, replaced: old }\nlist: [a, b]\n',
    )
    writeFileSync(
      join(fixture, 'templates', '_helpers.tpl'),
      '{{- define "fixture.name" -}}{{ .Chart.Name }}-{{ .Release.Name }}{{- end -}}\n',
    )
    writeFileSync(join(fixture, 'templates', 'NOTES.txt'), 'These notes are not a manifest.\n')
    writeFileSync(
      join(fixture, 'templates', 'configmap.yaml'),
      [
        'apiVersion: v1',
        'kind: ConfigMap',
        'metadata:',
        '  name: {{ include "fixture.name" . }}',
        '  namespace: {{ .Release.Namespace }}',
        'data:',
        '  greeting: {{ tpl .Values.greeting . | quote }}',
        '  port: {{ .Values.port | quote }}',
        '  nested: {{ .Values.nested | toJson | quote }}',
        '  list: {{ toYaml .Values.list | fromYamlArray | len | quote }}',
        '  chart: "{{ .Chart.Name }} {{ .Chart.Version }} {{ .Chart.AppVersion }}"',
        '  kube: {{ .Capabilities.KubeVersion.Version | quote }}',
        '  hpa: {{ .Capabilities.APIVersions.Has "autoscaling/v2" | quote }}',
        '  lookup: {{ lookup "v1" "Secret" "ns" "name" | len | quote }}',
        '  required: {{ required "nested.kept is required" .Values.nested.kept | quote }}',
        '  fromYaml: {{ (fromYaml "a: {b: 1}").a.b | quote }}',
      ].join('\n'),
    )
  })
  const run = (...args: string[]) => renderChart([...args, fixture])

  it('implements include, tpl, toJson, toYaml, fromYaml, lookup, required, .Chart, .Release and .Capabilities', () => {
    const result = run('--release', 'demo', '--namespace', 'space')
    expect(result.stderr).toBe('')
    const [configMap, ...rest] = parseYamlDocuments(result.stdout) as Array<{
      metadata: unknown
      data: unknown
    }>
    expect(rest).toEqual([])
    expect(result.stdout).toContain('# Source: fixture/templates/configmap.yaml')
    expect(result.stdout).not.toContain('notes')
    expect(configMap!.metadata).toEqual({ name: 'fixture-demo', namespace: 'space' })
    expect(configMap!.data).toEqual({
      greeting: 'hello demo',
      port: '8080',
      nested: '{"kept":"yes","replaced":"old"}',
      list: '2',
      chart: 'fixture 1.2.3 4.5',
      kube: 'v1.31.0',
      hpa: 'true',
      lookup: '0',
      required: 'yes',
      fromYaml: '1',
    })
  })

  it('merges values.yaml, then -f files in order, then --set; null removes a default', () => {
    const first = valuesFile({ nested: { replaced: 'from-file' }, port: 1 })
    const second = valuesFile({ port: 2 })
    const data = (...args: string[]) => {
      const result = run(...args)
      expect(result.stderr).toBe('')
      return (parseYamlDocuments(result.stdout) as Array<{ data: Record<string, string> }>)[0]!.data
    }
    expect(data('-f', first, '-f', second)).toMatchObject({
      port: '2',
      nested: '{"kept":"yes","replaced":"from-file"}',
    })
    expect(data('-f', first, '--set', 'nested.replaced=null,greeting=set')).toMatchObject({
      port: '1',
      nested: '{"kept":"yes"}',
      greeting: 'set',
    })
    expect(run('--set', 'nested.kept=').stderr).toContain('nested.kept is required')
  })

  it('reports a template error with its file and line, and YAML that does not parse, naming the file', () => {
    const broken = join(directory, 'broken')
    cpSync(join(root, 'charts/app'), broken, { recursive: true })
    writeFileSync(
      join(broken, 'templates', 'web.yaml'),
      '{{- include "app.deployment" (dict "name" "web" "context" .) }\n',
    )
    const parse = renderChart(['--set', 'secrets.existingSecret=x', broken])
    expect(parse.status).not.toBe(0)
    expect(parse.stderr).toMatch(/app\/templates\/web\.yaml:1/)
    writeFileSync(
      join(broken, 'templates', 'web.yaml'),
      'kind: Service\nmetadata:\n  name: a\n   bad: indentation\n',
    )
    const yaml = renderChart(['--set', 'secrets.existingSecret=x', broken])
    expect(yaml.status).not.toBe(0)
    expect(yaml.stderr).toContain('YAML parse error on app/templates/web.yaml')
  })
})

describe.skipIf(missing !== null)('values.schema.json', () => {
  it('refuses a port given as text, naming the value', () => {
    const result = renderChart([...k8sRenderArguments, '--set-string', 'gateway.containerPort=8080'])
    expect(result.status).not.toBe(0)
    expect(result.stderr).toContain('- gateway.containerPort: Invalid type. Expected: integer, given: string')
  })

  it('refuses an unknown key under a service, naming it', () => {
    const result = renderChart([...k8sRenderArguments, '--set', 'auth.replicas=3'])
    expect(result.status).not.toBe(0)
    expect(result.stderr).toContain('- auth: Additional property replicas is not allowed')
  })

  it('refuses a value outside its choices, and a component without resource limits', () => {
    const result = renderChart([
      ...k8sRenderArguments,
      '--set',
      'config.aiProvider=claude,advice.resources.limits=null',
    ])
    expect(result.status).not.toBe(0)
    expect(result.stderr).toContain('config.aiProvider must be one of the following: "builtin", "openai"')
    expect(result.stderr).toContain('advice.resources: limits is required')
  })

  it('describes every value of values.yaml', () => {
    const result = renderChart([...k8sRenderArguments, '-f', join(root, 'charts/app/values.yaml')])
    expect(result.stderr).toBe('')
  })
})
