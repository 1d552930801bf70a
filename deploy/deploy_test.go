package deploy

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"
)

// The manifests' types, with the fields of Agones' Fleet and
// GameServerAllocation (agones.dev/v1 and allocation.agones.dev/v1, as in
// Agones' CRD schemas and its "Agones CRD API Reference") that the files
// use or might; decoding rejects any other field, so that a misspelt
// field fails here instead of being ignored by the cluster.
type (
	objectMeta struct {
		Name        string            `yaml:"name"`
		Namespace   string            `yaml:"namespace"`
		Labels      map[string]string `yaml:"labels"`
		Annotations map[string]string `yaml:"annotations"`
	}
	fleet struct {
		APIVersion string     `yaml:"apiVersion"`
		Kind       string     `yaml:"kind"`
		Metadata   objectMeta `yaml:"metadata"`
		Spec       struct {
			Replicas   *int   `yaml:"replicas"`
			Scheduling string `yaml:"scheduling"` // Packed | Distributed
			Strategy   struct {
				Type string `yaml:"type"` // Recreate | RollingUpdate
			} `yaml:"strategy"`
			Template struct {
				Metadata objectMeta     `yaml:"metadata"`
				Spec     gameServerSpec `yaml:"spec"`
			} `yaml:"template"`
		} `yaml:"spec"`
	}
	gameServerSpec struct {
		Container  string `yaml:"container"`
		Scheduling string `yaml:"scheduling"`
		Ports      []struct {
			Name          string `yaml:"name"`
			Range         string `yaml:"range"`
			PortPolicy    string `yaml:"portPolicy"` // Dynamic | Static | Passthrough | None
			Protocol      string `yaml:"protocol"`   // UDP | TCP | TCPUDP
			Container     string `yaml:"container"`
			ContainerPort int    `yaml:"containerPort"`
			HostPort      int    `yaml:"hostPort"`
		} `yaml:"ports"`
		Health struct {
			Disabled            bool `yaml:"disabled"`
			InitialDelaySeconds int  `yaml:"initialDelaySeconds"`
			PeriodSeconds       int  `yaml:"periodSeconds"`
			FailureThreshold    int  `yaml:"failureThreshold"`
		} `yaml:"health"`
		Players *struct {
			InitialCapacity int `yaml:"initialCapacity"`
		} `yaml:"players"`
		Lists map[string]*struct {
			Capacity int      `yaml:"capacity"`
			Values   []string `yaml:"values"`
		} `yaml:"lists"`
		SDKServer struct {
			LogLevel string `yaml:"logLevel"`
			GRPCPort int    `yaml:"grpcPort"`
			HTTPPort int    `yaml:"httpPort"`
		} `yaml:"sdkServer"`
		Template struct { // a Kubernetes PodTemplateSpec, the parts used
			Metadata objectMeta `yaml:"metadata"`
			Spec     struct {
				TerminationGracePeriodSeconds *int `yaml:"terminationGracePeriodSeconds"`
				Containers                    []struct {
					Name      string   `yaml:"name"`
					Image     string   `yaml:"image"`
					Args      []string `yaml:"args"`
					Resources struct {
						Requests map[string]string `yaml:"requests"`
						Limits   map[string]string `yaml:"limits"`
					} `yaml:"resources"`
				} `yaml:"containers"`
			} `yaml:"spec"`
		} `yaml:"template"`
	}
	allocation struct {
		APIVersion string     `yaml:"apiVersion"`
		Kind       string     `yaml:"kind"`
		Metadata   objectMeta `yaml:"metadata"`
		Spec       struct {
			Selectors []struct {
				MatchLabels     map[string]string `yaml:"matchLabels"`
				GameServerState string            `yaml:"gameServerState"` // Ready | Allocated
				Lists           map[string]struct {
					MinAvailable int `yaml:"minAvailable"`
				} `yaml:"lists"`
			} `yaml:"selectors"`
			Scheduling string `yaml:"scheduling"`
			Metadata   struct {
				Labels      map[string]string `yaml:"labels"`
				Annotations map[string]string `yaml:"annotations"`
			} `yaml:"metadata"`
		} `yaml:"spec"`
	}
)

// decodeStrict decodes the YAML file name into v, refusing fields v does
// not have.
func decodeStrict(t *testing.T, name string, v any) {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	if err := dec.Decode(v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var more any
	if err := dec.Decode(&more); !errors.Is(err, io.EOF) {
		t.Fatalf("%s: more than one document (%v)", name, err)
	}
}

func oneOf(t *testing.T, what, got string, allowed ...string) {
	t.Helper()
	if !slices.Contains(allowed, got) {
		t.Errorf("%s is %q; Agones allows %q", what, got, allowed)
	}
}

// dockerfile is what TestManifests reads from the Dockerfile.
type dockerfile struct {
	goImage    string   // the build stage's golang:X.Y image tag
	expose     []int    // EXPOSE
	entrypoint []string // ENTRYPOINT, exec form
	tag        string   // the image name in the "docker build … -t NAME" comment
}

func readDockerfile(t *testing.T) dockerfile {
	t.Helper()
	b, err := os.ReadFile("Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	var d dockerfile
	var inst []string // instructions, continuation lines joined
	var cur strings.Builder
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(l, "#") {
			if _, after, ok := strings.Cut(l, "docker build"); ok {
				if _, tag, ok := strings.Cut(after, " -t "); ok {
					d.tag = strings.Fields(tag)[0]
				}
			}
			continue
		}
		if s, ok := strings.CutSuffix(l, "\\"); ok {
			cur.WriteString(s + " ")
			continue
		}
		cur.WriteString(l)
		if s := strings.TrimSpace(cur.String()); s != "" {
			inst = append(inst, s)
		}
		cur.Reset()
	}
	for _, in := range inst {
		word, rest, _ := strings.Cut(in, " ")
		switch strings.ToUpper(word) {
		case "FROM":
			if img, ok := strings.CutPrefix(rest, "golang:"); ok {
				d.goImage = strings.Fields(img)[0]
			}
		case "EXPOSE":
			for _, f := range strings.Fields(rest) {
				p, err := strconv.Atoi(strings.TrimSuffix(f, "/tcp"))
				if err != nil {
					t.Fatalf("EXPOSE %q: %v", f, err)
				}
				d.expose = append(d.expose, p)
			}
		case "ENTRYPOINT":
			if err := json.Unmarshal([]byte(rest), &d.entrypoint); err != nil {
				t.Fatalf("ENTRYPOINT is not in exec form (a JSON array), so SIGTERM would reach a shell, not the server: %v", err)
			}
		}
	}
	return d
}

// flag returns the value of -name in args, or "".
func flag(args []string, name string) (string, bool) {
	for i, a := range args {
		if a == "-"+name || a == "--"+name {
			if i+1 < len(args) && !strings.HasPrefix(args[i+1], "-") {
				return args[i+1], true
			}
			return "", true
		}
		if v, ok := strings.CutPrefix(a, "-"+name+"="); ok {
			return v, true
		}
	}
	return "", false
}

// TestManifests checks deploy/ without a cluster or a container engine:
// the Fleet and the allocation decode with Agones' field names and
// values only, the allocation selects the Fleet, and the Fleet agrees
// with the Dockerfile — the port the server listens on is the one the
// Fleet maps and the image exposes, the drain ends within the pod's
// termination grace period, SIGTERM reaches the server (exec-form
// ENTRYPOINT), the image name is the one built, and the Go image is not
// older than go.mod asks.
func TestManifests(t *testing.T) {
	var f fleet
	decodeStrict(t, "fleet.yaml", &f)
	if f.APIVersion != "agones.dev/v1" || f.Kind != "Fleet" || f.Metadata.Name == "" {
		t.Errorf("fleet.yaml: apiVersion %q, kind %q, name %q; want agones.dev/v1, Fleet, a name", f.APIVersion, f.Kind, f.Metadata.Name)
	}
	if f.Spec.Scheduling != "" {
		oneOf(t, "fleet.yaml spec.scheduling", f.Spec.Scheduling, "Packed", "Distributed")
	}
	if f.Spec.Strategy.Type != "" {
		oneOf(t, "fleet.yaml spec.strategy.type", f.Spec.Strategy.Type, "Recreate", "RollingUpdate")
	}
	if f.Spec.Replicas == nil || *f.Spec.Replicas < 0 {
		t.Errorf("fleet.yaml spec.replicas: %v; want a number ≥ 0", f.Spec.Replicas)
	}
	gs := f.Spec.Template.Spec
	if len(gs.Ports) != 1 {
		t.Fatalf("fleet.yaml: %d ports; want the server's one", len(gs.Ports))
	}
	port := gs.Ports[0]
	if port.PortPolicy != "" {
		oneOf(t, "the port's portPolicy", port.PortPolicy, "Dynamic", "Static", "Passthrough", "None")
	}
	oneOf(t, "the port's protocol (WebSocket runs on TCP; Agones' default is UDP)", port.Protocol, "TCP", "TCPUDP")
	if port.PortPolicy == "Static" && port.HostPort == 0 {
		t.Error("a Static port needs hostPort")
	}
	if gs.Health.Disabled || gs.Health.PeriodSeconds < 3 || gs.Health.FailureThreshold < 1 {
		// The server pings every 2 s (AgonesConfig.HealthEvery in modules/net).
		t.Errorf("fleet.yaml health %+v; want health on, a period above the server's 2 s pings", gs.Health)
	}
	pod := gs.Template.Spec
	if len(pod.Containers) != 1 {
		t.Fatalf("fleet.yaml: %d containers; want the server's one", len(pod.Containers))
	}
	ctr := pod.Containers[0]

	var a allocation
	decodeStrict(t, "allocation.yaml", &a)
	if a.APIVersion != "allocation.agones.dev/v1" || a.Kind != "GameServerAllocation" {
		t.Errorf("allocation.yaml: apiVersion %q, kind %q", a.APIVersion, a.Kind)
	}
	if len(a.Spec.Selectors) == 0 || a.Spec.Selectors[0].MatchLabels["agones.dev/fleet"] != f.Metadata.Name {
		t.Errorf("allocation.yaml selects %+v; want the Fleet %q (label agones.dev/fleet)", a.Spec.Selectors, f.Metadata.Name)
	}
	if a.Spec.Scheduling != "" {
		oneOf(t, "allocation.yaml spec.scheduling", a.Spec.Scheduling, "Packed", "Distributed")
	}

	d := readDockerfile(t)
	args := d.entrypoint
	if len(ctr.Args) > 0 {
		args = append(slices.Clone(args), ctr.Args...)
	}
	serve, _ := flag(args, "serve")
	host, p, err := net.SplitHostPort(serve)
	if err != nil || host != "0.0.0.0" {
		t.Errorf("the server listens on %q (%v); want 0.0.0.0:port, reachable from outside the pod", serve, err)
	}
	if p != strconv.Itoa(port.ContainerPort) {
		t.Errorf("the server listens on port %s, the Fleet maps containerPort %d", p, port.ContainerPort)
	}
	if !slices.Contains(d.expose, port.ContainerPort) {
		t.Errorf("the Dockerfile exposes %v; the Fleet maps %d", d.expose, port.ContainerPort)
	}
	_, tracking := flag(args, "agones-players")
	agonesOff, _ := flag(args, "agones")
	players, _ := flag(args, "players")
	switch {
	case agonesOff == "false" || agonesOff == "0":
		// Without the flag the server talks to Agones when Agones'
		// $AGONES_SDK_HTTP_PORT is set, as it is in every pod.
		t.Error("the server is started with -agones=false: it would never tell Agones it is Ready")
	case tracking && gs.Players == nil:
		t.Error("-agones-players reports players with PlayerTracking, but the Fleet has no players: section (and the install needs the PlayerTracking gate)")
	case !tracking && (gs.Lists["players"] == nil || strconv.Itoa(gs.Lists["players"].Capacity) != players):
		t.Errorf("the server keeps the List \"players\" (capacity: its -players %s seats); the Fleet declares %+v", players, gs.Lists["players"])
	}
	drain, _ := flag(args, "drain")
	dd, err := time.ParseDuration(drain)
	if err != nil {
		t.Errorf("-drain %q: %v", drain, err)
	}
	if grace := pod.TerminationGracePeriodSeconds; grace == nil || time.Duration(*grace)*time.Second <= dd {
		t.Errorf("terminationGracePeriodSeconds %s; want more than the drain (%v), or Kubernetes kills the room while it drains", fmtInt(grace), dd)
	}
	if img := strings.TrimSuffix(ctr.Image, ":latest"); img != d.tag {
		t.Errorf("the Fleet runs the image %q; the Dockerfile's build command tags %q", ctr.Image, d.tag)
	}
	gomod, err := os.ReadFile("../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	var want string
	for l := range strings.Lines(string(gomod)) {
		if v, ok := strings.CutPrefix(strings.TrimSpace(l), "go "); ok {
			want = v
		}
	}
	if !atLeast(d.goImage, want) {
		t.Errorf("the build stage uses golang:%s; go.mod asks for go %s", d.goImage, want)
	}
}

// atLeast reports whether the Go version of image tag (e.g. "1.26-bookworm")
// is at least want (e.g. "1.25.0"), comparing major and minor.
func atLeast(tag, want string) bool {
	parse := func(s string) (int, int) {
		s, _, _ = strings.Cut(s, "-")
		f := strings.Split(s, ".")
		if len(f) < 2 {
			return 0, 0
		}
		a, _ := strconv.Atoi(f[0])
		b, _ := strconv.Atoi(f[1])
		return a, b
	}
	ga, gb := parse(tag)
	wa, wb := parse(want)
	return ga > wa || ga == wa && gb >= wb
}

// fmtInt formats p's value, or "unset".
func fmtInt(p *int) string {
	if p == nil {
		return "unset"
	}
	return strconv.Itoa(*p)
}
