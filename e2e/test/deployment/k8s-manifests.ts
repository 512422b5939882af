import { parseYaml, parseYamlDocuments, read } from './workspace.ts'

// The manifests of k8s/ as kustomization.yaml lists them, with the shapes the tests read.
export type Labels = Record<string, string>
export interface Manifest {
  apiVersion: string
  kind: string
  metadata: { name: string; labels?: Labels }
  spec?: Record<string, unknown>
}
export interface EnvVar {
  name: string
  value?: string
  valueFrom?: { secretKeyRef?: { name: string; key: string; optional?: boolean } }
}
export interface Container {
  name: string
  env?: EnvVar[]
  ports?: Array<{ name?: string; containerPort: number }>
  securityContext?: Record<string, unknown>
  readinessProbe?: unknown
  livenessProbe?: unknown
  resources?: { requests?: Record<string, unknown>; limits?: Record<string, unknown> }
  volumeMounts?: Array<{ name: string; mountPath: string }>
}
export interface PodSpec {
  securityContext?: Record<string, unknown>
  containers: Container[]
  volumes?: Array<{ name: string; emptyDir?: unknown }>
  automountServiceAccountToken?: boolean
}
export interface Deployment extends Manifest {
  spec: {
    replicas?: number
    selector: { matchLabels: Labels }
    template: { metadata: { labels: Labels }; spec: PodSpec }
  }
}
export interface PolicyPeer {
  podSelector?: { matchLabels?: Labels }
  namespaceSelector?: unknown
  ipBlock?: unknown
}
export interface NetworkPolicy extends Manifest {
  spec: {
    podSelector: { matchLabels?: Labels }
    policyTypes?: string[]
    ingress?: Array<{ from?: PolicyPeer[]; ports?: Array<{ port: number | string }> }>
    egress?: Array<{ to?: PolicyPeer[]; ports?: Array<{ port: number | string }> }>
  }
}

export const kustomization = parseYaml(read('k8s/kustomization.yaml')) as {
  resources: string[]
  secretGenerator?: Array<{ name: string }>
}
export const manifests = kustomization.resources.flatMap(
  (file) => parseYamlDocuments(read(`k8s/${file}`)) as Manifest[],
)
export const ofKind = <T extends Manifest>(kind: string) =>
  manifests.filter((manifest) => manifest.kind === kind) as T[]
export const deployments = ofKind<Deployment>('Deployment')
export const networkPolicies = ofKind<NetworkPolicy>('NetworkPolicy')
export const values = parseYaml(read('charts/app/values.yaml')) as Record<string, Record<string, unknown>>

export const componentOf = (manifest: Manifest) => manifest.metadata.labels?.['app.kubernetes.io/component']
export const deploymentOf = (name: string) => {
  const found = deployments.find((deployment) => componentOf(deployment) === name)
  if (!found) throw new Error(`k8s/ has no Deployment for ${name}`)
  return found
}
export const selects = (selector: Labels | undefined, labels: Labels) =>
  selector !== undefined &&
  Object.keys(selector).length > 0 &&
  Object.entries(selector).every(([key, value]) => labels[key] === value)
