package session

import (
	"context"
	"encoding/json"
	"fmt"
	"github.com/nodelisp/nodelisp/event"

	"github.com/nodelisp/nodelisp/evict"
	"github.com/nodelisp/nodelisp/store"
)

// current is the settings as they stand.
func (s *Session) current() event.Settings {
	return event.Settings{Model: s.opts.Model, System: s.opts.System, Overrides: s.overrides().All()}
}

// syncSettings appends a settings event when the settings differ from what
// the log last recorded. A session whose settings were never set (no
// model, no system prompt, no override) logs none.
func (s *Session) syncSettings(ctx context.Context) error {
	cur := s.current()
	if cur.Equal(s.logged) {
		return nil
	}
	if _, err := s.st.Append(ctx, s.info.ID, []store.NewEvent{{Kind: event.KindSettings, Turn: s.tree.head, Payload: event.Encode(cur)}}); err != nil {
		return fmt.Errorf("append session %s: %w", s.info.ID, err)
	}
	s.logged = cur
	return nil
}

// loadSettings reads the newest settings event on resume. What the log
// says wins over the options, except that a model or system prompt the
// options name and the log does not hold is an explicit change: it is
// logged, and Notice says so in one line.
func (s *Session) loadSettings(ctx context.Context) error {
	e, ok, err := store.Last(ctx, s.st, s.info.ID, event.KindSettings)
	if err != nil {
		return fmt.Errorf("read settings of session %s: %w", s.info.ID, err)
	}
	if ok {
		if err := json.Unmarshal(e.Payload, &s.logged); err != nil {
			return fmt.Errorf("session %s: settings event %d: %w", s.info.ID, e.Seq, err)
		}
	}
	if s.logged.Overrides == nil {
		s.logged.Overrides = map[string]int{}
	}
	for model, n := range s.logged.Overrides {
		s.overrides().Set(model, n)
	}
	asked := s.opts
	s.opts.Model, s.opts.System = s.logged.Model, s.logged.System
	var changed []string
	if asked.Model != "" && asked.Model != s.logged.Model {
		changed = append(changed, fmt.Sprintf("model %s → %s", orNone(s.logged.Model), asked.Model))
		s.opts.Model = asked.Model
	}
	if asked.System != "" && asked.System != s.logged.System {
		changed = append(changed, "a new system prompt")
		s.opts.System = asked.System
	}
	if len(changed) == 0 {
		return nil
	}
	if err := s.syncSettings(ctx); err != nil {
		return err
	}
	s.notice = fmt.Sprintf("session %s resumed with %s (logged; the window and budget follow it)", s.info.ID, joinAnd(changed))
	return nil
}

// Notice is what resuming changed, in one line, for the host to show;
// "" when it changed nothing.
func (s *Session) Notice() string { return s.notice }

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

func joinAnd(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return items[0] + " and " + items[1]
}

// UnknownBudget says why the session's budget is unknown, in one line:
// that it has no model, or which sources were looked at for its model
// and how to get the models.dev cache; paths names the files by path. It
// is "" when the budget is known.
func (s *Session) UnknownBudget(paths bool) string {
	if s.opts.Model == "" {
		return "no model: set --model, $NODECODE_MODEL or \"model\" in config.jsonc, or $NODECODE_CONTEXT_TOKENS"
	}
	if b := s.budgets().Resolve(s.opts.Model, s.overrides()); b.Tokens > 0 {
		return ""
	}
	return "no source knows " + s.opts.Model + ": " + evict.Consulted(s.opts.Model, s.budgets().Env(), s.overrides(), paths)
}

// SetContextWindow is (set-context-window model tokens) for the host: the
// session's own runtime override of model's context window (tokens ≤ 0
// removes it), logged at once when a turn is running, else before the
// next input.
func (s *Session) SetContextWindow(ctx context.Context, model string, tokens int) error {
	if _, _, ok := evict.SplitModel(model); !ok {
		return fmt.Errorf("set-context-window: model must be \"provider/id\", got %q", model)
	}
	s.overrides().Set(model, tokens)
	if s.tree.head == 0 {
		return nil
	}
	return s.syncSettings(ctx)
}
