package main

import (
	"fmt"
	stdnet "net"
	"runtime"
	"strconv"
)

// checkNetFlags checks -serve, -watch and -join against each other and the
// other flags set, and returns the URL to watch ("" to play) and the
// problems found.
func checkNetFlags(serve, watch, join string, headless bool, set map[string]bool) (peer string, problems []string) {
	if serve != "" {
		if err := checkServeAddr(serve); err != nil {
			problems = append(problems, "-serve: "+err.Error())
		}
		if runtime.GOOS == "js" {
			problems = append(problems, "-serve: a browser cannot listen; serve from a terminal and open the page with ?watch=ws://…")
		}
	}
	peer = watch
	if join != "" {
		peer = join
	}
	switch {
	case watch != "" && join != "":
		problems = append(problems, "-watch and -join exclude each other: -join watches too")
	case peer != "" && serve != "":
		problems = append(problems, "-serve and -watch/-join exclude each other: a game either serves or watches")
	case peer != "":
		u, err := peerURL(peer)
		if err != nil {
			problems = append(problems, "-watch/-join: "+err.Error())
		}
		peer = u
		for _, name := range []string{"seed", "bricks", "lives", "autopilot", "players"} {
			if set[name] {
				problems = append(problems, fmt.Sprintf("-%s is the server's to choose: -watch and -join show the server's game", name))
			}
		}
		if join != "" && headless {
			problems = append(problems, "-join needs a window to read the player's input; use -watch with -headless")
		}
	}
	return peer, problems
}

// checkServeAddr checks a -serve address: host:port, the host optional
// (127.0.0.1 then), the port a number (0 picks a free one).
func checkServeAddr(addr string) error {
	_, port, err := stdnet.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("%q is not host:port, e.g. 127.0.0.1:8090", addr)
	}
	if _, err := strconv.ParseUint(port, 10, 16); err != nil {
		return fmt.Errorf("%q: port %q is not a number from 0 to 65535", addr, port)
	}
	return nil
}
