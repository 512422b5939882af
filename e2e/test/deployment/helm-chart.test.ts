import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { EVENT_PUBLISHERS, EVENT_SUBSCRIPTIONS, INTERNAL_CALLS } from '@app/kit/services'
import { helmValues, generateKeyPairs } from '../../../scripts/generate-keys.ts'
import { internalCallsTemplate } from '../../../scripts/generate-k8s.ts'
import { goMissing, renderChart } from '../../../scripts/render-chart.ts'
import { manifests } from './k8s-manifests.ts'
import {
  commandAvailable,
  envKeysOf,
  envSchemaOf,
  isRecord,
  nodeComponents,
  parseYaml,
  parseYamlDocuments,
  read,
  root,
  serviceNames,
  signers,
} from './workspace.ts'

// Helm cannot run here, so the chart is checked statically: files, documentation of values, and references.
const chart = 'charts/app'
const valuesText = read(`${chart}/values.yaml`)
const values = parseYaml(valuesText) as Record<string, unknown>
const templateFiles = readdirSync(join(root, chart, 'templates'))
const templates = new Map(templateFiles.map((file) => [file, read(`${chart}/templates/${file}`)]))
const components = ['gateway', 'web', ...serviceNames]

/** Paths of the leaves of a values tree: scalars, lists and empty maps. */
function leafPaths(node: unknown, prefix = ''): string[] {
  if (!isRecord(node) || Object.keys(node).length === 0) return [prefix]
  return Object.entries(node).flatMap(([key, child]) => leafPaths(child, prefix ? `${prefix}.${key}` : key))
}

function hasPath(node: unknown, path: string): boolean {
  let current = node
  for (const key of path.split('.')) {
    if (!isRecord(current) || !(key in current)) return false
    current = current[key]
  }
  return true
}

const documented = [...valuesText.matchAll(/^\s*## @param (\S+) \S/gm)].map((match) => match[1]!)

describe('the Helm chart', () => {
  it('has the files of a chart: Chart.yaml, values, helpers, notes and a README', () => {
    const meta = parseYaml(read(`${chart}/Chart.yaml`)) as Record<string, unknown>
    expect(meta).toMatchObject({ apiVersion: 'v2', name: 'app', type: 'application' })
    expect(String(meta.version)).toMatch(/^\d+\.\d+\.\d+$/)
    expect(String(meta.appVersion)).not.toBe('')
    for (const file of ['_helpers.tpl', 'NOTES.txt']) expect(templateFiles).toContain(file)
    expect(read(`${chart}/README.md`)).toContain('helm install')
  })

  it.each(components)('has a template for %s that renders its Deployment and Service', (name) => {
    const template = templates.get(`${name}.yaml`)
    expect(template).toBeDefined()
    expect(template).toMatch(/include "app\.deployment" \$workload/)
    expect(template).toMatch(/include "app\.service" \$workload/)
    expect(template).toContain(`dict "name" "${name}"`)
    expect(isRecord(values[name])).toBe(true)
  })

  it('lists exactly the services of the workspace in its helpers, so the gateway and network policies cover them all', () => {
    const helpers = templates.get('_helpers.tpl')!
    const list = helpers
      .match(/define "app\.serviceNames" -\}\}\n([^{]*)\{\{- end/)?.[1]
      ?.trim()
      .split(/\s+/)
    expect([...(list ?? [])].sort()).toEqual(serviceNames)
  })

  it('gives the gateway an upstream URL variable for each service that the gateway reads', async () => {
    const known = envKeysOf(await envSchemaOf('gateway'))
    expect(templates.get('gateway.yaml')).toContain('- name: {{ upper $name }}_SERVICE_URL')
    for (const name of serviceNames) expect(known).toContain(`${name.toUpperCase()}_SERVICE_URL`)
  })

  it('calls between services exactly as INTERNAL_CALLS in @app/kit/services (app.internalCalls, generated)', () => {
    const generated = templates.get('_internal-calls.tpl')!
    // Written by `npm run chart:k8s` from the internal route catalog, never by hand.
    expect(generated).toBe(internalCallsTemplate())
    const block = generated.match(/define "app\.internalCalls" -\}\}\n([^{]*)\{\{- end/)?.[1]
    expect(block).toBeDefined()
    expect(parseYaml(block!)).toEqual(INTERNAL_CALLS)
    expect(Object.keys(INTERNAL_CALLS).length).toBeGreaterThan(0)
    expect(templates.get('_helpers.tpl')).not.toMatch(/define "app\.internalCalls"/)
  })

  it('signs and verifies events exactly as EVENT_PUBLISHERS and EVENT_SUBSCRIPTIONS in @app/kit/services', () => {
    const helpers = templates.get('_helpers.tpl')!
    const blocks = Object.fromEntries(
      [...helpers.matchAll(/define "app\.(\w+)" -\}\}\n([^{]*)\{\{- end/g)].map((match) => [
        match[1],
        match[2],
      ]),
    )
    const blockOf = (name: string) => blocks[name]
    expect(parseYaml(blockOf('eventPublishers')!)).toEqual(EVENT_PUBLISHERS)
    expect(parseYaml(blockOf('eventSubscriptions')!)).toEqual(EVENT_SUBSCRIPTIONS)
  })

  it('takes one Ed25519 pair per signer from its values, and no shared identity secret', () => {
    const secrets = values.secrets as Record<string, unknown>
    const keyValues = Object.keys(secrets).filter((key) => /(?:Private|Public)Key$/.test(key))
    expect(keyValues.sort()).toEqual(
      signers.flatMap((signer) => [`${signer}PrivateKey`, `${signer}PublicKey`]).sort(),
    )
    for (const [file, text] of templates)
      expect(text, file).not.toMatch(/INTERNAL_TOKEN_SECRET|internalTokenSecret/)
    expect(valuesText).not.toMatch(/INTERNAL_TOKEN_SECRET|internalTokenSecret/)
  })

  it('hands the gateway private key to the gateway template alone, and a service private key only through app.keyEnv', () => {
    const mentioning = (pattern: RegExp) =>
      [...templates].filter(([, text]) => pattern.test(text)).map(([file]) => file)
    expect(mentioning(/GATEWAY_PRIVATE_KEY/)).toEqual(['gateway.yaml'])
    expect(mentioning(/SERVICE_PRIVATE_KEY/)).toEqual(['_helpers.tpl'])
    const keyEnv = templates.get('_helpers.tpl')!.match(/define "app\.keyEnv"[\s\S]*?\n\{\{- end -\}\}/)?.[0]
    expect(keyEnv).toMatch(
      /if or \(hasKey \$calls \.name\) \(hasKey \$publishers \.name\) \}\}\n\{\{ include "app\.secretEnv" \(dict "env" "SERVICE_PRIVATE_KEY"/,
    )
    for (const name of serviceNames) expect(templates.get(`${name}.yaml`), name).toContain('app.serviceEnv')
  })

  it('documents every value with a ## @param line (an object documented as a whole covers its keys)', () => {
    const undocumented = leafPaths(values).filter(
      (path) =>
        !path.split('.').some((_, index, keys) => documented.includes(keys.slice(0, index + 1).join('.'))),
    )
    expect(undocumented).toEqual([])
  })

  it('documents only values that exist, each once', () => {
    expect(documented.filter((path) => !hasPath(values, path))).toEqual([])
    expect(documented.filter((path, index) => documented.indexOf(path) !== index)).toEqual([])
  })

  it('lists every documented value in the README', () => {
    const readme = read(`${chart}/README.md`)
    expect(documented.filter((path) => !readme.includes(`\`${path}\``))).toEqual([])
  })

  it('refers only to values that exist', () => {
    const references = [...templates.values()].flatMap((text) =>
      [...text.matchAll(/\.Values\.([\w.]*\w)/g)].map((match) => match[1]!),
    )
    expect(references.length).toBeGreaterThan(20)
    expect([...new Set(references.filter((path) => !hasPath(values, path)))]).toEqual([])
  })

  it('reads from each component block only keys that every component has', () => {
    const references = [...templates.values()].flatMap((text) =>
      [...text.matchAll(/\$component\.([\w.]*\w)/g)].map((match) => match[1]!),
    )
    expect(references.length).toBeGreaterThan(5)
    for (const name of components)
      expect([...new Set(references.filter((path) => !hasPath(values[name], path)))], name).toEqual([])
  })

  it('hardens every pod by default', () => {
    expect(values.podSecurityContext).toMatchObject({
      enabled: true,
      runAsNonRoot: true,
      seccompProfile: { type: 'RuntimeDefault' },
    })
    expect(values.containerSecurityContext).toMatchObject({
      enabled: true,
      runAsNonRoot: true,
      readOnlyRootFilesystem: true,
      allowPrivilegeEscalation: false,
      privileged: false,
      capabilities: { drop: ['ALL'] },
      seccompProfile: { type: 'RuntimeDefault' },
    })
    expect(values.networkPolicy).toMatchObject({ enabled: true })
    expect(values.serviceAccount).toMatchObject({ automountServiceAccountToken: false })
    for (const name of components)
      expect(JSON.stringify(values[name])).not.toMatch(
        /"(runAsUser|runAsGroup)":0\b|readOnlyRootFilesystem":false|"runAsNonRoot":false/,
      )
  })

  it('scales and protects the gateway by default', () => {
    expect(values.gateway).toMatchObject({ autoscaling: { enabled: true }, pdb: { create: true } })
    for (const name of nodeComponents) expect(values[name]).toHaveProperty('autoscaling.maxReplicas')
  })

  it('keeps no secret in its defaults', () => {
    for (const [key, value] of Object.entries(values.secrets as Record<string, unknown>))
      expect(value, key).toBe('')
  })

  it.each(templateFiles)('has balanced template actions in %s', (file) => {
    const text = templates.get(file)!
    expect(text.split('{{').length).toBe(text.split('}}').length)
    const withoutComments = text.replace(/\{\{-?\s*\/\*[\s\S]*?\*\/\s*-?\}\}/g, '')
    const actions = [...withoutComments.matchAll(/\{\{-?\s*([a-z]*)/g)].map((match) => match[1]!)
    const opened = actions.filter((action) => ['if', 'range', 'with', 'define'].includes(action)).length
    expect(actions.filter((action) => action === 'end').length).toBe(opened)
  })
})

// The chart rendered for real: by helm where it is installed, else by charts/tools/render (Helm's template engine
// semantics, built with Go). Its defaults must give exactly k8s/, and the Secret it creates holds the key pairs it
// was given and refuses a missing or malformed one, naming the value.
const helm = commandAvailable('helm', ['version'])
const goProblem = goMissing()
if (!helm) console.warn('helm is not installed: charts/app is rendered by charts/tools/render instead')
if (!helm && goProblem) console.warn(`Skipping the rendering of charts/app: ${goProblem}`)

describe.skipIf(!helm && goProblem !== null)(
  `${helm ? 'helm template' : 'charts/tools/render'} charts/app`,
  () => {
    const directory = mkdtempSync(join(tmpdir(), 'helm-'))
    afterAll(() => rmSync(directory, { recursive: true, force: true }))

    function template(valuesYaml: string) {
      const file = join(directory, `values-${Math.random().toString(36).slice(2)}.yaml`)
      writeFileSync(file, valuesYaml)
      if (!helm)
        return renderChart([
          '--release',
          'app',
          '--namespace',
          'disc-platform',
          '-f',
          file,
          join(root, chart),
        ])
      return spawnSync(
        'helm',
        ['template', 'app', join(root, chart), '--namespace', 'disc-platform', '-f', file],
        {
          encoding: 'utf8',
        },
      )
    }
    interface Rendered {
      kind: string
      metadata: { name: string; namespace?: string }
      spec?: { template?: { metadata?: { annotations?: Record<string, string> } } }
    }
    /** Kind and name to document, leaving out what k8s/ leaves out: the namespace and the Secret's checksum. */
    function byName(documents: unknown[]) {
      return new Map(
        (documents as Rendered[]).map((document) => {
          const copy = structuredClone(document)
          delete copy.metadata.namespace
          delete copy.spec?.template?.metadata?.annotations?.['checksum/secret']
          return [`${copy.kind}/${copy.metadata.name}`, copy]
        }),
      )
    }
    const keys = () =>
      (parseYaml(helmValues(generateKeyPairs())) as { secrets: Record<string, string> }).secrets
    const withSecrets = (secrets: Record<string, string>) =>
      JSON.stringify({
        secrets: {
          sessionSecret: 's'.repeat(40),
          mongodbUsername: 'app',
          mongodbPassword: 'pw',
          redisPassword: 'pw',
          ...secrets,
        },
      })

    it('renders, with its defaults and an existing Secret, exactly the manifests of k8s/', () => {
      const result = template(JSON.stringify({ secrets: { existingSecret: 'app-secrets' } }))
      expect(result.stderr).toBe('')
      const rendered = byName(parseYamlDocuments(result.stdout))
      const plain = byName(manifests.filter((manifest) => manifest.kind !== 'Namespace'))
      expect([...rendered.keys()].sort()).toEqual([...plain.keys()].sort())
      for (const [key, document] of rendered) expect(plain.get(key), key).toEqual(document)
    })

    it('puts the key pairs it is given into the Secret it creates', () => {
      const given = keys()
      const result = template(withSecrets(given))
      expect(result.stderr).toBe('')
      const secret = parseYamlDocuments(result.stdout).find(
        (document) => (document as { kind?: string }).kind === 'Secret',
      ) as { stringData: Record<string, string> }
      for (const signer of signers) {
        expect(secret.stringData[`${signer.toUpperCase()}_PRIVATE_KEY`]).toBe(given[`${signer}PrivateKey`])
        expect(secret.stringData[`${signer.toUpperCase()}_PUBLIC_KEY`]).toBe(given[`${signer}PublicKey`])
      }
    })

    it.each(signers)('refuses a missing or swapped key pair of %s, naming the value', (signer) => {
      const missing = template(withSecrets({ ...keys(), [`${signer}PublicKey`]: '' }))
      expect(missing.status).not.toBe(0)
      expect(missing.stderr).toContain(`secrets.${signer}PublicKey is required`)
      const given = keys()
      const swapped = template(
        withSecrets({ ...given, [`${signer}PublicKey`]: given[`${signer}PrivateKey`]! }),
      )
      expect(swapped.status).not.toBe(0)
      expect(swapped.stderr).toContain(`secrets.${signer}PublicKey must be a public key`)
    })
  },
)

// Where helm exists, the renderer is held to it: helm lint --strict passes and both give the same objects.
describe.skipIf(!helm || goProblem !== null)('charts/tools/render against helm', () => {
  it('passes helm lint --strict and renders what helm template renders', () => {
    const secret = ['--set', 'secrets.existingSecret=app-secrets']
    const lint = spawnSync('helm', ['lint', '--strict', join(root, chart), ...secret], { encoding: 'utf8' })
    expect(lint.status, lint.stdout + lint.stderr).toBe(0)
    const theirs = spawnSync(
      'helm',
      ['template', 'app', join(root, chart), '--namespace', 'disc-platform', ...secret],
      { encoding: 'utf8' },
    )
    const ours = renderChart([
      '--release',
      'app',
      '--namespace',
      'disc-platform',
      ...secret,
      join(root, chart),
    ])
    expect(ours.stderr).toBe('')
    const key = (document: unknown) => {
      const { kind, metadata } = document as { kind: string; metadata: { name: string } }
      return `${kind}/${metadata.name}`
    }
    const sorted = (text: string) =>
      parseYamlDocuments(text).sort((first, second) => key(first).localeCompare(key(second)))
    expect(sorted(ours.stdout)).toEqual(sorted(theirs.stdout))
  })
})
