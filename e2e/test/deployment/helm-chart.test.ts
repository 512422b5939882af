import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  envKeysOf,
  envSchemaOf,
  isRecord,
  nodeComponents,
  parseYaml,
  read,
  root,
  serviceNames,
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
