// Command ferretdb serves the MongoDB wire protocol on SQLite files, for tests and development without MongoDB
// (scripts/engines.sh). It embeds FerretDB's package: its own cmd/ferretdb panics at start when built from the
// module proxy (the module's version file is empty).
package main

import (
	"context"
	"flag"
	"log"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	listen := flag.String("listen", "127.0.0.1:27017", "TCP address to listen on")
	dir := flag.String("dir", "data", "directory for the SQLite files (one per database)")
	flag.Parse()

	abs, err := filepath.Abs(*dir)
	if err != nil {
		log.Fatal(err)
	}
	if err := os.MkdirAll(abs, 0o755); err != nil {
		log.Fatal(err)
	}
	// SIGTERM or SIGINT cancels the context; Run then closes the listener, the connections and the SQLite files.
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stop()

	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	f, err := ferretdb.New(&ferretdb.Config{
		Listener:  ferretdb.ListenerConfig{TCP: *listen},
		Logger:    logger,
		Handler:   "sqlite",
		SQLiteURL: "file:" + abs + "/",
	})
	if err != nil {
		log.Fatal(err)
	}
	log.Printf("ferretdb listening on %s, data in %s", *listen, abs)
	if err := f.Run(ctx); err != nil {
		log.Fatal(err)
	}
}
