package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"
)

// applySet applies one --set, --set-string or --set-file flag as Helm parses them (pkg/strvals): comma-separated
// name=value pairs, dotted names (a dot escaped as \.), list indexes name[0], lists {a,b}; --set types true,
// false, null and integers, --set-string keeps text, --set-file reads the value from a file.
func applySet(values map[string]interface{}, flag setFlag) error {
	pairs := splitOutside(flag.expression, ',')
	if flag.kind == "--set-file" {
		pairs = []string{flag.expression}
	}
	for _, pair := range pairs {
		name, raw, ok := strings.Cut(pair, "=")
		if !ok || name == "" {
			return fmt.Errorf("%s %q: expected name=value", flag.kind, pair)
		}
		var value interface{}
		switch flag.kind {
		case "--set-file":
			content, err := os.ReadFile(raw)
			if err != nil {
				return fmt.Errorf("--set-file %s: %s", name, err)
			}
			value = string(content)
		case "--set-string":
			value = raw
		default:
			if strings.HasPrefix(raw, "{") && strings.HasSuffix(raw, "}") {
				items := []interface{}{}
				if inner := raw[1 : len(raw)-1]; inner != "" {
					for _, item := range strings.Split(inner, ",") {
						items = append(items, typed(item))
					}
				}
				value = items
			} else {
				value = typed(raw)
			}
		}
		if err := setPath(values, parseName(name), value); err != nil {
			return fmt.Errorf("%s %s: %s", flag.kind, name, err)
		}
	}
	return nil
}

// splitOutside splits at separators that are neither escaped nor inside {}.
func splitOutside(text string, separator rune) []string {
	var parts []string
	var current strings.Builder
	depth, escaped := 0, false
	for _, r := range text {
		switch {
		case escaped:
			escaped = false
			if r != separator {
				current.WriteRune('\\')
			}
			current.WriteRune(r)
			continue
		case r == '\\':
			escaped = true
			continue
		case r == '{':
			depth++
		case r == '}':
			depth--
		case r == separator && depth == 0:
			parts = append(parts, current.String())
			current.Reset()
			continue
		}
		current.WriteRune(r)
	}
	return append(parts, current.String())
}

type pathStep struct {
	key   string
	index int // -1 for a map key
}

func parseName(name string) []pathStep {
	var steps []pathStep
	for _, part := range splitOutside(name, '.') {
		for {
			open := strings.Index(part, "[")
			if open < 0 || !strings.HasSuffix(part, "]") {
				steps = append(steps, pathStep{part, -1})
				break
			}
			index, err := strconv.Atoi(part[open+1 : strings.Index(part, "]")])
			if err != nil {
				steps = append(steps, pathStep{part, -1})
				break
			}
			steps = append(steps, pathStep{part[:open], -1}, pathStep{"", index})
			part = part[strings.Index(part, "]")+1:]
			if part == "" {
				break
			}
		}
	}
	return steps
}

func setPath(values map[string]interface{}, steps []pathStep, value interface{}) error {
	var container interface{} = values
	for i, step := range steps {
		last := i == len(steps)-1
		var next interface{}
		if !last && steps[i+1].index >= 0 {
			next = []interface{}{}
		} else {
			next = map[string]interface{}{}
		}
		switch c := container.(type) {
		case map[string]interface{}:
			if step.index >= 0 {
				return fmt.Errorf("an index into a map")
			}
			if last {
				if value == nil {
					delete(c, step.key) // null removes a default, as in a values file
				} else {
					c[step.key] = value
				}
				return nil
			}
			if _, ok := c[step.key].(map[string]interface{}); !ok && steps[i+1].index < 0 {
				c[step.key] = next
			}
			if list, ok := c[step.key].([]interface{}); ok || steps[i+1].index >= 0 {
				if !ok {
					list = []interface{}{}
				}
				list = grow(list, steps[i+1].index)
				c[step.key] = list
				container = list
				continue
			}
			container = c[step.key]
		case []interface{}:
			if last {
				c[step.index] = value
				return nil
			}
			if _, ok := c[step.index].(map[string]interface{}); !ok {
				c[step.index] = next
			}
			container = c[step.index]
		default:
			return fmt.Errorf("cannot set a key inside %T", container)
		}
	}
	return nil
}

func grow(list []interface{}, index int) []interface{} {
	for len(list) <= index {
		list = append(list, nil)
	}
	return list
}

// typed is Helm's reading of a --set value: booleans, null and integers (no leading zero) are typed.
func typed(raw string) interface{} {
	switch strings.ToLower(raw) {
	case "true":
		return true
	case "false":
		return false
	case "null":
		return nil
	}
	if raw == "0" || (raw != "" && raw[0] != '0' && raw[0] != '+') {
		if number, err := strconv.ParseInt(raw, 10, 64); err == nil {
			return number
		}
	}
	return raw
}
