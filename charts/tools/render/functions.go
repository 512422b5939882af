package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"text/template"

	"github.com/Masterminds/sprig"
	"gopkg.in/yaml.v3"
)

// Helm's limit on nested include and tpl calls, which turns a template that includes itself into an error.
const maxIncludeDepth = 1000

// functions is sprig's library with Helm's additions, bound to the template set t (include and tpl run in it).
func functions(t *template.Template) template.FuncMap {
	funcs := sprig.TxtFuncMap()
	// Helm removes these: a chart must render the same wherever it is rendered.
	delete(funcs, "env")
	delete(funcs, "expandenv")
	depth := 0
	funcs["include"] = func(name string, data interface{}) (string, error) {
		if depth >= maxIncludeDepth {
			return "", fmt.Errorf("rendering template has a nested reference name: %s: unable to execute template", name)
		}
		depth++
		defer func() { depth-- }()
		var buf bytes.Buffer
		if err := t.ExecuteTemplate(&buf, name, data); err != nil {
			return "", err
		}
		return buf.String(), nil
	}
	funcs["tpl"] = func(text string, data interface{}) (string, error) {
		if depth >= maxIncludeDepth {
			return "", errors.New("rendering template has a nested reference: tpl")
		}
		depth++
		defer func() { depth-- }()
		// A copy of the set, so that definitions inside the text neither leak nor clash; its include sees them.
		clone, err := t.Clone()
		if err != nil {
			return "", err
		}
		clone.Funcs(functions(clone))
		parsed, err := clone.New("tpl").Parse(text)
		if err != nil {
			return "", fmt.Errorf("cannot parse template %q: %s", text, err)
		}
		var buf bytes.Buffer
		if err := parsed.Execute(&buf, data); err != nil {
			return "", fmt.Errorf("error during tpl function execution for %q: %s", text, err)
		}
		return strings.ReplaceAll(buf.String(), "<no value>", ""), nil
	}
	funcs["required"] = func(message string, value interface{}) (interface{}, error) {
		if value == nil {
			return value, errors.New(message)
		}
		if text, ok := value.(string); ok && text == "" {
			return value, errors.New(message)
		}
		return value, nil
	}
	funcs["fail"] = func(message string) (string, error) { return "", errors.New(message) }
	// There is no cluster to ask, as with `helm template`: every lookup finds nothing.
	funcs["lookup"] = func(apiVersion, kind, namespace, name string) (map[string]interface{}, error) {
		return map[string]interface{}{}, nil
	}
	funcs["toYaml"] = toYaml
	funcs["toYamlPretty"] = toYaml
	funcs["fromYaml"] = func(text string) map[string]interface{} {
		parsed, err := parseYamlMap([]byte(text))
		if err != nil {
			return map[string]interface{}{"Error": err.Error()}
		}
		return parsed
	}
	funcs["fromYamlArray"] = func(text string) []interface{} {
		var parsed []interface{}
		if err := yaml.Unmarshal([]byte(text), &parsed); err != nil {
			return []interface{}{err.Error()}
		}
		return normalize(parsed).([]interface{})
	}
	funcs["toJson"] = func(value interface{}) string {
		out, err := json.Marshal(value)
		if err != nil {
			return ""
		}
		return string(out)
	}
	funcs["fromJson"] = func(text string) map[string]interface{} {
		parsed := map[string]interface{}{}
		if err := json.Unmarshal([]byte(text), &parsed); err != nil {
			parsed["Error"] = err.Error()
		}
		return parsed
	}
	funcs["fromJsonArray"] = func(text string) []interface{} {
		var parsed []interface{}
		if err := json.Unmarshal([]byte(text), &parsed); err != nil {
			return []interface{}{err.Error()}
		}
		return parsed
	}
	return funcs
}

// toYaml writes YAML as Helm does (through JSON, so keys sorted and numbers as JSON writes them), two-space
// indented, without the final line break. A value that cannot be written gives an empty string, as in Helm.
func toYaml(value interface{}) string {
	asJSON, err := json.Marshal(value)
	if err != nil {
		return ""
	}
	var node yaml.Node
	if err := yaml.Unmarshal(asJSON, &node); err != nil {
		return ""
	}
	blockStyle(&node)
	var buf bytes.Buffer
	encoder := yaml.NewEncoder(&buf)
	encoder.SetIndent(2)
	if err := encoder.Encode(&node); err != nil {
		return ""
	}
	_ = encoder.Close()
	return strings.TrimSuffix(buf.String(), "\n")
}

// blockStyle forgets the flow style and quotes of the JSON text, so that the encoder chooses YAML's own.
func blockStyle(node *yaml.Node) {
	node.Style = 0
	if node.Kind == yaml.MappingNode || node.Kind == yaml.SequenceNode {
		if len(node.Content) == 0 {
			node.Style = yaml.FlowStyle
		}
	}
	for _, child := range node.Content {
		blockStyle(child)
	}
}
