// Serve serves a WebAssembly build of a glue game (by default web/dist, as
// made by `make wasm`) on 127.0.0.1 for local play and for the browser
// test.
//
//	go run ./web/serve -addr 127.0.0.1:8080 -dir web/dist
//
// It serves .wasm files as application/wasm and, where `make wasm` left
// precompressed name.br (brotli) and name.gz (gzip) files beside a file,
// sends the best one the browser accepts (brotli, then gzip, then the file
// itself) with Content-Encoding and Vary: Accept-Encoding. It prints
// "serving http://ADDR/" once listening, so that -addr 127.0.0.1:0 can be
// used to pick a free port.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "address to listen on; keep it on 127.0.0.1 unless you mean to share the game")
	dir := flag.String("dir", "web/dist", "folder to serve (made by `make wasm`)")
	flag.Parse()
	if st, err := os.Stat(*dir); err != nil || !st.IsDir() {
		fmt.Fprintf(os.Stderr, "serve: %s is not a folder; build the game first with `make wasm`\n", *dir)
		os.Exit(2)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(os.Stderr, "serve: %v\n", err)
		os.Exit(1)
	}
	srv := &http.Server{Handler: Handler(*dir), ReadHeaderTimeout: 10 * time.Second}
	fmt.Printf("serving http://%s/\n", ln.Addr())
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		srv.Shutdown(shut)
	}()
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		log.Fatal(err)
	}
}
