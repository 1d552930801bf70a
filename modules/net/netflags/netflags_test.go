package netflags_test

import (
	"errors"
	"flag"
	"fmt"
	"io"
	stdnet "net"
	"strings"
	"testing"

	"github.com/gluekit/glue/modules/net/netflags"
)

func TestPeerURL(t *testing.T) {
	for in, want := range map[string]string{
		"ws://127.0.0.1:8090":       "ws://127.0.0.1:8090/net",
		"ws://127.0.0.1:8090/":      "ws://127.0.0.1:8090/net",
		"ws://127.0.0.1:8090/net":   "ws://127.0.0.1:8090/net",
		"ws://localhost:8090/other": "ws://localhost:8090/other",
		"wss://example.com":         "wss://example.com/net",
	} {
		if got, err := netflags.PeerURL(in); err != nil || got != want {
			t.Errorf("PeerURL(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"", "127.0.0.1:8090", "http://127.0.0.1:8090", "ws://", "ws:///net", "ws://%zz"} {
		if got, err := netflags.PeerURL(in); err == nil {
			t.Errorf("PeerURL(%q) = %q, want an error", in, got)
		}
	}
}

// check parses args with the flags of a game that has -seed and -open.
func check(args []string, headless bool) (*netflags.Flags, []string) {
	fs := flag.NewFlagSet("game", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	nf := netflags.Add(fs)
	fs.Uint64("seed", 0, "")
	fs.Bool("open", false, "")
	if err := fs.Parse(args); err != nil {
		return nf, []string{err.Error()}
	}
	return nf, nf.Check(netflags.Rules{ServerChooses: []string{"seed"}, ServeOnly: []string{"open"}, Headless: headless})
}

func TestCheck(t *testing.T) {
	for _, tc := range []struct {
		args     []string
		headless bool
		want     string
	}{
		{[]string{"-serve", "127.0.0.1:0", "-watch", "ws://127.0.0.1:1"}, false, "-serve and -watch/-join exclude each other"},
		{[]string{"-serve", "127.0.0.1:0", "-join", "ws://127.0.0.1:1"}, false, "-serve and -watch/-join exclude each other"},
		{[]string{"-watch", "ws://127.0.0.1:1", "-join", "ws://127.0.0.1:1"}, false, "-watch and -join exclude each other"},
		{[]string{"-serve", "8090"}, false, "-serve: \"8090\" is not host:port"},
		{[]string{"-serve", "127.0.0.1:70000"}, false, "port \"70000\" is not a number"},
		{[]string{"-watch", "http://127.0.0.1:8090"}, false, "is not a ws:// or wss:// URL"},
		{[]string{"-join", "ws://127.0.0.1:1", "-seed", "5"}, false, "-seed is the server's to choose"},
		{[]string{"-join", "ws://127.0.0.1:1"}, true, "-join needs a window"},
		{[]string{"-agones"}, false, "-agones is for a served game"},
		{[]string{"-drain", "1s"}, false, "-drain is for a served game"},
		{[]string{"-open"}, false, "-open is for a served game"},
		{[]string{"-origin", "127.0.0.1:9000"}, false, "-origin is for a served game"},
	} {
		_, problems := check(tc.args, tc.headless)
		if len(problems) != 1 || !strings.Contains(problems[0], tc.want) {
			t.Errorf("%v: problems %q; want one with %q", tc.args, problems, tc.want)
		}
	}
	for _, args := range [][]string{nil, {"-serve", ":8090", "-open", "-agones-players"}, {"-watch", "ws://h:1"}} {
		if _, problems := check(args, false); len(problems) > 0 {
			t.Errorf("%v: problems %q; want none", args, problems)
		}
	}
	nf, _ := check([]string{"-serve", ":8090", "-agones-players"}, false)
	if !nf.Agones || !nf.AgonesPlayers || nf.Peer != "" || !nf.Networked() {
		t.Errorf("-serve -agones-players: %+v", nf)
	}
	nf, _ = check([]string{"-serve", ":8090", "-origin", "127.0.0.1:9000, localhost:9000,"}, false)
	if fmt.Sprint(nf.Origins) != "[127.0.0.1:9000 localhost:9000]" {
		t.Errorf("-origin: Origins %q", nf.Origins)
	}
}

func TestListenTrouble(t *testing.T) {
	err := fmt.Errorf("net: %w", &stdnet.OpError{Op: "listen", Net: "tcp", Err: errors.New("address already in use")})
	if got := netflags.ListenTrouble(err, "127.0.0.1:8090"); !strings.Contains(got, "-serve 127.0.0.1:8090: cannot listen there (address already in use)") {
		t.Errorf("ListenTrouble = %q", got)
	}
	if got := netflags.ListenTrouble(errors.New("other"), "127.0.0.1:8090"); got != "" {
		t.Errorf("ListenTrouble of another error = %q, want \"\"", got)
	}
}

func ExampleFlags_Check() {
	fs := flag.NewFlagSet("mygame", flag.ContinueOnError)
	nf := netflags.Add(fs)
	seed := fs.Uint64("seed", 0, "random seed")
	_ = fs.Parse([]string{"-join", "ws://127.0.0.1:8090", "-seed", "3"})
	for _, p := range nf.Check(netflags.Rules{ServerChooses: []string{"seed"}}) {
		fmt.Println(p)
	}
	fmt.Println(nf.Peer, nf.Join, *seed)
	// Output:
	// -seed is the server's to choose: -watch and -join show the server's game
	// ws://127.0.0.1:8090/net true 3
}

// A served game in an Agones pod ($AGONES_SDK_HTTP_PORT set) talks to
// Agones without -agones, so one image and entry point work inside
// Agones and outside it (issue #35, item 5); -agones=false still turns it
// off, and a game that does not serve never does.
func TestAgonesFromEnvironment(t *testing.T) {
	for _, tc := range []struct {
		env  string
		args []string
		want bool
	}{
		{"", []string{"-serve", ":8090"}, false},
		{"9358", []string{"-serve", ":8090"}, true},
		{"9358", []string{"-serve", ":8090", "-agones=false"}, false},
		{"9358", []string{"-watch", "ws://127.0.0.1:1"}, false},
		{"", []string{"-serve", ":8090", "-agones"}, true},
	} {
		t.Setenv(netflags.AgonesEnv, tc.env)
		nf, problems := check(tc.args, false)
		if len(problems) != 0 || nf.Agones != tc.want {
			t.Errorf("%s=%q %v: Agones %v, problems %q; want Agones %v", netflags.AgonesEnv, tc.env, tc.args, nf.Agones, problems, tc.want)
		}
	}
}

// -players and -rollback, breakout's words: -rollback needs -serve
// -players 2 or -join; -players 2 needs a network.
func TestRollbackFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-serve", "127.0.0.1:0", "-players", "2", "-rollback"}, ""},
		{[]string{"-join", "ws://127.0.0.1:1", "-rollback"}, ""},
		{[]string{"-rollback"}, "-rollback is for a two-player game: the host adds it to -serve host:port -players 2, the other player to -join ws://host:port"},
		{[]string{"-serve", "127.0.0.1:0", "-rollback"}, "-rollback is for a two-player game"},
		{[]string{"-players", "2"}, "-players 2 is a game over the network"},
		{[]string{"-players", "0", "-serve", "127.0.0.1:0"}, "-players must be 1 or 2, got 0"},
	} {
		fs := flag.NewFlagSet("game", flag.ContinueOnError)
		nf, rb := netflags.Add(fs), netflags.AddRollback(fs, "a hero")
		if err := fs.Parse(tc.args); err != nil {
			t.Fatal(err)
		}
		got := strings.Join(append(nf.Check(netflags.Rules{}), rb.Check(nf)...), "\n")
		if tc.want == "" && got != "" || !strings.Contains(got, tc.want) {
			t.Errorf("%v: problems %q, want %q", tc.args, got, tc.want)
		}
	}
	if u := flag.NewFlagSet("g", flag.ContinueOnError); netflags.AddRollback(u, "a hero") != nil && !strings.Contains(u.Lookup("players").Usage, "each player a hero") {
		t.Errorf("-players usage %q does not name the part", u.Lookup("players").Usage)
	}
}
