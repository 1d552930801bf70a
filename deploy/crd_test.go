package deploy

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"go.yaml.in/yaml/v3"
)

// The real check of the manifests: Agones' own CustomResourceDefinitions.
//
// TestManifestsAgainstAgonesSchemas (schema_test.go) checks the manifests
// against glue's own model of Agones' schemas, which CI can run. This test
// reads the CRDs from Agones' install.yaml itself — the file a default
// install applies — and validates every manifest of deploy/ whose kind is
// one of them against the CRD's openAPIV3Schema, strictly: a field the
// schema does not declare is refused (as `kubectl apply
// --validate=strict` refuses it), except where the schema keeps unknown
// fields (x-kubernetes-preserve-unknown-fields).
//
// It needs Agones' install.yaml, which CI cannot fetch:
//
//	AGONES_INSTALL_YAML=/path/to/agones/install/yaml/install.yaml make deploy-check
//
// or AGONES_SRC=/path/to/an/agones/checkout. Without either it is skipped,
// saying so.

// agonesInstallYAML returns Agones' install.yaml, or skips the test.
func agonesInstallYAML(t *testing.T) []byte {
	t.Helper()
	path := os.Getenv("AGONES_INSTALL_YAML")
	if path == "" && os.Getenv("AGONES_SRC") != "" {
		path = filepath.Join(os.Getenv("AGONES_SRC"), "install", "yaml", "install.yaml")
	}
	if path == "" {
		t.Skip("Agones' CRDs not checked: set AGONES_INSTALL_YAML to Agones' install/yaml/install.yaml (or AGONES_SRC to an Agones checkout); glue's own model of them ran in TestManifestsAgainstAgonesSchemas")
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("AGONES_INSTALL_YAML/AGONES_SRC: %v", err)
	}
	return b
}

// crdSchemas reads the CRDs of an install.yaml: for each "group/version
// Kind" served, its openAPIV3Schema made strict and turned into a JSON
// Schema.
func crdSchemas(t *testing.T, install []byte) map[string]any {
	t.Helper()
	out := map[string]any{}
	dec := yaml.NewDecoder(bytes.NewReader(install))
	for {
		var doc struct {
			Kind string `yaml:"kind"`
			Spec struct {
				Group string `yaml:"group"`
				Names struct {
					Kind string `yaml:"kind"`
				} `yaml:"names"`
				Versions []struct {
					Name   string `yaml:"name"`
					Served bool   `yaml:"served"`
					Schema struct {
						OpenAPIV3Schema map[string]any `yaml:"openAPIV3Schema"`
					} `yaml:"schema"`
				} `yaml:"versions"`
			} `yaml:"spec"`
		}
		err := dec.Decode(&doc)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("install.yaml: %v", err)
		}
		if doc.Kind != "CustomResourceDefinition" {
			continue
		}
		for _, v := range doc.Spec.Versions {
			if v.Served && v.Schema.OpenAPIV3Schema != nil {
				key := doc.Spec.Group + "/" + v.Name + " " + doc.Spec.Names.Kind
				out[key] = strictSchema(v.Schema.OpenAPIV3Schema, true)
			}
		}
	}
	if len(out) == 0 {
		t.Fatal("install.yaml holds no CustomResourceDefinition: is it Agones' install.yaml?")
	}
	return out
}

// strictSchema turns one node of a CRD's structural schema into JSON
// Schema: an object that declares properties refuses others unless it
// keeps unknown fields; int-or-string takes either; nullable takes null;
// the x-kubernetes-* keywords are dropped. top is the schema's root,
// whose metadata Kubernetes itself checks (it declares only type object).
func strictSchema(node map[string]any, top bool) map[string]any {
	out := map[string]any{}
	preserve, _ := node["x-kubernetes-preserve-unknown-fields"].(bool)
	for k, v := range node {
		switch k {
		case "properties":
			props := map[string]any{}
			for name, p := range v.(map[string]any) {
				props[name] = strictSchema(p.(map[string]any), false)
			}
			out[k] = props
		case "items":
			if m, ok := v.(map[string]any); ok {
				out[k] = strictSchema(m, false)
			}
		case "additionalProperties":
			if m, ok := v.(map[string]any); ok {
				out[k] = strictSchema(m, false)
			} else {
				out[k] = v
			}
		case "allOf", "anyOf", "oneOf":
			var list []any
			for _, s := range v.([]any) {
				list = append(list, strictSchema(s.(map[string]any), false))
			}
			out[k] = list
		case "not":
			out[k] = strictSchema(v.(map[string]any), false)
		case "nullable", "x-kubernetes-int-or-string", "type", "format":
			// handled below
		default:
			if !strings.HasPrefix(k, "x-kubernetes-") {
				out[k] = v
			}
		}
	}
	var types []any
	if ty, ok := node["type"].(string); ok {
		types = append(types, ty)
	}
	if ios, _ := node["x-kubernetes-int-or-string"].(bool); ios {
		types = []any{"integer", "string"}
	}
	if n, _ := node["nullable"].(bool); n && len(types) > 0 {
		types = append(types, "null")
	}
	switch len(types) {
	case 0:
	case 1:
		out["type"] = types[0]
	default:
		out["type"] = types
	}
	if _, declared := node["properties"]; declared && !preserve && node["additionalProperties"] == nil && !top {
		out["additionalProperties"] = false
	}
	if top {
		if props, ok := out["properties"].(map[string]any); ok {
			for name, p := range props {
				if m, ok := p.(map[string]any); ok && name != "spec" {
					delete(m, "additionalProperties")
				}
			}
		}
	}
	return out
}

// validateAgainstCRD validates the manifest file name (one document)
// against the CRD schema of its apiVersion and kind. It returns the
// validation error, or a skip reason when its kind is no CRD of the file.
func validateAgainstCRD(schemas map[string]any, name string, manifest []byte) (skip string, err error) {
	var doc map[string]any
	if err := yaml.Unmarshal(manifest, &doc); err != nil {
		return "", fmt.Errorf("%s: %v", name, err)
	}
	key := fmt.Sprint(doc["apiVersion"]) + " " + fmt.Sprint(doc["kind"])
	schema, ok := schemas[key]
	if !ok {
		return key + " is not a CustomResourceDefinition of install.yaml", nil
	}
	js, err := json.Marshal(schema)
	if err != nil {
		return "", err
	}
	sdoc, err := jsonschema.UnmarshalJSON(bytes.NewReader(js))
	if err != nil {
		return "", err
	}
	c := jsonschema.NewCompiler()
	// OpenAPI 3.0's schema objects are draft 4's (exclusiveMinimum is a
	// boolean there).
	c.DefaultDraft(jsonschema.Draft4)
	if err := c.AddResource("crd.json", sdoc); err != nil {
		return "", err
	}
	sch, err := c.Compile("crd.json")
	if err != nil {
		return "", fmt.Errorf("%s's schema: %v", key, err)
	}
	jdoc, err := json.Marshal(doc)
	if err != nil {
		return "", err
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(jdoc))
	if err != nil {
		return "", err
	}
	if err := sch.Validate(inst); err != nil {
		return "", fmt.Errorf("%s against Agones' %s CRD: %v", name, key, err)
	}
	return "", nil
}

// TestManifestsAgainstAgonesCRDs validates deploy/'s manifests against
// the CRDs of Agones' own install.yaml (see above), and shows that the
// check is strict: a misspelt field and a value of the wrong type are
// refused.
func TestManifestsAgainstAgonesCRDs(t *testing.T) {
	schemas := crdSchemas(t, agonesInstallYAML(t))
	files, err := filepath.Glob("*.yaml")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		skip, err := validateAgainstCRD(schemas, name, b)
		switch {
		case err != nil:
			t.Error(err)
		case skip != "":
			t.Logf("%s: not checked here: %s (TestManifestsAgainstAgonesSchemas checks it)", name, skip)
		default:
			checked++
			t.Logf("%s: valid against Agones' CRD", name)
		}
	}
	if checked == 0 {
		t.Error("no manifest of deploy/ is a kind of install.yaml's CRDs")
	}

	fleet, err := os.ReadFile("fleet.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for what, bad := range map[string][]byte{
		"a misspelt field":   bytes.Replace(fleet, []byte("scheduling:"), []byte("schedulin:"), 1),
		"a number as string": bytes.Replace(fleet, []byte("replicas: "), []byte("replicas: x"), 1),
		"a misspelt port":    bytes.Replace(fleet, []byte("containerPort:"), []byte("containerPrt:"), 1),
		"an unknown policy":  bytes.Replace(fleet, []byte("portPolicy: Dynamic"), []byte("portPolicy: Dynamc"), 1),
	} {
		if bytes.Equal(bad, fleet) {
			t.Fatalf("fleet.yaml has no field to spoil for %s", what)
		}
		if _, err := validateAgainstCRD(schemas, "fleet.yaml with "+what, bad); err == nil {
			t.Errorf("fleet.yaml with %s passed Agones' CRD; want it refused", what)
		}
	}
}
