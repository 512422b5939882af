{{/*
Deployment and Service of one component. Each component's template calls these with
(dict "name" "auth" "context" $ "env" <env list YAML> "readiness" <handler> "liveness" <handler> "volumes" <list of name, mountPath>),
so the per-component files hold only what differs: environment, probes and writable folders.
*/}}

{{- define "app.deployment" -}}
{{- $ := .context -}}
{{- $component := index $.Values .name -}}
{{- $podSecurityContext := mergeOverwrite (deepCopy $.Values.podSecurityContext) $component.podSecurityContext -}}
{{- $containerSecurityContext := mergeOverwrite (deepCopy $.Values.containerSecurityContext) $component.containerSecurityContext -}}
apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ include "app.componentName" . }}
  namespace: {{ $.Release.Namespace | quote }}
  labels:
    {{- include "app.labels" . | nindent 4 }}
  {{- with $.Values.commonAnnotations }}
  annotations:
    {{- toYaml . | nindent 4 }}
  {{- end }}
spec:
  {{- if not $component.autoscaling.enabled }}
  replicas: {{ $component.replicaCount }}
  {{- end }}
  revisionHistoryLimit: 5
  selector:
    matchLabels:
      {{- include "app.selectorLabels" . | nindent 6 }}
  template:
    metadata:
      labels:
        {{- include "app.labels" . | nindent 8 }}
        {{- with $.Values.podLabels }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
      annotations:
        kubectl.kubernetes.io/default-container: {{ .name }}
        {{- if not $.Values.secrets.existingSecret }}
        # Restart the pods when the chart-managed Secret changes.
        checksum/secret: {{ include (print $.Template.BasePath "/secret.yaml") $ | sha256sum }}
        {{- end }}
        {{- with $.Values.podAnnotations }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
    spec:
      serviceAccountName: {{ include "app.serviceAccountName" $ }}
      automountServiceAccountToken: {{ $.Values.serviceAccount.automountServiceAccountToken }}
      {{- with $.Values.global.imagePullSecrets }}
      imagePullSecrets:
        {{- range . }}
        - name: {{ . }}
        {{- end }}
      {{- end }}
      {{- if $podSecurityContext.enabled }}
      securityContext:
        {{- omit $podSecurityContext "enabled" | toYaml | nindent 8 }}
      {{- end }}
      terminationGracePeriodSeconds: {{ $.Values.terminationGracePeriodSeconds }}
      {{- with $.Values.priorityClassName }}
      priorityClassName: {{ . }}
      {{- end }}
      {{- with $.Values.nodeSelector }}
      nodeSelector:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $.Values.tolerations }}
      tolerations:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $.Values.affinity }}
      affinity:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      containers:
        - name: {{ .name }}
          image: {{ include "app.image" . }}
          imagePullPolicy: {{ $.Values.image.pullPolicy }}
          {{- if $containerSecurityContext.enabled }}
          securityContext:
            {{- omit $containerSecurityContext "enabled" | toYaml | nindent 12 }}
          {{- end }}
          ports:
            - name: http
              containerPort: {{ $component.containerPort }}
              protocol: TCP
          env:
            {{- .env | nindent 12 }}
            {{- with $component.extraEnvVars }}
            {{- toYaml . | nindent 12 }}
            {{- end }}
          readinessProbe:
            {{- toYaml (merge (deepCopy .readiness) $.Values.readinessProbe) | nindent 12 }}
          livenessProbe:
            {{- toYaml (merge (deepCopy .liveness) $.Values.livenessProbe) | nindent 12 }}
          resources:
            {{- toYaml $component.resources | nindent 12 }}
          volumeMounts:
            {{- range .volumes }}
            - name: {{ .name }}
              mountPath: {{ .mountPath }}
            {{- end }}
      # The root filesystem is read-only; these are the only folders the process may write.
      volumes:
        {{- range .volumes }}
        - name: {{ .name }}
          emptyDir:
            sizeLimit: {{ $.Values.emptyDirSizeLimit }}
        {{- end }}
{{- end -}}

{{- define "app.service" -}}
{{- $ := .context -}}
{{- $component := index $.Values .name -}}
apiVersion: v1
kind: Service
metadata:
  name: {{ include "app.componentName" . }}
  namespace: {{ $.Release.Namespace | quote }}
  labels:
    {{- include "app.labels" . | nindent 4 }}
  {{- with $.Values.commonAnnotations }}
  annotations:
    {{- toYaml . | nindent 4 }}
  {{- end }}
spec:
  type: ClusterIP
  ports:
    - name: http
      port: {{ $component.service.port }}
      targetPort: http
      protocol: TCP
  selector:
    {{- include "app.selectorLabels" . | nindent 4 }}
{{- end -}}
