package store

import (
	"context"
	"errors"
	"fmt"
	"github.com/nodelisp/nodelisp/event"
)

// ParentOf reads from st what ValidateLog needs of session id as the
// parent of an imported fork: its last seq and the inputs of its lineage.
// It returns nil when st has no such session.
func ParentOf(ctx context.Context, st Store, id string) (*Parent, error) {
	s, err := st.Session(ctx, id)
	if errors.Is(err, ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	p := &Parent{}
	if s.ForkSeq != nil {
		p.Last = *s.ForkSeq
	}
	r, err := st.Scan(ctx, Query{Session: id, Own: true, Newest: true, Limit: 1})
	if err != nil {
		return nil, fmt.Errorf("read parent %s: %w", id, err)
	}
	if len(r.Events) > 0 {
		p.Last = r.Events[0].Seq
	}
	r, err = st.Scan(ctx, Query{Session: id, Kinds: []string{event.KindInput}})
	if err != nil {
		return nil, fmt.Errorf("read parent %s: %w", id, err)
	}
	for _, e := range r.Events {
		p.Inputs = append(p.Inputs, e.Seq)
	}
	return p, nil
}

// ValidateImport checks logs about to be imported into st with
// ValidateLog, reading the parents that are not in the batch from st.
func ValidateImport(ctx context.Context, st Store, logs []SessionLog) error {
	_, err := ValidateLog(logs, func(id string) (*Parent, error) { return ParentOf(ctx, st, id) })
	return err
}
