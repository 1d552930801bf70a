// Package agonestest provides a fake Agones SDK sidecar for tests: an
// httptest server that speaks the sidecar's HTTP API (the REST SDK, as
// sdks/swagger/sdk.swagger.json, beta.swagger.json and alpha.swagger.json
// of Agones describe it, at commit b19d5fe78) and keeps a GameServer the
// way Agones' SDK server and controller do, and that can be made slow,
// down, flapping or answering garbage, so that a room's connection to
// Agones can be tested against a sidecar that misbehaves.
//
//	sc := agonestest.New(&agonestest.Options{Address: "203.0.113.7"})
//	defer sc.Close()
//	cfg := net.ServerConfig{Agones: &net.AgonesConfig{URL: sc.URL}}
//	…
//	sc.SetDown(true)             // every call fails: the connection closes
//	sc.SetDelay(2 * time.Second) // every call is answered 2 s late
//	sc.Allocate(map[string]string{"mode": "duel"}, nil)
//
// Calls whose method, path, content type or body differ from the swagger
// are refused with HTTP 400 and listed by Refused; errors the SDK server
// reports (a list value already there, a list not declared, a feature
// gate off) come back as its gRPC gateway sends them: HTTP 500 with
// {"code": 2, "message": "…"}. It is not Agones: the real check is
// Agones' own sdk-server in local mode (docs/net.md).
package agonestest

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Options configure a Sidecar. The default (zero) value is a GameServer
// named "room-1" without an address, port 7777, a "players" list of
// capacity 1000, and PlayerTracking off (as on a default Agones install).
type Options struct {
	// Name is the GameServer's name. The default is "room-1".
	Name string
	// Address is the status.address the controller sets when the room is
	// Ready; "" leaves it empty until SetAddress.
	Address string
	// Addresses are status.addresses, set with Address (each as an
	// ExternalIP, the rest as Hostname when not an IP).
	Addresses []string
	// Port is the GameServer's port. The default is 7777.
	Port int
	// Lists are the lists the GameServer's spec declares, with their
	// capacities. Nil means {"players": 1000}.
	Lists map[string]int
	// PlayerTracking turns on the alpha PlayerTracking feature gate.
	PlayerTracking bool
}

// Call is one call the sidecar took.
type Call struct {
	// Method and Path are the call's, Body its body ("" for none).
	Method, Path, Body string
	// At is when it arrived; Answered when the sidecar began its answer
	// (zero for a watch stream, or a call whose caller gave up first).
	At, Answered time.Time
}

// String returns "METHOD /path body".
func (c Call) String() string {
	if c.Body == "" {
		return c.Method + " " + c.Path
	}
	return c.Method + " " + c.Path + " " + c.Body
}

// Sidecar is a fake Agones SDK sidecar. Its methods are concurrent-safe.
type Sidecar struct {
	// URL is the sidecar's base URL, for net.AgonesConfig.URL.
	URL string

	srv    *httptest.Server
	opts   Options
	closed chan struct{}

	mu          sync.Mutex
	state       string
	address     string
	addresses   []string
	labels      map[string]string
	annotations map[string]string
	lists       map[string]*list
	capacity    int64    // PlayerTracking
	players     []string // PlayerTracking
	calls       []Call
	refused     []string
	delay       time.Duration
	pathDelay   map[string]time.Duration
	down        bool
	garbage     bool
	flap        time.Duration
	flapFrom    time.Time
	watchers    map[chan struct{}]bool
}

type list struct {
	capacity int64
	values   []string
}

// New starts a Sidecar; Close stops it. A nil opts means the defaults.
func New(opts *Options) *Sidecar {
	s := &Sidecar{closed: make(chan struct{}), state: "Scheduled",
		labels: map[string]string{}, annotations: map[string]string{},
		lists: map[string]*list{}, watchers: map[chan struct{}]bool{}}
	if opts != nil {
		s.opts = *opts
	}
	if s.opts.Name == "" {
		s.opts.Name = "room-1"
	}
	if s.opts.Port == 0 {
		s.opts.Port = 7777
	}
	if s.opts.Lists == nil {
		s.opts.Lists = map[string]int{"players": 1000}
	}
	for name, c := range s.opts.Lists {
		s.lists[name] = &list{capacity: int64(c)}
	}
	s.srv = httptest.NewServer(http.HandlerFunc(s.serve))
	s.URL = s.srv.URL
	return s
}

// Close stops the sidecar, ending its watch streams.
func (s *Sidecar) Close() {
	s.mu.Lock()
	select {
	case <-s.closed:
	default:
		close(s.closed)
	}
	s.mu.Unlock()
	s.srv.CloseClientConnections()
	s.srv.Close()
}

// SetDown makes every call fail (the sidecar closes the connection
// without an answer, and ends its watch streams) while down is true.
func (s *Sidecar) SetDown(down bool) {
	s.mu.Lock()
	s.down = down
	s.mu.Unlock()
	s.notify()
}

// SetDelay makes the sidecar answer every call d late. It takes the call
// (records it and changes the GameServer) when the call arrives.
func (s *Sidecar) SetDelay(d time.Duration) {
	s.mu.Lock()
	s.delay = d
	s.mu.Unlock()
}

// SetDelayFor makes the sidecar answer the calls of one path d late (0:
// as SetDelay says), e.g. "/metadata/label" for a call that hangs while
// the others go through.
func (s *Sidecar) SetDelayFor(path string, d time.Duration) {
	s.mu.Lock()
	if s.pathDelay == nil {
		s.pathDelay = map[string]time.Duration{}
	}
	s.pathDelay[path] = d
	s.mu.Unlock()
}

// SetGarbage makes the sidecar answer every call with HTTP 200 and a body
// that is not JSON, and its watch streams send such a line, while on.
func (s *Sidecar) SetGarbage(on bool) {
	s.mu.Lock()
	s.garbage = on
	s.mu.Unlock()
	s.notify()
}

// SetFlapping makes the sidecar go down and up every period, starting
// down; 0 stops it (up).
func (s *Sidecar) SetFlapping(period time.Duration) {
	s.mu.Lock()
	s.flap, s.flapFrom = period, time.Now()
	s.mu.Unlock()
	s.notify()
	if period > 0 {
		go func() { // ends the watch streams when the sidecar goes down
			t := time.NewTicker(period)
			defer t.Stop()
			for {
				select {
				case <-s.closed:
					return
				case <-t.C:
				}
				s.mu.Lock()
				on := s.flap == period
				s.mu.Unlock()
				if !on {
					return
				}
				s.notify()
			}
		}()
	}
}

// isDown reports whether calls fail now. Called with s.mu held.
func (s *Sidecar) isDown() bool {
	if s.flap > 0 {
		return (time.Since(s.flapFrom)/s.flap)%2 == 0
	}
	return s.down
}

// SetAddress sets status.address and status.addresses, as Agones'
// controller does once it knows the node.
func (s *Sidecar) SetAddress(address string, addresses ...string) {
	s.mu.Lock()
	s.address, s.addresses = address, slices.Clone(addresses)
	s.mu.Unlock()
	s.notify()
}

// Allocate moves the GameServer to Allocated with the allocation's
// labels and annotations, as a GameServerAllocation does, and sets its
// agones.dev/last-allocated annotation to the time, as Agones does at
// each allocation, of a GameServer Allocated already too.
func (s *Sidecar) Allocate(labels, annotations map[string]string) {
	s.mu.Lock()
	s.state = "Allocated"
	maps.Copy(s.labels, labels)
	maps.Copy(s.annotations, annotations)
	s.allocated()
	s.mu.Unlock()
	s.notify()
}

// allocated sets the agones.dev/last-allocated annotation to the time,
// as Agones' allocator and SDK server do at each allocation (in
// RFC 3339 with nanoseconds: time.Time.MarshalText). Called with s.mu
// held.
func (s *Sidecar) allocated() {
	ts, _ := time.Now().MarshalText()
	s.annotations["agones.dev/last-allocated"] = string(ts)
}

// State returns the GameServer's state.
func (s *Sidecar) State() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.state
}

// Labels returns a copy of the GameServer's labels (the SDK's with their
// "agones.dev/sdk-" prefix).
func (s *Sidecar) Labels() map[string]string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return maps.Clone(s.labels)
}

// List returns the values of a list, sorted, and its capacity; false if
// the spec does not declare it.
func (s *Sidecar) List(name string) ([]string, int, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	l, ok := s.lists[name]
	if !ok {
		return nil, 0, false
	}
	v := slices.Clone(l.values)
	slices.Sort(v)
	return v, int(l.capacity), true
}

// Players returns the PlayerTracking players, sorted, and the capacity.
func (s *Sidecar) Players() ([]string, int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	v := slices.Clone(s.players)
	slices.Sort(v)
	return v, int(s.capacity)
}

// Calls returns the calls taken, in order.
func (s *Sidecar) Calls() []Call {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.calls)
}

// Count returns how many calls of method and path were taken.
func (s *Sidecar) Count(method, path string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, c := range s.calls {
		if c.Method == method && c.Path == path {
			n++
		}
	}
	return n
}

// Refused returns why each call that the swagger does not allow was
// refused.
func (s *Sidecar) Refused() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.refused)
}

// notify wakes the watch streams.
func (s *Sidecar) notify() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for ch := range s.watchers {
		select {
		case ch <- struct{}{}:
		default:
		}
	}
}

// field kinds of the bodies.
const (
	str    = "string"
	int64s = "int64 as a string" // protobuf's JSON for int64
	strs   = "array of strings"
)

// bodies are the documented calls and their bodies' fields; required
// fields are marked with a trailing "!".
var bodies = map[string]map[string]string{
	"POST /ready":                   {},
	"POST /health":                  {},
	"POST /shutdown":                {},
	"POST /allocate":                {},
	"POST /reserve":                 {"seconds": int64s},
	"PUT /metadata/label":           {"key!": str, "value!": str},
	"PUT /metadata/annotation":      {"key!": str, "value!": str},
	"PUT /alpha/player/capacity":    {"count": int64s},
	"POST /alpha/player/connect":    {"playerID!": str},
	"POST /alpha/player/disconnect": {"playerID!": str},
	"PATCH /v1beta1/lists/*":        {"capacity": int64s, "values": strs},
	"POST /v1beta1/lists/*:add":     {"value!": str},
	"POST /v1beta1/lists/*:remove":  {"value!": str},
	"PATCH /v1beta1/counters/*":     {"count": int64s, "capacity": int64s, "countDiff": int64s},
}

// route returns the key of bodies for a call and the list or counter
// name in its path.
func route(method, path string) (key, name string) {
	for _, p := range []string{"/v1beta1/lists/", "/v1beta1/counters/"} {
		rest, ok := strings.CutPrefix(path, p)
		if !ok || rest == "" {
			continue
		}
		switch {
		case strings.HasSuffix(rest, ":addValue"):
			return method + " " + p + "*:add", strings.TrimSuffix(rest, ":addValue")
		case strings.HasSuffix(rest, ":removeValue"):
			return method + " " + p + "*:remove", strings.TrimSuffix(rest, ":removeValue")
		}
		return method + " " + p + "*", rest
	}
	return method + " " + path, ""
}

func (s *Sidecar) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	s.mu.Lock()
	down, garbage, delay := s.isDown(), s.garbage, s.delay
	if d := s.pathDelay[r.URL.Path]; d > 0 {
		delay = d
	}
	s.mu.Unlock()
	if down {
		hangUp(w)
		return
	}
	key, name := route(r.Method, r.URL.Path)
	getter := r.Method == http.MethodGet
	fields, known := bodies[key]
	var m map[string]any
	var why string
	switch {
	case getter:
		if !slices.Contains([]string{"/gameserver", "/watch/gameserver", "/alpha/player/capacity", "/alpha/player/count", "/alpha/player/connected"}, r.URL.Path) &&
			!strings.HasPrefix(r.URL.Path, "/v1beta1/lists/") && !strings.HasPrefix(r.URL.Path, "/v1beta1/counters/") {
			why = key + ": not an Agones SDK call"
		}
	case !known:
		why = key + ": not an Agones SDK call"
	case r.Header.Get("Content-Type") != "application/json":
		why = key + ": Content-Type " + r.Header.Get("Content-Type") + "; want application/json"
	case json.Unmarshal(body, &m) != nil:
		why = fmt.Sprintf("%s: body %q is not a JSON object", key, body)
	default:
		why = checkBody(key, fields, m, body)
	}
	if why != "" {
		s.mu.Lock()
		s.refused = append(s.refused, why)
		s.mu.Unlock()
		http.Error(w, why, http.StatusBadRequest)
		return
	}
	s.mu.Lock()
	s.calls = append(s.calls, Call{Method: r.Method, Path: r.URL.Path, Body: strings.TrimSpace(string(body)), At: time.Now()})
	call := len(s.calls) - 1
	s.mu.Unlock()
	if r.URL.Path == "/watch/gameserver" {
		s.watch(w, r, garbage)
		return
	}
	out, err := s.apply(key, name, m)
	if err == nil {
		s.notify()
	}
	if delay > 0 {
		select {
		case <-time.After(delay):
		case <-r.Context().Done():
			return
		case <-s.closed:
			return
		}
	}
	s.mu.Lock()
	s.calls[call].Answered = time.Now()
	s.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	switch {
	case garbage:
		io.WriteString(w, "<html>502 Bad Gateway</html>\x00\xff")
	case err != nil:
		w.WriteHeader(http.StatusInternalServerError)
		b, _ := json.Marshal(map[string]any{"code": 2, "message": err.Error(), "details": []any{}})
		w.Write(b)
	default:
		b, _ := json.Marshal(out)
		w.Write(b)
	}
}

// hangUp closes the connection without an answer, as a sidecar that
// died would.
func hangUp(w http.ResponseWriter) {
	if hj, ok := w.(http.Hijacker); ok {
		if c, _, err := hj.Hijack(); err == nil {
			c.Close()
			return
		}
	}
	http.Error(w, "down", http.StatusServiceUnavailable)
}

// checkBody checks a body's fields against the swagger's.
func checkBody(key string, fields map[string]string, m map[string]any, body []byte) string {
	for k, kind := range fields {
		name, required := strings.CutSuffix(k, "!")
		v, ok := m[name]
		if !ok {
			if required {
				return fmt.Sprintf("%s: body %s lacks %q", key, body, name)
			}
			continue
		}
		good := false
		switch kind {
		case str:
			_, good = v.(string)
		case int64s:
			if t, isStr := v.(string); isStr {
				_, err := strconv.ParseInt(t, 10, 64)
				good = err == nil
			}
		case strs:
			if a, isArr := v.([]any); isArr {
				good = true
				for _, x := range a {
					if _, isS := x.(string); !isS {
						good = false
					}
				}
			}
		}
		if !good {
			return fmt.Sprintf("%s: body %s: %q must be a %s", key, body, name, kind)
		}
	}
	for name := range m {
		if _, ok := fields[name]; !ok {
			if _, ok := fields[name+"!"]; !ok {
				return fmt.Sprintf("%s: body %s: no field %q in the swagger", key, body, name)
			}
		}
	}
	return ""
}

// apply takes a call in, as Agones' SDK server and controller would,
// returning the answer's JSON value or the SDK server's error.
func (s *Sidecar) apply(key, name string, m map[string]any) (any, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	str := func(k string) string { v, _ := m[k].(string); return v }
	num := func(k string) (int64, bool) {
		v, ok := m[k].(string)
		if !ok {
			return 0, false
		}
		n, _ := strconv.ParseInt(v, 10, 64)
		return n, true
	}
	switch key {
	case "POST /ready":
		s.state = "Ready"
		if s.address == "" && s.opts.Address != "" {
			s.address, s.addresses = s.opts.Address, slices.Clone(s.opts.Addresses)
		}
	case "POST /shutdown":
		s.state = "Shutdown"
	case "POST /allocate":
		s.state = "Allocated"
		s.allocated()
	case "POST /reserve":
		s.state = "Reserved"
	case "PUT /metadata/label":
		s.labels["agones.dev/sdk-"+str("key")] = str("value")
	case "PUT /metadata/annotation":
		s.annotations["agones.dev/sdk-"+str("key")] = str("value")
	case "GET /gameserver":
		return s.gameServer(), nil
	case "PUT /alpha/player/capacity", "POST /alpha/player/connect", "POST /alpha/player/disconnect",
		"GET /alpha/player/capacity", "GET /alpha/player/count", "GET /alpha/player/connected":
		if !s.opts.PlayerTracking {
			return nil, fmt.Errorf("%s not enabled", "PlayerTracking")
		}
		switch key {
		case "PUT /alpha/player/capacity":
			s.capacity, _ = num("count")
		case "POST /alpha/player/connect":
			id := str("playerID")
			if slices.Contains(s.players, id) {
				return map[string]bool{"bool": false}, nil
			}
			if int64(len(s.players)) >= s.capacity {
				return nil, fmt.Errorf("players are already at capacity")
			}
			s.players = append(s.players, id)
			return map[string]bool{"bool": true}, nil
		case "POST /alpha/player/disconnect":
			i := slices.Index(s.players, str("playerID"))
			if i < 0 {
				return map[string]bool{"bool": false}, nil
			}
			s.players = slices.Delete(s.players, i, i+1)
			return map[string]bool{"bool": true}, nil
		}
	case "GET /v1beta1/lists/*", "PATCH /v1beta1/lists/*", "POST /v1beta1/lists/*:add", "POST /v1beta1/lists/*:remove":
		l, ok := s.lists[name]
		if !ok {
			return nil, fmt.Errorf("not found. %s List not found", name)
		}
		switch key {
		case "PATCH /v1beta1/lists/*":
			if c, ok := num("capacity"); ok {
				if c < 0 || c > 1000 {
					return nil, fmt.Errorf("out of range. Capacity must be within range [0,1000]. Found Capacity: %d", c)
				}
				l.capacity = c
				if int64(len(l.values)) > c {
					l.values = l.values[:c]
				}
			}
			if v, ok := m["values"].([]any); ok {
				l.values = l.values[:0]
				for _, x := range v {
					l.values = append(l.values, x.(string))
				}
			}
		case "POST /v1beta1/lists/*:add":
			v := str("value")
			if int64(len(l.values)) >= l.capacity {
				return nil, fmt.Errorf("out of range. No available capacity. Current Capacity: %d, List Size: %d", l.capacity, len(l.values))
			}
			if slices.Contains(l.values, v) {
				return nil, fmt.Errorf("already exists. Value: %s already in List: %s", v, name)
			}
			l.values = append(l.values, v)
		case "POST /v1beta1/lists/*:remove":
			i := slices.Index(l.values, str("value"))
			if i < 0 {
				return nil, fmt.Errorf("not found. Value: %s not found in List: %s", str("value"), name)
			}
			l.values = slices.Delete(l.values, i, i+1)
		}
		return map[string]any{"name": name, "capacity": strconv.FormatInt(l.capacity, 10), "values": slices.Clone(l.values)}, nil
	}
	return struct{}{}, nil
}

// gameServer returns the GameServer as the SDK sends it (sdkGameServer).
// Called with s.mu held.
func (s *Sidecar) gameServer() map[string]any {
	addrs := []map[string]string{}
	for _, a := range s.addresses {
		addrs = append(addrs, map[string]string{"type": "ExternalIP", "address": a})
	}
	lists := map[string]any{}
	for name, l := range s.lists {
		lists[name] = map[string]any{"capacity": strconv.FormatInt(l.capacity, 10), "values": slices.Clone(l.values)}
	}
	status := map[string]any{
		"state":     s.state,
		"address":   s.address,
		"addresses": addrs,
		"ports":     []map[string]any{{"name": "default", "port": s.opts.Port}},
		"lists":     lists,
	}
	if s.opts.PlayerTracking {
		status["players"] = map[string]any{"count": strconv.Itoa(len(s.players)), "capacity": strconv.FormatInt(s.capacity, 10), "ids": slices.Clone(s.players)}
	}
	return map[string]any{
		"object_meta": map[string]any{"name": s.opts.Name, "namespace": "default",
			"labels": maps.Clone(s.labels), "annotations": maps.Clone(s.annotations)},
		"status": status,
	}
}

// watch streams the GameServer: now, and after each change, one JSON
// object a line, {"result": GameServer}, until the client goes, the
// sidecar closes or goes down.
func (s *Sidecar) watch(w http.ResponseWriter, r *http.Request, garbage bool) {
	ch := make(chan struct{}, 1)
	s.mu.Lock()
	s.watchers[ch] = true
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		delete(s.watchers, ch)
		s.mu.Unlock()
	}()
	w.Header().Set("Content-Type", "application/json")
	fl, _ := w.(http.Flusher)
	var last []byte
	for {
		s.mu.Lock()
		down, garbage := s.isDown(), garbage || s.garbage
		line, _ := json.Marshal(map[string]any{"result": s.gameServer()})
		s.mu.Unlock()
		switch {
		case down:
			return
		case garbage:
			io.WriteString(w, "<html>not json</html>\n")
			if fl != nil {
				fl.Flush()
			}
			return
		case string(line) != string(last):
			last = line
			w.Write(append(line, '\n'))
			if fl != nil {
				fl.Flush()
			}
		}
		select {
		case <-ch:
		case <-r.Context().Done():
			return
		case <-s.closed:
			return
		}
	}
}
