package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/nodelisp/nodelisp/transcript"
)

// A hook is the tool calling nodelisp at a moment that matters, with
// JSON that names the session:
//
//   - Claude Code runs a hook command (PreCompact, SessionEnd, Stop, …)
//     with {"session_id", "transcript_path", "cwd", "hook_event_name",
//     …} on stdin;
//   - Codex runs its notify program with one JSON argument,
//     {"type": "agent-turn-complete", "thread-id", "cwd", …}, which names
//     the session but not its file: the rollout is found by the id in its
//     name under the sessions folder;
//   - pi has no hook command (its hooks are TypeScript extensions), so
//     --follow is its way.

type claudeHook struct {
	SessionID      string `json:"session_id"`
	TranscriptPath string `json:"transcript_path"`
	HookEventName  string `json:"hook_event_name"`
}

type codexNotify struct {
	Type     string `json:"type"`
	ThreadID string `json:"thread-id"`
}

// hookTranscript reads the hook's JSON (args' last, else stdin) and
// returns the transcript file it names and what called.
func (c *command) hookTranscript(from string, args []string) (path, what string, err error) {
	var raw []byte
	if len(args) > 0 {
		raw = []byte(args[len(args)-1])
	} else if raw, err = io.ReadAll(io.LimitReader(c.stdin, 1<<20)); err != nil {
		return "", "", err
	}
	switch from {
	case transcript.ClaudeCode:
		var h claudeHook
		if err := json.Unmarshal(raw, &h); err != nil {
			return "", "", fmt.Errorf("--hook: Claude Code's hook JSON on stdin: %w", err)
		}
		if h.TranscriptPath == "" {
			return "", "", errors.New(`--hook: the hook JSON has no "transcript_path"`)
		}
		return expandHome(h.TranscriptPath), "Claude Code " + h.HookEventName + " hook", nil
	case transcript.Codex:
		var n codexNotify
		if err := json.Unmarshal(raw, &n); err != nil {
			return "", "", fmt.Errorf("--hook: Codex's notify JSON: %w", err)
		}
		if n.ThreadID == "" {
			return "", "", errors.New(`--hook: the notify JSON has no "thread-id"`)
		}
		path, err := findRollout(toolFolder(transcript.Codex), n.ThreadID)
		return path, "Codex " + n.Type + " notify", err
	}
	return "", "", fmt.Errorf("--hook: %s has no hook command that names its transcript; run nodelisp log import --follow --from %s instead", from, from)
}

// findRollout finds the rollout file of a Codex session by the id its
// name ends with.
func findRollout(dir, id string) (string, error) {
	var found string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(d.Name(), id+".jsonl") {
			found = path
			return fs.SkipAll
		}
		return nil
	})
	if err == nil && found == "" {
		err = fmt.Errorf("no rollout of session %s under %s", id, dir)
	}
	return found, err
}

// expandHome reads a leading ~/ as the user's home.
func expandHome(path string) string {
	if rest, ok := strings.CutPrefix(path, "~/"); ok {
		if home := userHomeDir(); home != "" {
			return filepath.Join(home, rest)
		}
	}
	return path
}
