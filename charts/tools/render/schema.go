package main

import (
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"sort"
	"strings"
)

// validateSchema checks the merged values against values.schema.json, as Helm does before rendering. It knows the
// JSON Schema keywords a values schema needs: type, properties, additionalProperties, required, items, enum,
// const, minimum, maximum, minLength, maxLength, pattern, minItems, maxItems, $ref (local), allOf, anyOf, oneOf.
// Each problem is one line naming the value, in the words of Helm's own messages.
func validateSchema(schemaText []byte, values map[string]interface{}) error {
	var schema map[string]interface{}
	if err := json.Unmarshal(schemaText, &schema); err != nil {
		return fmt.Errorf("- values.schema.json is not valid JSON: %s", err)
	}
	checker := schemaChecker{root: schema}
	checker.check(schema, values, "")
	if len(checker.problems) == 0 {
		return nil
	}
	sort.Strings(checker.problems)
	return fmt.Errorf("- %s", strings.Join(checker.problems, "\n- "))
}

type schemaChecker struct {
	root     map[string]interface{}
	problems []string
}

func (c *schemaChecker) fail(path, format string, args ...interface{}) {
	if path == "" {
		path = "(root)"
	}
	c.problems = append(c.problems, path+": "+fmt.Sprintf(format, args...))
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func (c *schemaChecker) resolve(schema map[string]interface{}) map[string]interface{} {
	for depth := 0; depth < 32; depth++ {
		ref, ok := schema["$ref"].(string)
		if !ok {
			return schema
		}
		var node interface{} = c.root
		for _, part := range strings.Split(strings.TrimPrefix(ref, "#/"), "/") {
			if m, ok := node.(map[string]interface{}); ok {
				node = m[part]
			}
		}
		resolved, ok := node.(map[string]interface{})
		if !ok {
			c.fail("", "unresolvable $ref %s", ref)
			return map[string]interface{}{}
		}
		schema = resolved
	}
	return schema
}

func typeOf(value interface{}) string {
	switch v := value.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case float64:
		if v == math.Trunc(v) {
			return "integer"
		}
		return "number"
	case int, int64:
		return "integer"
	case []interface{}:
		return "array"
	case map[string]interface{}:
		return "object"
	}
	return fmt.Sprintf("%T", value)
}

func number(value interface{}) (float64, bool) {
	switch v := value.(type) {
	case float64:
		return v, true
	case int:
		return float64(v), true
	case int64:
		return float64(v), true
	}
	return 0, false
}

func (c *schemaChecker) check(schema map[string]interface{}, value interface{}, path string) {
	schema = c.resolve(schema)
	if types := schemaTypes(schema["type"]); len(types) > 0 {
		actual := typeOf(value)
		matched := false
		for _, want := range types {
			if want == actual || (want == "number" && actual == "integer") {
				matched = true
			}
		}
		if !matched {
			c.fail(path, "Invalid type. Expected: %s, given: %s", strings.Join(types, " or "), actual)
			return
		}
	}
	if enum, ok := schema["enum"].([]interface{}); ok && !contains(enum, value) {
		choices := make([]string, len(enum))
		for i, choice := range enum {
			encoded, _ := json.Marshal(choice)
			choices[i] = string(encoded)
		}
		c.fail(path, "%s must be one of the following: %s", path, strings.Join(choices, ", "))
	}
	if constant, ok := schema["const"]; ok && !equal(constant, value) {
		c.fail(path, "Does not match: %v", constant)
	}
	if n, ok := number(value); ok {
		if minimum, ok := number(schema["minimum"]); ok && n < minimum {
			c.fail(path, "Must be greater than or equal to %v", minimum)
		}
		if maximum, ok := number(schema["maximum"]); ok && n > maximum {
			c.fail(path, "Must be less than or equal to %v", maximum)
		}
	}
	if text, ok := value.(string); ok {
		length := float64(len([]rune(text)))
		if minimum, ok := number(schema["minLength"]); ok && length < minimum {
			c.fail(path, "String length must be greater than or equal to %v", minimum)
		}
		if maximum, ok := number(schema["maxLength"]); ok && length > maximum {
			c.fail(path, "String length must be less than or equal to %v", maximum)
		}
		if pattern, ok := schema["pattern"].(string); ok {
			if re, err := regexp.Compile(pattern); err != nil {
				c.fail(path, "invalid pattern %q in the schema", pattern)
			} else if !re.MatchString(text) {
				c.fail(path, "Does not match pattern '%s'", pattern)
			}
		}
	}
	if object, ok := value.(map[string]interface{}); ok {
		c.checkObject(schema, object, path)
	}
	if list, ok := value.([]interface{}); ok {
		if minimum, ok := number(schema["minItems"]); ok && float64(len(list)) < minimum {
			c.fail(path, "Array must have at least %v items", minimum)
		}
		if maximum, ok := number(schema["maxItems"]); ok && float64(len(list)) > maximum {
			c.fail(path, "Array must have at most %v items", maximum)
		}
		if items, ok := schema["items"].(map[string]interface{}); ok {
			for i, item := range list {
				c.check(items, item, fmt.Sprintf("%s.%d", path, i))
			}
		}
	}
	if all, ok := schema["allOf"].([]interface{}); ok {
		for _, sub := range all {
			if subSchema, ok := sub.(map[string]interface{}); ok {
				c.check(subSchema, value, path)
			}
		}
	}
	for _, keyword := range []string{"anyOf", "oneOf"} {
		options, ok := schema[keyword].([]interface{})
		if !ok {
			continue
		}
		passing := 0
		for _, sub := range options {
			if subSchema, ok := sub.(map[string]interface{}); ok {
				trial := schemaChecker{root: c.root}
				trial.check(subSchema, value, path)
				if len(trial.problems) == 0 {
					passing++
				}
			}
		}
		if passing == 0 || (keyword == "oneOf" && passing > 1) {
			c.fail(path, "Must validate %s schema of %s", map[string]string{"anyOf": "at least one", "oneOf": "one and only one"}[keyword], keyword)
		}
	}
}

func (c *schemaChecker) checkObject(schema map[string]interface{}, object map[string]interface{}, path string) {
	properties, _ := schema["properties"].(map[string]interface{})
	if required, ok := schema["required"].([]interface{}); ok {
		for _, name := range required {
			if _, present := object[fmt.Sprint(name)]; !present {
				c.fail(path, "%s is required", name)
			}
		}
	}
	keys := make([]string, 0, len(object))
	for key := range object {
		keys = append(keys, key)
	}
	sort.Strings(keys)
	for _, key := range keys {
		if property, ok := properties[key].(map[string]interface{}); ok {
			c.check(property, object[key], join(path, key))
			continue
		}
		switch additional := schema["additionalProperties"].(type) {
		case bool:
			if !additional {
				c.fail(path, "Additional property %s is not allowed", key)
			}
		case map[string]interface{}:
			c.check(additional, object[key], join(path, key))
		}
	}
}

func schemaTypes(value interface{}) []string {
	switch v := value.(type) {
	case string:
		return []string{v}
	case []interface{}:
		types := make([]string, 0, len(v))
		for _, t := range v {
			types = append(types, fmt.Sprint(t))
		}
		return types
	}
	return nil
}

func contains(list []interface{}, value interface{}) bool {
	for _, item := range list {
		if equal(item, value) {
			return true
		}
	}
	return false
}

func equal(a, b interface{}) bool {
	if x, ok := number(a); ok {
		y, ok := number(b)
		return ok && x == y
	}
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return string(ja) == string(jb)
}
