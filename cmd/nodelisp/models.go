package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"github.com/nodelisp/nodelisp/internal/cli"
)

func init() { subcommands["models"] = (*command).models }

// modelsDevURL is the catalogue the budgets' models.dev source is a cache of.
const modelsDevURL = "https://models.dev/api.json"

const modelsUsage = `Usage: nodelisp models fetch [flags]

Fetches the models.dev catalogue (` + modelsDevURL + `) into the cache the
budgets are read from ($XDG_CACHE_HOME/nodecode/models.dev/api.json, else
~/.cache/nodecode/models.dev/api.json), or loads a copy with --file. The
catalogue is checked before it replaces the cache.

Flags:
`

// models is `nodelisp models fetch`.
func (c *command) models(args []string) int {
	fs := cli.NewFlagSet("nodelisp models fetch", modelsUsage)
	file := fs.String("file", "", "load the catalogue from `PATH` instead of fetching it (default: fetch)")
	url := fs.String("url", modelsDevURL, "fetch the catalogue from `URL`")
	switch {
	case len(args) > 0 && args[0] == "fetch":
		args = args[1:]
	case len(args) > 0 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help"):
	default:
		return c.usageError(errors.New("models: give a command: fetch"))
	}
	if status, done := c.subFlags(fs, args); done {
		return status
	}
	if fs.NArg() > 0 {
		return c.usageError(fmt.Errorf("models fetch: unexpected argument %q", fs.Arg(0)))
	}
	set, _ := c.settings()
	if set.CachePath == "" {
		return c.fail(errors.New("models fetch: no cache path: set $XDG_CACHE_HOME or $HOME"))
	}
	var data []byte
	var err error
	from := *file
	if from != "" {
		data, err = os.ReadFile(from)
	} else {
		from = *url
		data, err = download(*url)
	}
	if err != nil {
		return c.fail(fmt.Errorf("models fetch: %w", err))
	}
	n, err := catalogueModels(data)
	if err != nil {
		return c.fail(fmt.Errorf("models fetch: %s is not the models.dev catalogue: %v; the cache is unchanged", from, err))
	}
	if err := replaceFile(set.CachePath, data); err != nil {
		return c.fail(fmt.Errorf("models fetch: %w", err))
	}
	fmt.Fprintf(c.stdout, "models.dev cache %s: %d models from %s\n", set.CachePath, n, from)
	return cli.ExitOK
}

// download fetches url, saying plainly when the network is not there.
func download(url string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, fmt.Errorf("cannot reach %s (offline?): %v; load a copy with --file PATH", url, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("%s answered %s", url, resp.Status)
	}
	return io.ReadAll(io.LimitReader(resp.Body, 256<<20))
}

// catalogueModels checks that data is the catalogue's shape (providers,
// each with models) and counts its models.
func catalogueModels(data []byte) (int, error) {
	var top map[string]struct {
		Models map[string]json.RawMessage `json:"models"`
	}
	if err := json.Unmarshal(data, &top); err != nil {
		return 0, err
	}
	n := 0
	for _, p := range top {
		n += len(p.Models)
	}
	if n == 0 {
		return 0, errors.New("it lists no models")
	}
	return n, nil
}

// replaceFile writes data to path through a temporary file, so a reader
// never sees half a catalogue.
func replaceFile(path string, data []byte) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, ".api-*.json")
	if err != nil {
		return err
	}
	_, werr := tmp.Write(data)
	cerr := tmp.Close()
	if err := errors.Join(werr, cerr); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), path)
}
