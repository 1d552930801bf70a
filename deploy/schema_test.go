package deploy

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// agonesCommit is the commit of googleforgames/agones whose CRD schemas
// (install/yaml/install.yaml: fleets.agones.dev and
// fleetautoscalers.autoscaling.agones.dev), allocation types and
// validation (pkg/apis/allocation/v1/gameserverallocation.go) and
// feature gates (pkg/util/runtime/features.go) the model below follows.
// The model is glue's own, written from reading them: it holds the
// fields of the kinds deploy/ uses, with their types, enums, bounds and
// required fields, and refuses any other field — as the API server does
// for a CRD, which prunes unknown fields (kubectl's strict field
// validation refuses them).
const agonesCommit = "b19d5fe78"

// kind is a schema node's JSON type.
type kind int

const (
	object   kind = iota // fixed properties
	mapOf                // additionalProperties: any key, values of elem
	str                  // string
	integer              // integer
	boolean              // boolean
	array                // items of elem
	intOrStr             // x-kubernetes-int-or-string: 5 or "50%"
	opaque               // x-kubernetes-preserve-unknown-fields: Kubernetes' own (a pod template)
)

// node is one schema node.
type node struct {
	kind     kind
	props    map[string]*node
	required []string
	enum     []string
	min, max *int64
	elem     *node
	pattern  *regexp.Regexp
	maxLen   int
	// gate is the Agones feature gate the field needs (Agones'
	// validation webhook refuses it with the gate off).
	gate string
}

func obj(props map[string]*node, required ...string) *node {
	return &node{kind: object, props: props, required: required}
}
func mapOfN(elem *node) *node { return &node{kind: mapOf, elem: elem} }
func arr(elem *node) *node    { return &node{kind: array, elem: elem} }
func strN() *node             { return &node{kind: str} }
func enumN(v ...string) *node { return &node{kind: str, enum: v} }
func boolN() *node            { return &node{kind: boolean} }
func intN() *node             { return &node{kind: integer} }
func intOrStrN() *node        { return &node{kind: intOrStr} }
func opaqueN() *node          { return &node{kind: opaque} }
func strMap() *node           { return mapOfN(strN()) }

// between bounds an integer node.
func (n *node) between(lo, hi int64) *node {
	n.min, n.max = &lo, &hi
	return n
}

// atLeast bounds an integer node from below.
func (n *node) atLeastN(lo int64) *node {
	n.min = &lo
	return n
}

// gated marks a node as needing a feature gate.
func (n *node) gated(g string) *node {
	n.gate = g
	return n
}

// The feature gates of Agones at agonesCommit, and their defaults
// (pkg/util/runtime/features.go).
const (
	gateCountsAndLists               = "CountsAndLists"         // beta, on
	gateScheduledAutoscaler          = "ScheduledAutoscaler"    // beta, on
	gatePlayerTracking               = "PlayerTracking"         // alpha, off
	gatePlayerAllocationFilter       = "PlayerAllocationFilter" // alpha, off
	gateWasmAutoscaler               = "WasmAutoscaler"         // alpha, off
	dnsLabel                         = `^[a-z0-9]([-a-z0-9]*[a-z0-9])?$`
	dnsSubdomain                     = `^[a-z0-9]([-\.a-z0-9]*[a-z0-9])?$`
	maxInt32                   int64 = 2147483648 // the CRD's maximum for durations in seconds
)

// defaultGates are the gates of a default Agones install.
var defaultGates = map[string]bool{
	gateCountsAndLists: true, gateScheduledAutoscaler: true,
	gatePlayerTracking: false, gatePlayerAllocationFilter: false, gateWasmAutoscaler: false,
}

// objectMetaN is the metadata of a manifest or template (the fields a
// manifest may set).
func objectMetaN() *node {
	return obj(map[string]*node{
		"name":         {kind: str, pattern: regexp.MustCompile(dnsSubdomain), maxLen: 253},
		"generateName": strN(),
		"namespace":    {kind: str, pattern: regexp.MustCompile(dnsLabel), maxLen: 63},
		"labels":       strMap(),
		"annotations":  strMap(),
	})
}

// portN is a port of 1–65535.
func portN() *node { return intN().between(1, 65535) }

// gameServerSpecN is a GameServer's spec (fleets.agones.dev,
// spec.template.spec).
func gameServerSpecN() *node {
	return obj(map[string]*node{
		"container": {kind: str, pattern: regexp.MustCompile(dnsLabel), maxLen: 63},
		"ports": arr(obj(map[string]*node{
			"name":          strN(),
			"range":         strN(),
			"portPolicy":    enumN("Dynamic", "Static", "Passthrough", "None"),
			"protocol":      enumN("UDP", "TCP", "TCPUDP"),
			"container":     strN(),
			"containerPort": portN(),
			"hostPort":      portN(),
		})),
		"sdkServer": obj(map[string]*node{
			"logLevel": enumN("Error", "Info", "Debug", "Trace"),
			"grpcPort": portN(),
			"httpPort": portN(),
		}),
		"scheduling": enumN("Packed", "Distributed"),
		"health": obj(map[string]*node{
			"disabled":            boolN(),
			"initialDelaySeconds": intN().between(0, maxInt32),
			"periodSeconds":       intN().between(0, maxInt32),
			"failureThreshold":    intN().between(1, maxInt32),
		}),
		"players": obj(map[string]*node{
			"initialCapacity": intN().atLeastN(0),
		}).gated(gatePlayerTracking),
		"counters": mapOfN(obj(map[string]*node{
			"count":    intN().atLeastN(0),
			"capacity": intN().atLeastN(0),
		})).gated(gateCountsAndLists),
		"lists": mapOfN(obj(map[string]*node{
			"capacity": intN().between(0, 1000),
			"values":   arr(strN()),
		})).gated(gateCountsAndLists),
		"eviction":          obj(map[string]*node{"safe": enumN("Always", "OnUpgrade", "Never")}),
		"immutableReplicas": intN().between(1, 1),
		"template":          opaqueN(), // a PodTemplateSpec: Kubernetes validates it
	}, "template")
}

// fleetN is a Fleet (agones.dev/v1).
func fleetN() *node {
	return obj(map[string]*node{
		"apiVersion": enumN("agones.dev/v1"),
		"kind":       enumN("Fleet"),
		"metadata":   objectMetaN(),
		"spec": obj(map[string]*node{
			"replicas": intN().atLeastN(0),
			"allocationOverflow": obj(map[string]*node{
				"labels": strMap(), "annotations": strMap(),
			}),
			"scheduling": enumN("Packed", "Distributed"),
			"strategy": obj(map[string]*node{
				"type": enumN("Recreate", "RollingUpdate"),
				"rollingUpdate": obj(map[string]*node{
					"maxSurge": intOrStrN(), "maxUnavailable": intOrStrN(),
				}),
			}),
			"priorities": arr(obj(map[string]*node{
				"type":  enumN("Counter", "List"),
				"key":   strN(),
				"order": enumN("Ascending", "Descending"),
			})).gated(gateCountsAndLists),
			"template": obj(map[string]*node{
				"metadata": objectMetaN(),
				"spec":     gameServerSpecN(),
			}, "spec"),
		}, "template"),
	}, "apiVersion", "kind", "metadata", "spec")
}

// bufferPolicyN is a FleetAutoscaler's Buffer policy.
func bufferPolicyN() *node {
	return obj(map[string]*node{
		"minReplicas": intN().atLeastN(0),
		"maxReplicas": intN().atLeastN(1),
		"bufferSize":  intOrStrN(),
	}, "maxReplicas")
}

// capacityPolicyN is a FleetAutoscaler's Counter or List policy.
func capacityPolicyN() *node {
	return obj(map[string]*node{
		"key":         strN(),
		"minCapacity": intN().atLeastN(0),
		"maxCapacity": intN().atLeastN(1),
		"bufferSize":  intOrStrN(),
	}, "key", "bufferSize", "maxCapacity").gated(gateCountsAndLists)
}

// webhookN is a FleetAutoscaler's Webhook policy.
func webhookN() *node {
	return obj(map[string]*node{
		"url": strN(),
		"service": obj(map[string]*node{
			"namespace": strN(), "name": strN(), "path": strN(), "port": intN(),
		}, "namespace", "name"),
		"caBundle": strN(),
	})
}

// fleetAutoscalerN is a FleetAutoscaler (autoscaling.agones.dev/v1); its
// Schedule, Chain and Wasm policies are left out of the model (refused
// here as unknown).
func fleetAutoscalerN() *node {
	return obj(map[string]*node{
		"apiVersion": enumN("autoscaling.agones.dev/v1"),
		"kind":       enumN("FleetAutoscaler"),
		"metadata":   objectMetaN(),
		"spec": obj(map[string]*node{
			"fleetName": {kind: str, pattern: regexp.MustCompile(dnsSubdomain), maxLen: 63},
			"policy": obj(map[string]*node{
				"type":    enumN("Buffer", "Webhook", "Counter", "List"),
				"buffer":  bufferPolicyN(),
				"webhook": webhookN(),
				"counter": capacityPolicyN(),
				"list":    capacityPolicyN(),
			}, "type"),
			"sync": obj(map[string]*node{
				"type":          enumN("FixedInterval"),
				"fixedInterval": obj(map[string]*node{"seconds": intN().atLeastN(0)}, "seconds"),
			}, "type"),
		}, "fleetName", "policy"),
	}, "apiVersion", "kind", "metadata", "spec")
}

// selectorN is a GameServerSelector of an allocation.
func selectorN() *node {
	return obj(map[string]*node{
		"matchLabels": strMap(),
		"matchExpressions": arr(obj(map[string]*node{
			"key":      strN(),
			"operator": enumN("In", "NotIn", "Exists", "DoesNotExist"),
			"values":   arr(strN()),
		}, "key", "operator")),
		"gameServerState": enumN("Ready", "Allocated"),
		"players": obj(map[string]*node{
			"minAvailable": intN().atLeastN(0), "maxAvailable": intN().atLeastN(0),
		}).gated(gatePlayerAllocationFilter),
		"counters": mapOfN(obj(map[string]*node{
			"minCount": intN().atLeastN(0), "maxCount": intN().atLeastN(0),
			"minAvailable": intN().atLeastN(0), "maxAvailable": intN().atLeastN(0),
		})).gated(gateCountsAndLists),
		"lists": mapOfN(obj(map[string]*node{
			"containsValue": strN(),
			"minAvailable":  intN().atLeastN(0), "maxAvailable": intN().atLeastN(0),
		})).gated(gateCountsAndLists),
	})
}

// allocationN is a GameServerAllocation (allocation.agones.dev/v1; not a
// CRD: its fields are those of pkg/apis/allocation/v1).
func allocationN() *node {
	return obj(map[string]*node{
		"apiVersion": enumN("allocation.agones.dev/v1"),
		"kind":       enumN("GameServerAllocation"),
		"metadata":   objectMetaN(),
		"spec": obj(map[string]*node{
			"selectors":  arr(selectorN()),
			"scheduling": enumN("Packed", "Distributed"),
			"priorities": arr(obj(map[string]*node{
				"type":  enumN("Counter", "List"),
				"key":   strN(),
				"order": enumN("Ascending", "Descending"),
			}, "type", "key")).gated(gateCountsAndLists),
			"metadata": obj(map[string]*node{"labels": strMap(), "annotations": strMap()}),
			"counters": mapOfN(obj(map[string]*node{
				"action":   enumN("Increment", "Decrement"),
				"amount":   intN().atLeastN(0),
				"capacity": intN().atLeastN(0),
			})).gated(gateCountsAndLists),
			"lists": mapOfN(obj(map[string]*node{
				"addValues":    arr(strN()),
				"deleteValues": arr(strN()),
				"capacity":     intN().atLeastN(0),
			})).gated(gateCountsAndLists),
		}),
	}, "apiVersion", "kind", "spec")
}

// schemaFor returns the model of a manifest's kind.
func schemaFor(kind string) *node {
	switch kind {
	case "Fleet":
		return fleetN()
	case "FleetAutoscaler":
		return fleetAutoscalerN()
	case "GameServerAllocation":
		return allocationN()
	}
	return nil
}

// validate checks v, decoded from YAML, against n with gates on or off,
// and returns the problems, each naming the field's path.
func validate(path string, v any, n *node, gates map[string]bool) []string {
	var out []string
	bad := func(format string, args ...any) { out = append(out, path+": "+fmt.Sprintf(format, args...)) }
	if n.gate != "" && !gates[n.gate] {
		bad("needs Agones' %s feature gate, which this install has off (Agones refuses: \"Value cannot be set unless feature flag %s is enabled\")", n.gate, n.gate)
	}
	switch n.kind {
	case opaque:
		return out
	case object, mapOf:
		m, ok := v.(map[string]any)
		if !ok {
			bad("is %s; want an object", describe(v))
			return out
		}
		for _, r := range n.required {
			if _, ok := m[r]; !ok {
				bad("lacks the required field %q", r)
			}
		}
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			child := n.elem
			if n.kind == object {
				child = n.props[k]
			}
			if child == nil {
				known := slices.Sorted(func(yield func(string) bool) {
					for p := range n.props {
						if !yield(p) {
							return
						}
					}
				})
				bad("unknown field %q (Agones has %s)", k, strings.Join(known, ", "))
				continue
			}
			out = append(out, validate(path+"."+k, m[k], child, gates)...)
		}
	case array:
		a, ok := v.([]any)
		if !ok {
			bad("is %s; want a list", describe(v))
			return out
		}
		for i, x := range a {
			out = append(out, validate(fmt.Sprintf("%s[%d]", path, i), x, n.elem, gates)...)
		}
	case str:
		s, ok := v.(string)
		switch {
		case !ok:
			bad("is %s; want a string", describe(v))
		case len(n.enum) > 0 && !slices.Contains(n.enum, s):
			bad("is %q; Agones allows %s", s, strings.Join(n.enum, ", "))
		case n.pattern != nil && !n.pattern.MatchString(s):
			bad("%q does not match %s", s, n.pattern)
		case n.maxLen > 0 && len(s) > n.maxLen:
			bad("%q is longer than %d", s, n.maxLen)
		}
	case integer:
		i, ok := v.(int)
		if !ok {
			bad("is %s; want an integer", describe(v))
			return out
		}
		if n.min != nil && int64(i) < *n.min || n.max != nil && int64(i) > *n.max {
			bad("is %d; want %s", i, bounds(n))
		}
	case boolean:
		if _, ok := v.(bool); !ok {
			bad("is %s; want true or false", describe(v))
		}
	case intOrStr:
		switch x := v.(type) {
		case int:
		case string:
			if !regexp.MustCompile(`^[0-9]+%$`).MatchString(x) {
				bad("is %q; want an integer or a percentage like \"10%%\"", x)
			}
		default:
			bad("is %s; want an integer or a percentage", describe(v))
		}
	}
	return out
}

// bounds describes an integer node's bounds.
func bounds(n *node) string {
	switch {
	case n.min != nil && n.max != nil:
		return fmt.Sprintf("%d to %d", *n.min, *n.max)
	case n.min != nil:
		return fmt.Sprintf("at least %d", *n.min)
	}
	return fmt.Sprintf("at most %d", *n.max)
}

// describe names a decoded YAML value's type.
func describe(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case string:
		return fmt.Sprintf("the string %q", x)
	case int:
		return fmt.Sprintf("the integer %d", x)
	case float64:
		return fmt.Sprintf("the number %v", x)
	case bool:
		return fmt.Sprintf("%v", x)
	case []any:
		return "a list"
	case map[string]any:
		return "an object"
	}
	return fmt.Sprintf("%T", v)
}

// checkManifest decodes every YAML document of b and validates each
// against the model of its kind, with gates.
func checkManifest(name string, b []byte, gates map[string]bool) ([]string, error) {
	dec := yaml.NewDecoder(bytes.NewReader(b))
	var problems []string
	for i := 0; ; i++ {
		var doc any
		err := dec.Decode(&doc)
		if errors.Is(err, io.EOF) {
			if i == 0 {
				return nil, fmt.Errorf("%s: no document", name)
			}
			return problems, nil
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		m, _ := doc.(map[string]any)
		k, _ := m["kind"].(string)
		n := schemaFor(k)
		if n == nil {
			problems = append(problems, fmt.Sprintf("%s: document %d: kind %q is not one deploy-check knows (Fleet, FleetAutoscaler, GameServerAllocation)", name, i+1, k))
			continue
		}
		for _, p := range validate(k, doc, n, gates) {
			problems = append(problems, name+": "+p)
		}
	}
}

// TestManifestsAgainstAgonesSchemas: every manifest of deploy/ is valid
// for Agones (at agonesCommit) on a default install: no unknown field, no
// value outside its enum or bounds, every required field, and no field
// behind a feature gate that is off by default (PlayerTracking).
func TestManifestsAgainstAgonesSchemas(t *testing.T) {
	files, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, f := range files {
		if !strings.HasSuffix(f.Name(), ".yaml") {
			continue
		}
		b, err := os.ReadFile(f.Name())
		if err != nil {
			t.Fatal(err)
		}
		problems, err := checkManifest(f.Name(), b, defaultGates)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range problems {
			t.Errorf("%s (Agones %s, default feature gates)", p, agonesCommit)
		}
		var head struct{ Kind string }
		yaml.Unmarshal(b, &head)
		seen[head.Kind] = true
	}
	for _, k := range []string{"Fleet", "FleetAutoscaler", "GameServerAllocation"} {
		if !seen[k] {
			t.Errorf("deploy/ has no %s manifest", k)
		}
	}
}

// TestSchemaModelRefuses: the model catches what Agones refuses: an
// unknown field, a value outside an enum, a wrong type, a missing
// required field, a number out of bounds, a field behind a gate that is
// off — and lets the gate's field through when the gate is on.
func TestSchemaModelRefuses(t *testing.T) {
	const fleet = `apiVersion: agones.dev/v1
kind: Fleet
metadata: {name: breakout}
spec:
  replicas: 2
  template:
    spec:
      ports: [{name: default, containerPort: 7654, protocol: TCP}]
      template: {spec: {containers: [{name: breakout, image: x}]}}
`
	if p, err := checkManifest("good", []byte(fleet), defaultGates); err != nil || len(p) > 0 {
		t.Fatalf("a valid Fleet: %v %v", p, err)
	}
	for _, c := range []struct{ change, with, want string }{
		{"replicas: 2", "replicas: 2\n  replicaz: 3", `unknown field "replicaz"`},
		{"protocol: TCP", "protocol: WebSocket", `is "WebSocket"; Agones allows UDP, TCP, TCPUDP`},
		{"replicas: 2", "replicas: two", `spec.replicas: is the string "two"; want an integer`},
		{"replicas: 2", "replicas: -1", `spec.replicas: is -1; want at least 0`},
		{"containerPort: 7654", "containerPort: 70000", "is 70000; want 1 to 65535"},
		{"  template:\n    spec:\n      ports", "  template:\n    metadata: {}\n    spex:\n      ports", `spec.template: lacks the required field "spec"`},
		{"      ports:", "      players: {initialCapacity: 2}\n      ports:", "needs Agones' PlayerTracking feature gate"},
		{"      ports:", "      lists: {players: {capacity: 1001}}\n      ports:", "lists.players.capacity: is 1001; want 0 to 1000"},
		{"name: breakout}", "name: Breakout}", `"Breakout" does not match`},
	} {
		bad := strings.Replace(fleet, c.change, c.with, 1)
		p, err := checkManifest("bad", []byte(bad), defaultGates)
		if err != nil || !strings.Contains(strings.Join(p, "\n"), c.want) {
			t.Errorf("%q → %q: problems %q, err %v; want one saying %q", c.change, c.with, p, err, c.want)
		}
	}
	withPlayers := strings.Replace(fleet, "      ports:", "      players: {initialCapacity: 2}\n      ports:", 1)
	if p, _ := checkManifest("gate on", []byte(withPlayers), map[string]bool{gatePlayerTracking: true}); len(p) > 0 {
		t.Errorf("players: with the PlayerTracking gate on: %v", p)
	}
	const autoscaler = "apiVersion: autoscaling.agones.dev/v1\nkind: FleetAutoscaler\nmetadata: {name: a}\nspec:\n  fleetName: breakout\n  policy: {type: Buffer, buffer: {bufferSize: 50%, minReplicas: 1, maxReplicas: 10}}\n"
	if p, err := checkManifest("autoscaler", []byte(autoscaler), defaultGates); err != nil || len(p) > 0 {
		t.Errorf("a valid FleetAutoscaler: %v %v", p, err)
	}
	for _, c := range []struct{ change, with, want string }{
		{"bufferSize: 50%", "bufferSize: lots", `bufferSize: is "lots"; want an integer or a percentage`},
		{", maxReplicas: 10", "", `lacks the required field "maxReplicas"`},
		{"type: Buffer", "type: Buffered", `is "Buffered"; Agones allows Buffer`},
	} {
		p, _ := checkManifest("bad autoscaler", []byte(strings.Replace(autoscaler, c.change, c.with, 1)), defaultGates)
		if !strings.Contains(strings.Join(p, "\n"), c.want) {
			t.Errorf("%q → %q: problems %q; want one saying %q", c.change, c.with, p, c.want)
		}
	}
	const alloc = "apiVersion: allocation.agones.dev/v1\nkind: GameServerAllocation\nspec:\n  selectors: [{matchLabels: {agones.dev/fleet: breakout}, gameServerState: Ready}]\n"
	if p, _ := checkManifest("alloc", []byte(alloc), defaultGates); len(p) > 0 {
		t.Errorf("a valid allocation: %v", p)
	}
	if p, _ := checkManifest("alloc", []byte(strings.Replace(alloc, "gameServerState: Ready", "gameServerState: Shutdown", 1)), defaultGates); len(p) != 1 {
		t.Errorf("gameServerState Shutdown: %v; want it refused", p)
	}
}
