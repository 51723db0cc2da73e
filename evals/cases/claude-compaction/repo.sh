#!/usr/bin/env bash
# Builds this case's repository. `handoff eval` runs it with `bash repo.sh` in an empty temp dir.
set -euo pipefail
export GIT_AUTHOR_NAME="Eval Author" GIT_AUTHOR_EMAIL="author@example.com"
export GIT_COMMITTER_NAME="Eval Author" GIT_COMMITTER_EMAIL="author@example.com"
commit() { # commit DATE MESSAGE: stages everything, commits at a pinned date
  git add -A
  GIT_AUTHOR_DATE="$1" GIT_COMMITTER_DATE="$1" git commit -q -m "$2"
}
mtime() { # mtime TIME FILE...: the time the session last wrote these files
  local t="$1"; shift; touch -d "$t" "$@"
}
git init -q -b main
mkdir -p config docs cmd
cat > go.mod <<'EOF2'
module example.com/fetchr

go 1.22

require github.com/BurntSushi/toml v1.4.0
EOF2
cat > config/load.go <<'EOF2'
package config

import (
	"encoding/json"
	"os"
	"path/filepath"
)

// Config is the tool's settings file.
type Config struct {
	Endpoint string `json:"endpoint"`
	Retries  int    `json:"retries"`
	Verbose  bool   `json:"verbose"`
}

// Load reads config.json from dir.
func Load(dir string) (Config, error) {
	var c Config
	b, err := os.ReadFile(filepath.Join(dir, "config.json"))
	if err != nil {
		return c, err
	}
	return c, json.Unmarshal(b, &c)
}
EOF2
cat > README.md <<'EOF2'
# fetchr

Put your settings in `config.json`:

```json
{"endpoint": "https://api.example.com", "retries": 3}
```
EOF2
cat > docs/config.md <<'EOF2'
# Configuration

`fetchr` reads `config.json`.
EOF2
cat > cmd/main.go <<'EOF2'
package main

func main() {}
EOF2
commit 2026-03-07T17:00:00Z "fetchr: JSON config"
git checkout -q -b toml-config
cat > config/load.go <<'EOF2'
package config

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"

	"github.com/BurntSushi/toml"
)

// Config is the tool's settings file.
type Config struct {
	Endpoint string `toml:"endpoint"`
	Retries  int    `toml:"retries"`
	Verbose  bool   `toml:"verbose"`
}

// Load reads config.toml from dir, falling back to the legacy config.json for one release.
func Load(dir string) (Config, error) {
	var c Config
	_, err := toml.DecodeFile(filepath.Join(dir, "config.toml"), &c)
	if errors.Is(err, os.ErrNotExist) {
		return loadLegacyJSON(filepath.Join(dir, "config.json"))
	}
	return c, err
}

func loadLegacyJSON(path string) (Config, error) {
	var raw struct {
		Endpoint string `json:"endpoint"`
		Retries  int    `json:"retries"`
		Verbose  bool   `json:"verbose"`
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return Config{}, err
	}
	err = json.Unmarshal(b, &raw)
	return Config{Endpoint: raw.Endpoint, Retries: raw.Retries, Verbose: raw.Verbose}, err
}
EOF2
cat > config/load_test.go <<'EOF2'
package config

import (
	"os"
	"path/filepath"
	"testing"
)

func TestLoadTOML(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "config.toml"), []byte("endpoint = \"https://x\"\nretries = 3\n"), 0o644)
	c, err := Load(dir)
	if err != nil || c.Endpoint != "https://x" || c.Retries != 3 {
		t.Fatalf("got %+v, %v", c, err)
	}
}

func TestLoadLegacyJSON(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "config.json"), []byte(`{"endpoint":"https://y","retries":1}`), 0o644)
	c, err := Load(dir)
	if err != nil || c.Endpoint != "https://y" {
		t.Fatalf("got %+v, %v", c, err)
	}
}
EOF2
cat > docs/config.md <<'EOF2'
# Configuration

`fetchr` reads `config.toml` from its config directory:

```toml
endpoint = "https://api.example.com"
retries = 3
verbose = false
```

`config.json` is still read when no `config.toml` exists; that fallback goes away in v0.9.
EOF2
mtime 2026-03-08T09:02:00Z config/load.go
mtime 2026-03-08T09:02:30Z config/load_test.go
mtime 2026-03-08T09:07:50Z docs/config.md
