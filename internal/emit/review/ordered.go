package review

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// orderedObject is a JSON object that keeps its keys' order, so the input table lists
// properties in the order the schema (and the model) sees them.
type orderedObject []member

type member struct {
	key   string
	value any // orderedObject, []any, string, float64, bool or nil
}

// UnmarshalJSON decodes an object, keeping its keys' order.
func (o *orderedObject) UnmarshalJSON(b []byte) error {
	p := &jsonParser{b: string(b)}
	v, err := p.value()
	if err != nil {
		return err
	}
	if p.skipSpace(); p.i != len(b) {
		return fmt.Errorf("data after the object at byte %d", p.i)
	}
	obj, ok := v.(orderedObject)
	if !ok {
		return fmt.Errorf("not an object")
	}
	*o = obj
	return nil
}

func (o orderedObject) lookup(key string) (any, bool) {
	for _, m := range o {
		if m.key == key {
			return m.value, true
		}
	}
	return nil, false
}

func (o orderedObject) get(key string) orderedObject {
	v, _ := o.get2(key)
	return v
}

func (o orderedObject) get2(key string) (orderedObject, bool) {
	v, _ := o.lookup(key)
	obj, ok := v.(orderedObject)
	return obj, ok
}

func (o orderedObject) str(key string) string {
	v, _ := o.lookup(key)
	s, _ := v.(string)
	return s
}

func (o orderedObject) strings(key string) []string {
	v, _ := o.lookup(key)
	list, _ := v.([]any)
	var out []string
	for _, x := range list {
		if s, ok := x.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// rawList renders a list's values as written: strings bare, others as JSON.
func (o orderedObject) rawList(key string) []string {
	v, _ := o.lookup(key)
	list, _ := v.([]any)
	var out []string
	for _, x := range list {
		switch x := x.(type) {
		case string:
			out = append(out, x)
		default:
			out = append(out, strings.TrimSpace(fmt.Sprint(x)))
		}
	}
	return out
}

// MarshalJSON writes the object back with its keys in order (for defaults shown on the page).
func (o orderedObject) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, m := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(m.key)
		v, err := json.Marshal(m.value)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}
