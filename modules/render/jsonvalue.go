package render

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// A small JSON reader for Aseprite's sheets (aseprite.go), instead of
// encoding/json: a program that decodes with encoding/json links its
// reflection-driven decoder, about 200 KB of a WebAssembly file and 42 KB
// of its brotli download (the platformer's, issue #40), which this file
// is a tenth of. It reads RFC 8259 JSON into a tree of values, keeping
// an object's members in the file's order (a hash sheet's frames keep
// it), and its errors name the byte offset or the field.

// jsonKind is the type of a JSON value; the zero kind is null, which is
// also what a missing member reads as.
type jsonKind uint8

const (
	jsonNull jsonKind = iota
	jsonBool
	jsonNumber
	jsonString
	jsonArray
	jsonObject
)

func (k jsonKind) String() string {
	return [...]string{"null", "a boolean", "a number", "a string", "an array", "an object"}[k]
}

// jsonValue is a parsed JSON value.
type jsonValue struct {
	kind jsonKind
	b    bool
	num  float64
	str  string
	arr  []jsonValue
	obj  []jsonMember
}

// jsonMember is a member of an object.
type jsonMember struct {
	key string
	val jsonValue
}

// get returns the member named key — an exact match, else the first
// whose name matches it without regard to case, as encoding/json matches
// struct fields — or null.
func (v jsonValue) get(key string) jsonValue {
	for _, m := range v.obj {
		if m.key == key {
			return m.val
		}
	}
	for _, m := range v.obj {
		if strings.EqualFold(m.key, key) {
			return m.val
		}
	}
	return jsonValue{}
}

// jsonMaxDepth bounds the nesting of arrays and objects, so that a
// hostile file cannot exhaust the stack.
const jsonMaxDepth = 1000

// parseJSON parses one JSON value that takes all of data (but white
// space).
func parseJSON(data []byte) (jsonValue, error) {
	p := jsonParser{data: data}
	v, err := p.value(0)
	if err != nil {
		return jsonValue{}, err
	}
	p.space()
	if p.i < len(p.data) {
		return jsonValue{}, p.errorf("text after the value")
	}
	return v, nil
}

type jsonParser struct {
	data []byte
	i    int
}

func (p *jsonParser) errorf(format string, args ...any) error {
	return fmt.Errorf("invalid JSON at byte %d: %s", p.i, fmt.Sprintf(format, args...))
}

func (p *jsonParser) space() {
	for p.i < len(p.data) {
		switch p.data[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

// literal consumes word (true, false, null) or fails.
func (p *jsonParser) literal(word string) error {
	if !strings.HasPrefix(string(p.data[p.i:min(len(p.data), p.i+len(word))]), word) {
		return p.errorf("want %s", word)
	}
	p.i += len(word)
	return nil
}

func (p *jsonParser) value(depth int) (jsonValue, error) {
	p.space()
	if p.i >= len(p.data) {
		return jsonValue{}, p.errorf("unexpected end of the file")
	}
	switch c := p.data[p.i]; {
	case c == '{':
		return p.object(depth + 1)
	case c == '[':
		return p.array(depth + 1)
	case c == '"':
		s, err := p.string()
		return jsonValue{kind: jsonString, str: s}, err
	case c == 't':
		return jsonValue{kind: jsonBool, b: true}, p.literal("true")
	case c == 'f':
		return jsonValue{kind: jsonBool}, p.literal("false")
	case c == 'n':
		return jsonValue{}, p.literal("null")
	case c == '-' || c >= '0' && c <= '9':
		return p.number()
	default:
		return jsonValue{}, p.errorf("unexpected %q", c)
	}
}

func (p *jsonParser) object(depth int) (jsonValue, error) {
	if depth > jsonMaxDepth {
		return jsonValue{}, p.errorf("nested deeper than %d", jsonMaxDepth)
	}
	p.i++ // {
	v := jsonValue{kind: jsonObject}
	p.space()
	if p.i < len(p.data) && p.data[p.i] == '}' {
		p.i++
		return v, nil
	}
	for {
		p.space()
		if p.i >= len(p.data) || p.data[p.i] != '"' {
			return jsonValue{}, p.errorf("want a member's name in quotes")
		}
		key, err := p.string()
		if err != nil {
			return jsonValue{}, err
		}
		p.space()
		if p.i >= len(p.data) || p.data[p.i] != ':' {
			return jsonValue{}, p.errorf("want ':' after the member's name %q", key)
		}
		p.i++
		val, err := p.value(depth)
		if err != nil {
			return jsonValue{}, err
		}
		v.obj = append(v.obj, jsonMember{key, val})
		p.space()
		if p.i < len(p.data) && p.data[p.i] == ',' {
			p.i++
			continue
		}
		if p.i < len(p.data) && p.data[p.i] == '}' {
			p.i++
			return v, nil
		}
		return jsonValue{}, p.errorf("want ',' or '}' in an object")
	}
}

func (p *jsonParser) array(depth int) (jsonValue, error) {
	if depth > jsonMaxDepth {
		return jsonValue{}, p.errorf("nested deeper than %d", jsonMaxDepth)
	}
	p.i++ // [
	v := jsonValue{kind: jsonArray}
	p.space()
	if p.i < len(p.data) && p.data[p.i] == ']' {
		p.i++
		return v, nil
	}
	for {
		e, err := p.value(depth)
		if err != nil {
			return jsonValue{}, err
		}
		v.arr = append(v.arr, e)
		p.space()
		if p.i < len(p.data) && p.data[p.i] == ',' {
			p.i++
			continue
		}
		if p.i < len(p.data) && p.data[p.i] == ']' {
			p.i++
			return v, nil
		}
		return jsonValue{}, p.errorf("want ',' or ']' in an array")
	}
}

// number reads a number of JSON's grammar: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
func (p *jsonParser) number() (jsonValue, error) {
	start := p.i
	digits := func() int {
		n := 0
		for p.i < len(p.data) && p.data[p.i] >= '0' && p.data[p.i] <= '9' {
			p.i++
			n++
		}
		return n
	}
	if p.data[p.i] == '-' {
		p.i++
	}
	if p.i < len(p.data) && p.data[p.i] == '0' {
		p.i++
	} else if digits() == 0 {
		return jsonValue{}, p.errorf("want a digit")
	}
	if p.i < len(p.data) && p.data[p.i] == '.' {
		p.i++
		if digits() == 0 {
			return jsonValue{}, p.errorf("want a digit after '.'")
		}
	}
	if p.i < len(p.data) && (p.data[p.i] == 'e' || p.data[p.i] == 'E') {
		p.i++
		if p.i < len(p.data) && (p.data[p.i] == '+' || p.data[p.i] == '-') {
			p.i++
		}
		if digits() == 0 {
			return jsonValue{}, p.errorf("want a digit in the exponent")
		}
	}
	f, err := strconv.ParseFloat(string(p.data[start:p.i]), 64)
	if err != nil {
		return jsonValue{}, p.errorf("number %s: %v", p.data[start:p.i], err)
	}
	return jsonValue{kind: jsonNumber, num: f}, nil
}

// string reads a string in quotes, with its escapes; invalid UTF-8 is
// replaced by U+FFFD, as encoding/json does.
func (p *jsonParser) string() (string, error) {
	p.i++ // "
	var b strings.Builder
	for {
		if p.i >= len(p.data) {
			return "", p.errorf("unterminated string")
		}
		c := p.data[p.i]
		switch {
		case c == '"':
			p.i++
			return b.String(), nil
		case c < 0x20:
			return "", p.errorf("control character %q in a string", c)
		case c == '\\':
			if p.i+1 >= len(p.data) {
				return "", p.errorf("unterminated string")
			}
			e := p.data[p.i+1]
			p.i += 2
			switch e {
			case '"', '\\', '/':
				b.WriteByte(e)
			case 'b':
				b.WriteByte('\b')
			case 'f':
				b.WriteByte('\f')
			case 'n':
				b.WriteByte('\n')
			case 'r':
				b.WriteByte('\r')
			case 't':
				b.WriteByte('\t')
			case 'u':
				r, ok := p.hex4()
				if !ok {
					return "", p.errorf("want 4 hex digits after \\u")
				}
				if utf16.IsSurrogate(r) {
					r2 := utf8.RuneError
					if p.i+1 < len(p.data) && p.data[p.i] == '\\' && p.data[p.i+1] == 'u' {
						save := p.i
						p.i += 2
						if lo, ok := p.hex4(); ok && utf16.DecodeRune(r, lo) != utf8.RuneError {
							r2 = utf16.DecodeRune(r, lo)
						} else {
							p.i = save
						}
					}
					r = r2
				}
				b.WriteRune(r)
			default:
				p.i--
				return "", p.errorf("unknown escape \\%c", e)
			}
		default:
			r, n := utf8.DecodeRune(p.data[p.i:])
			b.WriteRune(r)
			p.i += n
		}
	}
}

func (p *jsonParser) hex4() (rune, bool) {
	if p.i+4 > len(p.data) {
		return 0, false
	}
	n, err := strconv.ParseUint(string(p.data[p.i:p.i+4]), 16, 32)
	if err != nil {
		return 0, false
	}
	p.i += 4
	return rune(n), true
}

// jsonReader converts parsed values into Go values, keeping the first
// error, which names the field by its path ("meta.frameTags[0].from").
type jsonReader struct{ err error }

func (r *jsonReader) fail(path, want string, v jsonValue) {
	if r.err == nil {
		r.err = fmt.Errorf("%s is %s, want %s", path, v.kind, want)
	}
}

// int reads an integer; null is 0.
func (r *jsonReader) int(v jsonValue, path string) int {
	if v.kind == jsonNull {
		return 0
	}
	if v.kind != jsonNumber {
		r.fail(path, "an integer", v)
		return 0
	}
	if v.num != math.Trunc(v.num) || math.Abs(v.num) > 1<<53 {
		if r.err == nil {
			r.err = fmt.Errorf("%s is %v, want an integer", path, v.num)
		}
		return 0
	}
	return int(v.num)
}

// string reads a string; null is "".
func (r *jsonReader) string(v jsonValue, path string) string {
	if v.kind != jsonNull && v.kind != jsonString {
		r.fail(path, "a string", v)
	}
	return v.str
}

// bool reads a boolean; null is false.
func (r *jsonReader) bool(v jsonValue, path string) bool {
	if v.kind != jsonNull && v.kind != jsonBool {
		r.fail(path, "a boolean", v)
	}
	return v.b
}

// object checks that v is an object or null (no members).
func (r *jsonReader) object(v jsonValue, path string) jsonValue {
	if v.kind != jsonNull && v.kind != jsonObject {
		r.fail(path, "an object", v)
		return jsonValue{}
	}
	return v
}

// array returns an array's elements; null has none.
func (r *jsonReader) array(v jsonValue, path string) []jsonValue {
	if v.kind != jsonNull && v.kind != jsonArray {
		r.fail(path, "an array", v)
	}
	return v.arr
}
