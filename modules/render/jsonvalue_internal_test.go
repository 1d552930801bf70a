package render

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// plain converts a parsed value to what encoding/json decodes into an
// any: map[string]any (the last of duplicate names), []any, float64,
// string, bool, nil.
func (v jsonValue) plain() any {
	switch v.kind {
	case jsonBool:
		return v.b
	case jsonNumber:
		return v.num
	case jsonString:
		return v.str
	case jsonArray:
		out := []any{}
		for _, e := range v.arr {
			out = append(out, e.plain())
		}
		return out
	case jsonObject:
		out := map[string]any{}
		for _, m := range v.obj {
			out[m.key] = m.val.plain()
		}
		return out
	}
	return nil
}

// TestParseJSONAgreesWithEncodingJSON: render's JSON reader accepts what
// encoding/json accepts, with the same values, and refuses what it
// refuses.
func TestParseJSONAgreesWithEncodingJSON(t *testing.T) {
	docs := []string{
		`{}`, `[]`, `null`, `true`, `false`, `0`, `-0`, `12`, `-3.25e+2`, `1E3`, `0.5`, `""`,
		` {"a" : [1, 2, {"b": null}], "c": "d"} `,
		`"\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00"`, `"é and ü"`, `"\ud800"`, `"\ud800x"`, `"\udc00\ud800"`, `"\ud800\u0041"`, "\"\xff a \xc3\"",
		`{"frames": {"a 0.png": {"frame": {"x": 0, "y": 0, "w": 16, "h": 16}, "duration": 100}}, "meta": {}}`,
		`{"a": 1, "a": 2}`, "[1,\n\t2\r]", `[[[[[]]]]]`,
		// refused
		``, ` `, `{`, `}`, `[`, `[1,]`, `{"a":1,}`, `{"a" 1}`, `{a: 1}`, `[1 2]`, `01`, `-`, `1.`, `.5`, `1e`, `+1`,
		`"abc`, "\"a\nb\"", `"\x"`, `"\u12"`, `"\u12g4"`, `tru`, `nul`, `[1] 2`, `{"a":1}}`, `NaN`, `'a'`,
	}
	for _, doc := range docs {
		var want any
		wantErr := json.Unmarshal([]byte(doc), &want)
		got, err := parseJSON([]byte(doc))
		switch {
		case wantErr != nil && err == nil:
			t.Errorf("%.40q: parsed as %.60v; encoding/json refuses it: %v", doc, got.plain(), wantErr)
		case wantErr == nil && err != nil:
			t.Errorf("%.40q: %v; encoding/json reads %.60v", doc, err, want)
		case err == nil && !reflect.DeepEqual(got.plain(), want):
			t.Errorf("%.40q: %.60v, encoding/json reads %.60v", doc, got.plain(), want)
		case err != nil && !strings.HasPrefix(err.Error(), "invalid JSON at byte "):
			t.Errorf("%.40q: error %q does not say where", doc, err)
		}
	}
	// Deeper than encoding/json's limit (10,000) is refused, and so is
	// deeper than the sheets' reader's own (1,000).
	for _, depth := range []int{jsonMaxDepth + 1, 20_000} {
		doc := strings.Repeat("[", depth) + strings.Repeat("]", depth)
		if _, err := parseJSON([]byte(doc)); err == nil || !strings.Contains(err.Error(), "nested deeper than 1000") {
			t.Errorf("arrays nested %d deep: %v, want an error saying they are nested too deep", depth, err)
		}
	}
	if _, err := parseJSON([]byte(strings.Repeat("[", jsonMaxDepth) + strings.Repeat("]", jsonMaxDepth))); err != nil {
		t.Errorf("arrays nested %d deep: %v", jsonMaxDepth, err)
	}
}

// TestParseJSONKeepsOrderAndMatchesNamesAsEncodingJSON: an object's
// members stay in the file's order (a hash sheet's frames), and get
// prefers the exact name, then one of another case.
func TestParseJSONKeepsOrderAndMatchesNamesAsEncodingJSON(t *testing.T) {
	v, err := parseJSON([]byte(`{"z": 1, "a": 2, "X": 3, "x": 4, "Y": 5}`))
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, m := range v.obj {
		keys = append(keys, m.key)
	}
	if want := []string{"z", "a", "X", "x", "Y"}; !reflect.DeepEqual(keys, want) {
		t.Errorf("members %q, want %q", keys, want)
	}
	for _, c := range []struct {
		key  string
		want float64
	}{{"x", 4}, {"X", 3}, {"y", 5}, {"A", 2}} {
		if got := v.get(c.key); got.kind != jsonNumber || got.num != c.want {
			t.Errorf("get(%q) = %#v, want %v", c.key, got, c.want)
		}
	}
	if got := v.get("missing"); got.kind != jsonNull {
		t.Errorf("get(missing) = %#v, want null", got)
	}
}

// TestReadAsepriteNamesTheField: a member of the wrong type is an error
// naming it by its path.
func TestReadAsepriteNamesTheField(t *testing.T) {
	for _, c := range []struct{ doc, want string }{
		{`[]`, "the file is an array, want an object"},
		{`{"frames": 3}`, "frames is neither an array nor an object"},
		{`{"frames": [{"duration": "50"}]}`, "frames[0].duration is a string, want an integer"},
		{`{"frames": {"a.png": {"frame": {"x": 1.5}}}}`, `frames["a.png"].frame.x is 1.5, want an integer`},
		{`{"frames": [], "meta": {"frameTags": [{"name": 3}]}}`, "meta.frameTags[0].name is a number, want a string"},
		{`{"frames": [], "meta": {"slices": [{"name": "s", "keys": [{"bounds": []}]}]}}`, "meta.slices[0].keys[0].bounds is an array, want an object"},
		{`{"frames": [{"rotated": 1}]}`, "frames[0].rotated is a number, want a boolean"},
	} {
		_, err := readAseprite([]byte(c.doc))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error containing %q", c.doc, err, c.want)
		}
	}
	doc, err := readAseprite([]byte(`{"frames": [{"Frame": {"X": 1, "y": 2, "w": 3, "h": 4}, "duration": 100, "sourceSize": {"w": 8, "h": 9}}],
		"meta": {"image": "a.png", "frameTags": [{"name": "run", "from": 0, "to": 0, "direction": "pingpong"}],
		"slices": [{"name": "hit", "keys": [{"frame": 0, "bounds": {"x": 1, "y": 1, "w": 2, "h": 2}, "pivot": {"x": 1, "y": 0}}]}], "unknown": [1]}}`))
	if err != nil {
		t.Fatal(err)
	}
	f := doc.Frames[0]
	if f.Frame != (jsonRect{1, 2, 3, 4}) || f.Duration != 100 || f.SourceSize.W != 8 || f.SourceSize.H != 9 {
		t.Errorf("frame %+v", f)
	}
	if tg := doc.Meta.FrameTags[0]; tg.Name != "run" || tg.Direction != "pingpong" || doc.Meta.Image != "a.png" {
		t.Errorf("meta %+v", doc.Meta)
	}
	if k := doc.Meta.Slices[0].Keys[0]; k.Bounds == nil || *k.Bounds != (jsonRect{1, 1, 2, 2}) || k.Center != nil || k.Pivot == nil || *k.Pivot != (jsonPoint{1, 0}) {
		t.Errorf("slice key %+v", k)
	}
}
