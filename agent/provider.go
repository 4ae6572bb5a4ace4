package agent

import (
	"context"
	"errors"
	"fmt"
)

// Provider sends a request to a model and streams its answer.
type Provider interface {
	// Name is the provider's id as --model writes it ("anthropic").
	Name() string
	// Send sends r; text is called with each piece of answer text as it
	// arrives. It returns the whole response once the stream ends.
	Send(ctx context.Context, r Request, text func(string)) (Response, error)
}

// TooLargeError is a request the provider rejected as too large for the
// model's context window.
type TooLargeError struct {
	Provider string
	Message  string // the provider's words
	// Limit is the context window the provider's words name, 0 when
	// they name none.
	Limit int
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("%s rejected the request as too large: %s", e.Provider, e.Message)
}

// IsTooLarge reports whether err is a too-large rejection.
func IsTooLarge(err error) bool {
	var t *TooLargeError
	return errors.As(err, &t)
}
