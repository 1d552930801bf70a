// Command wasmerrors is a net client built for GOOS=js GOARCH=wasm by
// TestWasmClientErrors and run under Node.js: for each URL of its
// arguments it connects once (ClientConfig.NoReconnect, a read limit of
// 1024 bytes) and prints the client's error when the connection ends,
// a line "URL: error" each, for the test to compare with the native
// client's.
package main

import (
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/codec"
	"github.com/gluekit/glue/modules/net"
)

func main() {
	quiet := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelError + 1}))
	for _, url := range os.Args[1:] {
		app := glue.NewApp()
		app.AddPlugins(net.ClientPlugin{
			Config: net.ClientConfig{Registry: codec.NewRegistry(), Logger: quiet, NoReconnect: true, MaxMessageSize: 1024},
			Peer:   net.Peer{URL: url},
		})
		var err error
		for deadline := time.Now().Add(20 * time.Second); err == nil && time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
			if uerr := app.Update(); uerr != nil {
				fmt.Println("error:", uerr)
				os.Exit(1)
			}
			err = glue.Resource[net.Client](app).Err()
		}
		fmt.Printf("%s: %v\n", url, err)
		app.Close()
	}
}
