{{/*
Temporal connection: TLS and mTLS to an external Temporal (values temporal.tls, docs/deploy.md), and the worker
autoscaling objects' shared bits. The services read TEMPORAL_TLS* (@rp/config temporalTlsEnv).
*/}}
{{- define "rp.temporalTlsFiles" -}}
{{- $t := .Values.temporal.tls -}}
{{- $files := dict "ca" "" "cert" "" "key" "" -}}
{{- if and $t.enabled $t.existingSecret -}}
{{- if $t.caKey }}{{ $_ := set $files "ca" (printf "%s/%s" $t.mountPath $t.caKey) }}{{ end -}}
{{- if $t.mtls }}{{ $_ := set $files "cert" (printf "%s/%s" $t.mountPath $t.certKey) }}{{ $_ := set $files "key" (printf "%s/%s" $t.mountPath $t.keyKey) }}{{ end -}}
{{- end -}}
{{- toJson $files -}}
{{- end }}

{{- define "rp.temporalTlsConfig" -}}
{{- $t := .Values.temporal.tls -}}
{{- if and $t.mtls (not $t.existingSecret) }}
{{- fail "temporal.tls.mtls needs temporal.tls.existingSecret (a Secret holding the client certificate and key)" }}
{{- end }}
{{- if and $t.mtls (not $t.enabled) }}
{{- fail "temporal.tls.mtls needs temporal.tls.enabled" }}
{{- end }}
{{- $files := include "rp.temporalTlsFiles" . | fromJson -}}
TEMPORAL_TLS: {{ ternary "1" "0" (eq (toString $t.enabled) "true") | quote }}
TEMPORAL_TLS_SERVER_NAME: {{ $t.serverName | default "" | quote }}
TEMPORAL_TLS_CA_FILE: {{ $files.ca | quote }}
TEMPORAL_TLS_CERT_FILE: {{ $files.cert | quote }}
TEMPORAL_TLS_KEY_FILE: {{ $files.key | quote }}
{{- end }}

{{/* volumeMounts entry for a service's container (empty without a TLS Secret). */}}
{{- define "rp.temporalTlsVolumeMount" -}}
{{- $t := .Values.temporal.tls -}}
{{- if and $t.enabled $t.existingSecret }}
- { name: temporal-tls, mountPath: {{ $t.mountPath }}, readOnly: true }
{{- end }}
{{- end }}

{{/* volumes entry: the Secret's files, readable by the service's uid only through the group (fsGroup). */}}
{{- define "rp.temporalTlsVolume" -}}
{{- $t := .Values.temporal.tls -}}
{{- if and $t.enabled $t.existingSecret }}
- name: temporal-tls
  secret:
    secretName: {{ $t.existingSecret }}
    defaultMode: 288 # 0440: decimal, so every YAML parser reads the same mode
{{- end }}
{{- end }}
