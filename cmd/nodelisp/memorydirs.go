package main

import (
	"os"
	"path/filepath"

	"github.com/nodelisp/nodelisp/transcript"
)

// toolFolder is where a tool keeps its transcripts, as the tool itself
// decides: Claude Code under $CLAUDE_CONFIG_DIR (default ~/.claude)
// /projects, Codex under $CODEX_HOME (default ~/.codex)/sessions, pi
// under $PI_CODING_AGENT_DIR (default ~/.pi/agent)/sessions.
func toolFolder(format string) string {
	home, _ := os.UserHomeDir()
	under := func(env, def, sub string) string {
		if dir := os.Getenv(env); dir != "" {
			return filepath.Join(dir, sub)
		}
		return filepath.Join(home, def, sub)
	}
	switch format {
	case transcript.ClaudeCode:
		return under("CLAUDE_CONFIG_DIR", ".claude", "projects")
	case transcript.Codex:
		return under("CODEX_HOME", ".codex", "sessions")
	case transcript.Pi:
		return under("PI_CODING_AGENT_DIR", filepath.Join(".pi", "agent"), "sessions")
	}
	return ""
}

func userHomeDir() string {
	home, _ := os.UserHomeDir()
	return home
}
