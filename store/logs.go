package store

import "fmt"

// CheckLogs checks sessions about to be imported and returns them ordered
// so that every parent comes before its forks. It needs no store: ids are
// well formed and unique in the batch, each event belongs to its session
// and has a kind and a storable payload, seqs rise and stay past the fork
// point, and a parent is either in the batch or for the caller (exists) to
// find. The store's own check, that no id is already taken, comes after.
func CheckLogs(logs []SessionLog, exists func(id string) (bool, error)) ([]SessionLog, error) {
	byID := make(map[string]int, len(logs))
	for i, l := range logs {
		s := l.Session
		if err := CheckID(s.ID); err != nil {
			return nil, err
		}
		if _, dup := byID[s.ID]; dup {
			return nil, fmt.Errorf("session %s appears twice: %w", s.ID, ErrInvalid)
		}
		byID[s.ID] = i
		if (s.Parent == "") != (s.ForkSeq == nil) {
			return nil, fmt.Errorf("session %s: parent and fork_seq must be both set or both null: %w", s.ID, ErrInvalid)
		}
		if err := CheckSource(s.Source); err != nil {
			return nil, fmt.Errorf("session %s: %w", s.ID, err)
		}
		last := int64(0)
		if s.ForkSeq != nil {
			last = *s.ForkSeq
		}
		for _, e := range l.Events {
			switch {
			case e.Session != s.ID:
				return nil, fmt.Errorf("session %s: event seq %d belongs to session %q: %w", s.ID, e.Seq, e.Session, ErrInvalid)
			case e.Seq <= last:
				return nil, fmt.Errorf("session %s: seq %d does not follow %d: %w", s.ID, e.Seq, last, ErrInvalid)
			case e.Kind == "":
				return nil, fmt.Errorf("session %s: seq %d: empty kind: %w", s.ID, e.Seq, ErrInvalid)
			}
			if err := CheckPayload(e.Payload); err != nil {
				return nil, fmt.Errorf("session %s: seq %d: %w", s.ID, e.Seq, err)
			}
			last = e.Seq
		}
	}
	ordered := make([]SessionLog, 0, len(logs))
	placed := make(map[string]bool, len(logs))
	var place func(i int, depth int) error
	place = func(i int, depth int) error {
		s := logs[i].Session
		if placed[s.ID] {
			return nil
		}
		if depth > len(logs) {
			return fmt.Errorf("session %s: fork cycle: %w", s.ID, ErrInvalid)
		}
		if s.Parent != "" {
			if j, ok := byID[s.Parent]; ok {
				if err := place(j, depth+1); err != nil {
					return err
				}
			} else if ok, err := exists(s.Parent); err != nil {
				return err
			} else if !ok {
				return fmt.Errorf("session %s: parent %s: %w", s.ID, s.Parent, ErrNotFound)
			}
		}
		placed[s.ID] = true
		ordered = append(ordered, logs[i])
		return nil
	}
	for i := range logs {
		if err := place(i, 0); err != nil {
			return nil, err
		}
	}
	return ordered, nil
}

// NextSeq is the seq a session's next append gets after an import: one
// past its last event, or past its fork point when it has none.
func NextSeq(l SessionLog) int64 {
	if n := len(l.Events); n > 0 {
		return l.Events[n-1].Seq + 1
	}
	if l.Session.ForkSeq != nil {
		return *l.Session.ForkSeq + 1
	}
	return 1
}
