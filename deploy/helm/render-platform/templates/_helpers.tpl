{{/* ---------- names and labels ---------- */}}

{{- define "rp.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "rp.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{/* "<fullname>-<component>"; call with (dict "root" $ "component" "api") */}}
{{- define "rp.componentName" -}}
{{- printf "%s-%s" (include "rp.fullname" .root | trunc 45 | trimSuffix "-") .component }}
{{- end }}

{{- define "rp.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "rp.selectorLabels" -}}
app.kubernetes.io/name: {{ include "rp.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end }}

{{/* Common labels; (dict "root" $ "component" "api"), component may be "" */}}
{{- define "rp.labels" -}}
helm.sh/chart: {{ include "rp.chart" .root }}
app.kubernetes.io/name: {{ include "rp.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
{{- with .component }}
app.kubernetes.io/component: {{ . }}
{{- end }}
app.kubernetes.io/version: {{ .root.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
app.kubernetes.io/part-of: render-platform
{{- end }}

{{- define "rp.serviceAccountName" -}}
{{- if .Values.serviceAccount.create }}
{{- default (include "rp.fullname" .) .Values.serviceAccount.name }}
{{- else }}
{{- default "default" .Values.serviceAccount.name }}
{{- end }}
{{- end }}

{{/* ---------- images ---------- */}}

{{/* (dict "root" $ "image" .Values.api.image) */}}
{{- define "rp.image" -}}
{{- $tag := .image.tag | default .root.Values.image.tag | default .root.Chart.AppVersion }}
{{- if .root.Values.image.registry }}
{{- printf "%s/%s:%s" (trimSuffix "/" .root.Values.image.registry) .image.repository $tag }}
{{- else }}
{{- printf "%s:%s" .image.repository $tag }}
{{- end }}
{{- end }}

{{/* ---------- configuration ---------- */}}

{{- define "rp.commonConfigMapName" -}}
{{- include "rp.componentName" (dict "root" . "component" "common") }}
{{- end }}

{{- define "rp.secretName" -}}
{{- default (include "rp.fullname" .) .Values.secrets.existingSecret }}
{{- end }}

{{/*
The Secret's variables each component reads, and nothing more (docs/security.md): the render worker has no
FILE_URL_SECRET, the webhook worker no MinIO keys, the migration Job no FILE_URL_SECRET. Mirrors the services'
config schemas (storageEnv / fileUrlEnv in @rp/config); the chart test compares them.
*/}}
{{- define "rp.secretEnvNames" -}}
{{- $names := dict
  "api" (list "DATABASE_URL" "MINIO_ACCESS_KEY" "MINIO_SECRET_KEY" "FILE_URL_SECRET")
  "render-worker" (list "DATABASE_URL" "MINIO_ACCESS_KEY" "MINIO_SECRET_KEY")
  "webhook-worker" (list "DATABASE_URL" "FILE_URL_SECRET")
  "migrate" (list "DATABASE_URL" "MINIO_ACCESS_KEY" "MINIO_SECRET_KEY") }}
{{- index $names . | join " " }}
{{- end }}

{{/* A component's secret env as explicit secretKeyRefs, so an existingSecret may use its own key names; (dict "root" $ "component" "api") */}}
{{- define "rp.secretEnv" -}}
{{- $root := .root }}
{{- range $env := splitList " " (include "rp.secretEnvNames" .component) }}
- name: {{ $env }}
  valueFrom:
    secretKeyRef:
      name: {{ include "rp.secretName" $root }}
      key: {{ ternary (index $root.Values.secrets.existingSecretKeys $env) $env (ne $root.Values.secrets.existingSecret "") }}
{{- end }}
{{- end }}

{{/* commonEnv (@rp/config) minus its secret, as a YAML map: the common ConfigMap. */}}
{{- define "rp.commonConfig" -}}
TEMPORAL_ADDRESS: {{ .Values.temporal.address | quote }}
TEMPORAL_NAMESPACE: {{ .Values.temporal.namespace | quote }}
LOG_LEVEL: {{ .Values.logLevel | quote }}
SSRF_ALLOW_CIDRS: {{ .Values.ssrfAllowCidrs | quote }}
{{ include "rp.temporalTlsConfig" . }}
{{- end }}

{{/* storageEnv minus its secrets: the API, the render worker and the migration Job. */}}
{{- define "rp.storageConfig" -}}
MINIO_ENDPOINT: {{ .Values.minio.endpoint | quote }}
MINIO_BUCKET: {{ .Values.minio.bucket | quote }}
{{- end }}

{{/* fileUrlEnv minus its secret: the API and the webhook worker. */}}
{{- define "rp.fileUrlConfig" -}}
PUBLIC_API_URL: {{ include "rp.publicApiUrl" . | quote }}
{{- end }}

{{- define "rp.publicApiUrl" -}}
{{- if .Values.publicApiUrl }}
{{- .Values.publicApiUrl | trimSuffix "/" }}
{{- else if and .Values.ingress.enabled .Values.ingress.hosts }}
{{- $host := (first .Values.ingress.hosts).host }}
{{- $tls := false }}
{{- range .Values.ingress.tls }}
{{- if has $host (.hosts | default list) }}{{ $tls = true }}{{ end }}
{{- end }}
{{- printf "%s://%s" (ternary "https" "http" $tls) $host }}
{{- else }}
{{- printf "http://%s.%s.svc.cluster.local:%v" (include "rp.componentName" (dict "root" . "component" "api")) .Release.Namespace .Values.api.service.port }}
{{- end }}
{{- end }}

{{/* Restarts pods when their configuration changes. */}}
{{- define "rp.checksums" -}}
checksum/config: {{ include (print .Template.BasePath "/configmap.yaml") . | sha256sum }}
{{- if not .Values.secrets.existingSecret }}
checksum/secret: {{ include (print .Template.BasePath "/secret.yaml") . | sha256sum }}
{{- end }}
{{- end }}

{{/* (dict "root" $ "port" 8080) */}}
{{- define "rp.metricsAnnotations" -}}
{{- if .root.Values.metrics.podAnnotations -}}
prometheus.io/scrape: "true"
prometheus.io/port: {{ .port | quote }}
prometheus.io/path: {{ .root.Values.metrics.path | quote }}
{{- end }}
{{- end }}

{{/* ---------- graceful shutdown ---------- */}}

{{/*
terminationGracePeriodSeconds must outlast the service's own SHUTDOWN_GRACE_MS (plus any preStop sleep),
or the kubelet SIGKILLs in-flight work. Computed as preStop + ceil(grace) + margin; an explicit value
must be larger than preStop + ceil(grace) or rendering fails.
(dict "name" "renderWorker" "values" .Values.renderWorker)
*/}}
{{- define "rp.terminationGracePeriodSeconds" -}}
{{- $v := .values }}
{{- $graceS := int (ceil (divf $v.shutdownGraceMs 1000)) }}
{{- $preStop := int (dig "preStopSleepSeconds" 0 $v) }}
{{- $floor := add $graceS $preStop }}
{{- $explicit := int $v.terminationGracePeriodSeconds }}
{{- if gt $explicit 0 }}
{{- if le $explicit $floor }}
{{- fail (printf "%s.terminationGracePeriodSeconds (%d) must be greater than preStopSleepSeconds + shutdownGraceMs/1000 (%d)" .name $explicit $floor) }}
{{- end }}
{{- $explicit }}
{{- else }}
{{- add $floor (int $v.terminationGraceMarginSeconds) }}
{{- end }}
{{- end }}

{{/* ---------- pods ---------- */}}

{{- define "rp.podSecurityContext" -}}
runAsNonRoot: true
runAsUser: 10001
runAsGroup: 10001
fsGroup: 10001
seccompProfile:
  type: RuntimeDefault
{{- end }}

{{- define "rp.containerSecurityContext" -}}
runAsNonRoot: true
runAsUser: 10001
runAsGroup: 10001
allowPrivilegeEscalation: false
readOnlyRootFilesystem: true
capabilities:
  drop: ["ALL"]
{{- end }}

{{/*
The render worker's container: with sandbox.switchUser it starts as root holding only CAP_SETUID/CAP_SETGID, which
the worker uses to start Chromium as RENDER_SANDBOX_USER (docs/security.md); otherwise the common non-root context.
Either way the seccomp profile must let Chromium create user namespaces.
*/}}
{{- define "rp.renderWorkerSecurityContext" -}}
{{- $sb := .Values.renderWorker.sandbox }}
{{- if $sb.switchUser }}
runAsNonRoot: false
runAsUser: 0
runAsGroup: 0
allowPrivilegeEscalation: false
readOnlyRootFilesystem: true
capabilities:
  drop: ["ALL"]
  add: ["SETUID", "SETGID"]
{{- else }}
{{- include "rp.containerSecurityContext" . }}
{{- end }}
seccompProfile:
  {{- toYaml $sb.seccompProfile | nindent 2 }}
{{- end }}

{{/* (dict "port" "http" "probes" .Values.api.probes) */}}
{{- define "rp.probes" -}}
startupProbe:
  httpGet: { path: /healthz, port: {{ .port }} }
  {{- toYaml .probes.startup | nindent 2 }}
livenessProbe:
  httpGet: { path: /healthz, port: {{ .port }} }
  {{- toYaml .probes.liveness | nindent 2 }}
readinessProbe:
  httpGet: { path: /readyz, port: {{ .port }} }
  {{- toYaml .probes.readiness | nindent 2 }}
{{- end }}

{{/* Scheduling and pod-level fields shared by the Deployments; (dict "root" $ "values" .Values.api) */}}
{{- define "rp.podCommon" -}}
serviceAccountName: {{ include "rp.serviceAccountName" .root }}
automountServiceAccountToken: {{ .root.Values.serviceAccount.automountServiceAccountToken }}
securityContext:
  {{- include "rp.podSecurityContext" .root | nindent 2 }}
{{- with .root.Values.imagePullSecrets }}
imagePullSecrets:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .values.priorityClassName }}
priorityClassName: {{ . }}
{{- end }}
{{- with .values.nodeSelector }}
nodeSelector:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .values.tolerations }}
tolerations:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .values.affinity }}
affinity:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .values.topologySpreadConstraints }}
topologySpreadConstraints:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- end }}

{{/* envFrom + env of a service container; (dict "root" $ "component" "api" "values" .Values.api) */}}
{{- define "rp.containerEnv" -}}
envFrom:
  - configMapRef:
      name: {{ include "rp.commonConfigMapName" .root }}
  - configMapRef:
      name: {{ include "rp.componentName" (dict "root" .root "component" .component) }}
env:
  {{- include "rp.secretEnv" (dict "root" .root "component" .component) | trim | nindent 2 }}
  {{- with .values.extraEnv }}
  {{- toYaml . | nindent 2 }}
  {{- end }}
{{- end }}

{{/* Helm reads YAML numbers as float64, which print as 1.048576e+07: render whole numbers as integers. */}}
{{- define "rp.envValue" -}}
{{- if and (kindIs "float64" .) (eq (float64 (int64 .)) .) }}
{{- int64 . }}
{{- else }}
{{- . }}
{{- end }}
{{- end }}
