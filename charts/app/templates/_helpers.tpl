{{/* Names, labels and the values shared by several templates. */}}

{{- define "app.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Prefix of every resource name; 53 characters leave room for "-questions" within 63. */}}
{{- define "app.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 53 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 53 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 53 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{- define "app.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* The six backend services, in the order the gateway lists them. */}}
{{- define "app.serviceNames" -}}
auth profiles sharing questions import advice
{{- end -}}

{{/* The only synchronous calls between services, app.internalCalls: generated into _internal-calls.tpl. */}}

{{/* The services that call a given one. Call with (dict "name" "auth" "context" $); a space-separated list. */}}
{{- define "app.callersOf" -}}
{{- $callers := list -}}
{{- range $caller, $targets := include "app.internalCalls" .context | fromYaml -}}
{{- if has $.name $targets -}}
{{- $callers = append $callers $caller -}}
{{- end -}}
{{- end -}}
{{- join " " $callers -}}
{{- end -}}

{{/*
Who publishes each event topic, publisher: [topics] (EVENT_PUBLISHERS in packages/kit/src/services.ts, which
e2e/test/deployment checks this against), and the topics each consumer hears (EVENT_SUBSCRIPTIONS). A publisher
signs its events with its own private key; a consumer holds the public key of each publisher it hears
(docs/decisions/021-events-signed-by-their-publisher.md). Read with: include "app.eventPublishers" . | fromYaml
*/}}
{{- define "app.eventPublishers" -}}
auth: [users.created.v1, users.updated.v1, users.deleted.v1, audit.auth-recorded.v1]
sharing: [invitations.accepted.v1, access.revoked.v1, audit.sharing-recorded.v1]
import: [audit.import-recorded.v1]
{{- end -}}

{{- define "app.eventSubscriptions" -}}
profiles: [users.created.v1, users.updated.v1, invitations.accepted.v1, access.revoked.v1, users.deleted.v1]
sharing: [users.deleted.v1]
import: [users.deleted.v1]
auth: [audit.auth-recorded.v1, audit.import-recorded.v1, audit.sharing-recorded.v1]
{{- end -}}

{{/* The publishers whose events a service consumes. Call with (dict "name" "profiles" "context" $); a space-separated list. */}}
{{- define "app.publishersHeardBy" -}}
{{- $heard := index (include "app.eventSubscriptions" .context | fromYaml) .name | default list -}}
{{- $publishers := list -}}
{{- range $publisher, $topics := include "app.eventPublishers" .context | fromYaml -}}
{{- range $topic := $topics -}}
{{- if and (has $topic $heard) (not (has $publisher $publishers)) -}}
{{- $publishers = append $publishers $publisher -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- join " " $publishers -}}
{{- end -}}

{{/* Who signs: the gateway for users, then each service that calls another or publishes events. */}}
{{- define "app.signers" -}}
{{- $services := concat (keys (include "app.internalCalls" . | fromYaml)) (keys (include "app.eventPublishers" . | fromYaml)) -}}
gateway {{ $services | uniq | sortAlpha | join " " }}
{{- end -}}

{{/* Every component with a Deployment: the two public ones, then the services. */}}
{{- define "app.componentNames" -}}
gateway web {{ include "app.serviceNames" . }}
{{- end -}}

{{/* Resource name of one component. Call with (dict "name" "auth" "context" $). */}}
{{- define "app.componentName" -}}
{{- printf "%s-%s" (include "app.fullname" .context) .name -}}
{{- end -}}

{{- define "app.selectorLabels" -}}
app.kubernetes.io/name: {{ include "app.name" .context }}
app.kubernetes.io/instance: {{ .context.Release.Name }}
app.kubernetes.io/component: {{ .name }}
{{- end -}}

{{/* Labels of one component's resources. Call with (dict "name" "auth" "context" $). */}}
{{- define "app.labels" -}}
helm.sh/chart: {{ include "app.chart" .context }}
{{ include "app.selectorLabels" . }}
app.kubernetes.io/version: {{ .context.Chart.AppVersion | quote }}
app.kubernetes.io/part-of: disc-platform
app.kubernetes.io/managed-by: {{ .context.Release.Service }}
{{- with .context.Values.commonLabels }}
{{ toYaml . }}
{{- end }}
{{- end -}}

{{/* Labels of resources that belong to the whole release. */}}
{{- define "app.releaseLabels" -}}
helm.sh/chart: {{ include "app.chart" . }}
app.kubernetes.io/name: {{ include "app.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/part-of: disc-platform
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- with .Values.commonLabels }}
{{ toYaml . }}
{{- end }}
{{- end -}}

{{- define "app.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "app.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{/* Image of one component. Call with (dict "name" "auth" "context" $). */}}
{{- define "app.image" -}}
{{- $component := index .context.Values .name -}}
{{- $registry := default .context.Values.image.registry .context.Values.global.imageRegistry -}}
{{- $repository := default (printf "%s/%s" .context.Values.image.repositoryPrefix .name) $component.image.repository -}}
{{- $tag := default (default .context.Chart.AppVersion .context.Values.image.tag) $component.image.tag -}}
{{- if $registry -}}
{{- printf "%s/%s:%s" $registry $repository $tag -}}
{{- else -}}
{{- printf "%s:%s" $repository $tag -}}
{{- end -}}
{{- end -}}

{{- define "app.secretName" -}}
{{- default (printf "%s-secrets" (include "app.fullname" .)) .Values.secrets.existingSecret -}}
{{- end -}}

{{- define "app.publicUrl" -}}
{{- if .Values.config.publicUrl -}}
{{- .Values.config.publicUrl -}}
{{- else -}}
{{- printf "%s://%s" (ternary "https" "http" .Values.ingress.tls) .Values.ingress.hostname -}}
{{- end -}}
{{- end -}}

{{/*
The e-mail settings of the services that send e-mail (auth: password resets; sharing: invitations): one SMTP
server, one sender and one public URL for the links, the gateway's (config.publicUrl). Empty values mean the
services' defaults; without SMTP_URL e-mails go to an outbox file and the log.
*/}}
{{- define "app.mailEnv" -}}
{{ include "app.secretEnv" (dict "env" "SMTP_URL" "optional" true "context" .) }}
- name: MAIL_FROM
  value: {{ .Values.config.mailFrom | quote }}
- name: PUBLIC_URL
  value: {{ include "app.publicUrl" . | quote }}
{{- end -}}

{{/* In-cluster URL of one service, for the gateway. Call with (dict "name" "auth" "context" $). */}}
{{- define "app.serviceUrl" -}}
{{- $component := index .context.Values .name -}}
{{- printf "http://%s:%v" (include "app.componentName" .) $component.service.port -}}
{{- end -}}

{{/*
A secret key as an environment variable. Call with (dict "env" "SMTP_URL" "optional" true "context" $);
"key" names the Secret key when it differs from the variable.
*/}}
{{- define "app.secretEnv" -}}
- name: {{ .env }}
  valueFrom:
    secretKeyRef:
      name: {{ include "app.secretName" .context }}
      key: {{ default .env .key }}
      {{- if .optional }}
      optional: true
      {{- end }}
{{- end -}}

{{/* REDIS_URL, with REDIS_PASSWORD defined first so that Kubernetes can expand $(REDIS_PASSWORD) in it. */}}
{{- define "app.redisEnv" -}}
{{- $redis := .Values.redis -}}
{{- $scheme := ternary "rediss" "redis" $redis.tls -}}
{{- if $redis.auth.enabled }}
{{ include "app.secretEnv" (dict "env" "REDIS_PASSWORD" "context" .) }}
- name: REDIS_URL
  value: {{ printf "%s://:$(REDIS_PASSWORD)@%s:%v/%v" $scheme $redis.host $redis.port $redis.database | quote }}
{{- else }}
- name: REDIS_URL
  value: {{ printf "%s://%s:%v/%v" $scheme $redis.host $redis.port $redis.database | quote }}
{{- end }}
{{- end -}}

{{/* MONGO_URL of one service: its own database, named <prefix>-<service>. Call with (dict "name" "auth" "context" $). */}}
{{- define "app.mongoEnv" -}}
{{- $mongodb := .context.Values.mongodb -}}
{{- $database := printf "%s-%s" (default .context.Release.Name $mongodb.databasePrefix) .name -}}
{{- $query := ternary (printf "?%s" $mongodb.options) "" (ne $mongodb.options "") -}}
{{- if $mongodb.auth.enabled }}
{{ include "app.secretEnv" (dict "env" "MONGO_USERNAME" "context" .context) }}
{{ include "app.secretEnv" (dict "env" "MONGO_PASSWORD" "context" .context) }}
- name: MONGO_URL
  value: {{ printf "%s://$(MONGO_USERNAME):$(MONGO_PASSWORD)@%s/%s%s" $mongodb.scheme $mongodb.hosts $database $query | quote }}
{{- else }}
- name: MONGO_URL
  value: {{ printf "%s://%s/%s%s" $mongodb.scheme $mongodb.hosts $database $query | quote }}
{{- end }}
{{- end -}}

{{/* The variables every backend service reads (docs/architecture.md, Configuration). Call with (dict "name" "auth" "context" $). */}}
{{- define "app.serviceEnv" -}}
{{- $component := index .context.Values .name -}}
- name: PORT
  value: {{ $component.containerPort | quote }}
- name: HOST
  value: "0.0.0.0"
- name: DATA_DIR
  value: /app/data
- name: LOG_LEVEL
  value: {{ .context.Values.config.logLevel | quote }}
{{ include "app.keyEnv" . }}
{{- include "app.mongoEnv" . }}
{{- include "app.redisEnv" .context }}
- name: KAFKA_BROKERS
  value: {{ .context.Values.kafka.brokers | quote }}
{{- end -}}


{{/*
The identity keys of one service (docs/architecture.md, Identity), all from the Secret: the gateway's public
key; the public key of each service that calls it or publishes events it consumes; and, when it calls others or
publishes events, its own private key as SERVICE_PRIVATE_KEY, with the URL of each service it calls. Never the
gateway's private key. Call with (dict "name" "auth" "context" $).
*/}}
{{- define "app.keyEnv" -}}
{{- $ := .context -}}
{{- $calls := include "app.internalCalls" $ | fromYaml -}}
{{- $publishers := include "app.eventPublishers" $ | fromYaml -}}
{{ include "app.secretEnv" (dict "env" "GATEWAY_PUBLIC_KEY" "context" $) }}
{{- $holders := concat (splitList " " (include "app.callersOf" .)) (splitList " " (include "app.publishersHeardBy" .)) }}
{{- range $holder := $holders | uniq | sortAlpha }}
{{- if $holder }}
{{ include "app.secretEnv" (dict "env" (printf "%s_PUBLIC_KEY" (upper $holder)) "context" $) }}
{{- end }}
{{- end }}
{{- if or (hasKey $calls .name) (hasKey $publishers .name) }}
{{ include "app.secretEnv" (dict "env" "SERVICE_PRIVATE_KEY" "key" (printf "%s_PRIVATE_KEY" (upper .name)) "context" $) }}
{{- end }}
{{- range $target := index $calls .name | default list }}
- name: {{ upper $target }}_SERVICE_URL
  value: {{ include "app.serviceUrl" (dict "name" $target "context" $) | quote }}
{{- end }}
{{- end -}}

{{/* OIDC_PROVIDERS of the gateway and auth: the tenant's OpenID Connect providers as JSON; empty, none. */}}
{{- define "app.oidcProvidersEnv" -}}
- name: OIDC_PROVIDERS
  value: {{ ternary (toJson .Values.oidc.providers) "" (gt (len .Values.oidc.providers) 0) | quote }}
{{- end -}}
