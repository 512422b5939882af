// Command render is `helm template` for this repository's charts, without Helm: Go's text/template with the
// sprig functions, plus what Helm adds (include, tpl, required, toYaml, fromYaml, toJson, lookup, .Release,
// .Chart, .Capabilities, values from values.yaml, -f files and --set, values.schema.json). Helm cannot be
// installed on the machines that run the tests; Debian packages all of these pieces (charts/tools/README.md).
//
//	render [--release NAME] [--namespace NS] [-f values.yaml]... [--set a.b=c]... CHART_DIR
package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"text/template"

	"github.com/Masterminds/semver"
	"gopkg.in/yaml.v3"
)

type options struct {
	chartDir    string
	release     string
	namespace   string
	kubeVersion string
	apiVersions []string
	valueFiles  []string
	sets        []setFlag
	showNotes   bool
}

type setFlag struct{ kind, expression string }

func main() {
	opts, err := parseArguments(os.Args[1:])
	if err == nil {
		var out string
		out, err = render(opts)
		if err == nil {
			fmt.Print(out)
			return
		}
	}
	fmt.Fprintf(os.Stderr, "Error: %s\n", err)
	os.Exit(1)
}

func parseArguments(args []string) (options, error) {
	opts := options{release: "release-name", namespace: "default", kubeVersion: "v1.31.0"}
	var positional []string
	for i := 0; i < len(args); i++ {
		arg := args[i]
		name, value, inline := strings.Cut(arg, "=")
		takesValue := map[string]bool{"--release": true, "--namespace": true, "-n": true, "-f": true, "--values": true,
			"--set": true, "--set-string": true, "--set-file": true, "--kube-version": true, "--api-versions": true, "-a": true}
		if !strings.HasPrefix(arg, "-") {
			positional = append(positional, arg)
			continue
		}
		if arg == "--notes" {
			opts.showNotes = true
			continue
		}
		if !takesValue[name] {
			return opts, fmt.Errorf("unknown flag %s", arg)
		}
		if !inline {
			if i+1 >= len(args) {
				return opts, fmt.Errorf("flag %s needs a value", name)
			}
			i++
			value = args[i]
		}
		switch name {
		case "--release":
			opts.release = value
		case "--namespace", "-n":
			opts.namespace = value
		case "-f", "--values":
			opts.valueFiles = append(opts.valueFiles, value)
		case "--set", "--set-string", "--set-file":
			opts.sets = append(opts.sets, setFlag{name, value})
		case "--kube-version":
			opts.kubeVersion = value
		case "--api-versions", "-a":
			opts.apiVersions = append(opts.apiVersions, strings.Split(value, ",")...)
		}
	}
	if len(positional) != 1 {
		return opts, fmt.Errorf("expected one chart directory, got %d arguments: %v", len(positional), positional)
	}
	opts.chartDir = positional[0]
	if !regexp.MustCompile(`^[a-z0-9]([-a-z0-9]*[a-z0-9])?$`).MatchString(opts.release) || len(opts.release) > 53 {
		return opts, fmt.Errorf("invalid release name %q: lower-case letters, digits and '-', at most 53 characters", opts.release)
	}
	return opts, nil
}

// render returns the manifests as `helm template` prints them: one "# Source:" document per object.
func render(opts options) (string, error) {
	chart, err := loadChart(opts.chartDir)
	if err != nil {
		return "", err
	}
	values, err := mergedValues(opts, chart)
	if err != nil {
		return "", err
	}
	kube, err := semver.NewVersion(opts.kubeVersion)
	if err != nil {
		return "", fmt.Errorf("invalid --kube-version %q: %s", opts.kubeVersion, err)
	}
	if constraint, _ := chart.metadata["kubeVersion"].(string); constraint != "" {
		c, err := semver.NewConstraint(constraint)
		if err != nil {
			return "", fmt.Errorf("Chart.yaml kubeVersion %q: %s", constraint, err)
		}
		if !c.Check(kube) {
			return "", fmt.Errorf("chart requires kubeVersion: %s which is incompatible with Kubernetes %s", constraint, opts.kubeVersion)
		}
	}
	top := map[string]interface{}{
		"Values": values,
		"Release": map[string]interface{}{
			"Name": opts.release, "Namespace": opts.namespace, "Service": "Helm",
			"IsInstall": true, "IsUpgrade": false, "Revision": 1,
		},
		"Chart":        chartObject(chart.metadata),
		"Capabilities": capabilities(kube, opts.apiVersions),
		"Files":        files(chart.files),
	}
	name, _ := chart.metadata["name"].(string)
	rendered, err := renderTemplates(name, chart.templates, top)
	if err != nil {
		return "", err
	}
	return printManifests(rendered, name, opts.showNotes)
}

type chartFiles struct {
	metadata  map[string]interface{}
	defaults  map[string]interface{}
	schema    []byte
	templates map[string]string
	files     map[string][]byte
}

func loadChart(dir string) (chartFiles, error) {
	chart := chartFiles{templates: map[string]string{}, files: map[string][]byte{}}
	meta, err := readYamlFile(filepath.Join(dir, "Chart.yaml"))
	if err != nil {
		return chart, err
	}
	chart.metadata = meta
	if _, ok := meta["name"].(string); !ok {
		return chart, fmt.Errorf("%s: Chart.yaml has no name", dir)
	}
	if chart.defaults, err = readYamlFile(filepath.Join(dir, "values.yaml")); err != nil && !os.IsNotExist(err) {
		return chart, err
	}
	if chart.schema, err = os.ReadFile(filepath.Join(dir, "values.schema.json")); err != nil && !os.IsNotExist(err) {
		return chart, err
	}
	err = filepath.Walk(dir, func(path string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() {
			return err
		}
		relative, _ := filepath.Rel(dir, path)
		relative = filepath.ToSlash(relative)
		content, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if strings.HasPrefix(relative, "templates/") {
			chart.templates[relative] = string(content)
		} else {
			chart.files[relative] = content
		}
		return nil
	})
	return chart, err
}

func readYamlFile(path string) (map[string]interface{}, error) {
	content, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	parsed, err := parseYamlMap(content)
	if err != nil {
		return nil, fmt.Errorf("%s: %s", path, err)
	}
	return parsed, nil
}

// parseYamlMap reads YAML the way Helm does (through JSON): numbers become float64, keys strings.
func parseYamlMap(content []byte) (map[string]interface{}, error) {
	var parsed interface{}
	if err := yaml.Unmarshal(content, &parsed); err != nil {
		return nil, err
	}
	switch m := normalize(parsed).(type) {
	case nil:
		return map[string]interface{}{}, nil
	case map[string]interface{}:
		return m, nil
	default:
		return nil, fmt.Errorf("expected a map at the top level, got %T", m)
	}
}

func normalize(value interface{}) interface{} {
	switch v := value.(type) {
	case map[string]interface{}:
		for key, child := range v {
			v[key] = normalize(child)
		}
		return v
	case map[interface{}]interface{}:
		out := make(map[string]interface{}, len(v))
		for key, child := range v {
			out[fmt.Sprint(key)] = normalize(child)
		}
		return out
	case []interface{}:
		for i, child := range v {
			v[i] = normalize(child)
		}
		return v
	case int:
		return float64(v)
	case int64:
		return float64(v)
	case uint64:
		return float64(v)
	default:
		return v
	}
}

// mergedValues is values.yaml, then each -f file, then each --set, as Helm coalesces them, checked against
// values.schema.json.
func mergedValues(opts options, chart chartFiles) (map[string]interface{}, error) {
	values := deepCopy(chart.defaults).(map[string]interface{})
	if values == nil {
		values = map[string]interface{}{}
	}
	for _, file := range opts.valueFiles {
		user, err := readYamlFile(file)
		if err != nil {
			return nil, err
		}
		coalesce(values, user)
	}
	for _, set := range opts.sets {
		if err := applySet(values, set); err != nil {
			return nil, err
		}
	}
	if len(chart.schema) > 0 {
		name, _ := chart.metadata["name"].(string)
		if err := validateSchema(chart.schema, values); err != nil {
			return nil, fmt.Errorf("values don't meet the specifications of the schema(s) in the following chart(s):\n%s:\n%s", name, err)
		}
	}
	return values, nil
}

// coalesce merges user values into the defaults: maps merge key by key, anything else replaces, null deletes.
func coalesce(dst, src map[string]interface{}) {
	for key, value := range src {
		if value == nil {
			delete(dst, key)
			continue
		}
		if srcMap, ok := value.(map[string]interface{}); ok {
			if dstMap, ok := dst[key].(map[string]interface{}); ok {
				coalesce(dstMap, srcMap)
				continue
			}
		}
		dst[key] = deepCopy(value)
	}
}

func deepCopy(value interface{}) interface{} {
	switch v := value.(type) {
	case map[string]interface{}:
		out := make(map[string]interface{}, len(v))
		for key, child := range v {
			out[key] = deepCopy(child)
		}
		return out
	case []interface{}:
		out := make([]interface{}, len(v))
		for i, child := range v {
			out[i] = deepCopy(child)
		}
		return out
	default:
		return v
	}
}

func chartObject(meta map[string]interface{}) map[string]interface{} {
	// Helm exposes Chart.yaml with capitalised field names.
	names := map[string]string{"apiVersion": "APIVersion", "appVersion": "AppVersion", "kubeVersion": "KubeVersion"}
	out := map[string]interface{}{}
	for key, value := range meta {
		name, ok := names[key]
		if !ok {
			name = strings.ToUpper(key[:1]) + key[1:]
		}
		out[name] = value
	}
	return out
}

// APIVersions answers .Capabilities.APIVersions.Has "group/version" (or "group/version/Kind").
type APIVersions []string

func (a APIVersions) Has(version string) bool {
	for _, known := range a {
		if known == version {
			return true
		}
	}
	return false
}

type KubeVersion struct{ Version, Major, Minor, GitVersion string }

func (k KubeVersion) String() string { return k.Version }

// The API versions of a current Kubernetes release, for the kinds this chart may use.
var defaultAPIVersions = []string{
	"v1", "apps/v1", "batch/v1", "autoscaling/v1", "autoscaling/v2", "policy/v1", "networking.k8s.io/v1",
	"rbac.authorization.k8s.io/v1", "storage.k8s.io/v1", "coordination.k8s.io/v1", "discovery.k8s.io/v1",
	"apps/v1/Deployment", "v1/Service", "v1/Secret", "v1/ServiceAccount", "networking.k8s.io/v1/Ingress",
	"networking.k8s.io/v1/NetworkPolicy", "autoscaling/v2/HorizontalPodAutoscaler", "policy/v1/PodDisruptionBudget",
}

func capabilities(kube *semver.Version, extra []string) map[string]interface{} {
	version := "v" + kube.String()
	return map[string]interface{}{
		"KubeVersion": KubeVersion{
			Version: version, GitVersion: version,
			Major: fmt.Sprint(kube.Major()), Minor: fmt.Sprint(kube.Minor()),
		},
		"APIVersions": APIVersions(append(append([]string{}, defaultAPIVersions...), extra...)),
		"HelmVersion": map[string]interface{}{"Version": "v3.16.0"},
	}
}

// Files gives templates the chart's other files, as .Files.Get does.
type Files map[string][]byte

func (f Files) Get(name string) string { return string(f[name]) }

func (f Files) GetBytes(name string) []byte { return f[name] }

func files(content map[string][]byte) Files { return Files(content) }

type renderedFile struct{ name, content string }

func renderTemplates(chartName string, templates map[string]string, top map[string]interface{}) ([]renderedFile, error) {
	names := make([]string, 0, len(templates))
	for name := range templates {
		names = append(names, name)
	}
	sort.Strings(names)
	root := template.New("gotpl").Option("missingkey=zero")
	root.Funcs(functions(root))
	for _, name := range names {
		if _, err := root.New(chartName + "/" + name).Parse(templates[name]); err != nil {
			return nil, cleanError(err)
		}
	}
	var out []renderedFile
	for _, name := range names {
		base := filepath.Base(name)
		// Files starting with _ hold only definitions; anything else but YAML and NOTES.txt is not a manifest.
		if strings.HasPrefix(base, "_") || !(strings.HasSuffix(base, ".yaml") || strings.HasSuffix(base, ".yml") || base == "NOTES.txt") {
			continue
		}
		full := chartName + "/" + name
		scope := make(map[string]interface{}, len(top)+1)
		for key, value := range top {
			scope[key] = value
		}
		scope["Template"] = map[string]interface{}{"Name": full, "BasePath": chartName + "/templates"}
		var buf bytes.Buffer
		if err := root.ExecuteTemplate(&buf, full, scope); err != nil {
			return nil, cleanError(err)
		}
		out = append(out, renderedFile{full, strings.ReplaceAll(buf.String(), "<no value>", "")})
	}
	return out, nil
}

var executionError = regexp.MustCompile(`^template: (.*?): executing ".*?" at <.*?>: error calling \w+: (.*)$`)

// cleanError words a failed template the way Helm does: where it failed, then the message.
func cleanError(err error) error {
	message := err.Error()
	if match := executionError.FindStringSubmatch(message); match != nil {
		return fmt.Errorf("execution error at (%s): %s", match[1], match[2])
	}
	return err
}

// Kinds in the order Helm installs them (helm.sh/helm/v3/pkg/releaseutil.InstallOrder).
var installOrder = []string{
	"PriorityClass", "Namespace", "NetworkPolicy", "ResourceQuota", "LimitRange", "PodSecurityPolicy",
	"PodDisruptionBudget", "ServiceAccount", "Secret", "SecretList", "ConfigMap", "StorageClass",
	"PersistentVolume", "PersistentVolumeClaim", "CustomResourceDefinition", "ClusterRole", "ClusterRoleList",
	"ClusterRoleBinding", "ClusterRoleBindingList", "Role", "RoleList", "RoleBinding", "RoleBindingList", "Service",
	"DaemonSet", "Pod", "ReplicationController", "ReplicaSet", "Deployment", "HorizontalPodAutoscaler",
	"StatefulSet", "Job", "CronJob", "IngressClass", "Ingress", "APIService",
}

var documentSeparator = regexp.MustCompile(`(?:^|\s*\n)---\s*`)

type manifest struct {
	source, kind, content string
	rank                  int
}

func printManifests(files []renderedFile, chartName string, showNotes bool) (string, error) {
	rank := map[string]int{}
	for i, kind := range installOrder {
		rank[kind] = i
	}
	var manifests []manifest
	var notes string
	for _, file := range files {
		if strings.HasSuffix(file.name, "/NOTES.txt") {
			notes = file.content
			continue
		}
		for _, document := range documentSeparator.Split(file.content, -1) {
			document = strings.TrimSpace(document)
			if document == "" || strings.Trim(yamlComments.ReplaceAllString(document, ""), " \n") == "" {
				continue
			}
			var parsed interface{}
			if err := yaml.Unmarshal([]byte(document), &parsed); err != nil {
				return "", fmt.Errorf("YAML parse error on %s: %s", file.name, err)
			}
			head, ok := normalize(parsed).(map[string]interface{})
			if !ok {
				return "", fmt.Errorf("YAML parse error on %s: a manifest must be a map, got %T", file.name, parsed)
			}
			kind, _ := head["kind"].(string)
			if kind == "" {
				return "", fmt.Errorf("%s: a manifest has no kind:\n%s", file.name, document)
			}
			r, known := rank[kind]
			if !known {
				r = len(installOrder)
			}
			manifests = append(manifests, manifest{file.name, kind, document, r})
		}
	}
	sort.SliceStable(manifests, func(i, j int) bool { return manifests[i].rank < manifests[j].rank })
	var out strings.Builder
	for _, m := range manifests {
		fmt.Fprintf(&out, "---\n# Source: %s\n%s\n", m.source, m.content)
	}
	if showNotes && strings.TrimSpace(notes) != "" {
		fmt.Fprintf(&out, "\nNOTES:\n%s\n", strings.TrimSpace(notes))
	}
	return out.String(), nil
}

var yamlComments = regexp.MustCompile(`(?m)^\s*#.*$`)
