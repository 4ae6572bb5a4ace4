package ctxfile

import (
	"fmt"
	"strings"
)

// Receipt is what a request did with a pending edit, as context.receipt.txt
// says it.
type Receipt struct {
	// Nonce names the export the edit came from; "" for a (context …)
	// call, or for an edited file whose export is not known.
	Nonce string
	// FromFile is set for an edit of the context file, so a receipt
	// without a nonce is not headed as a (context …) call's.
	FromFile bool
	// Refused is set when the edit was refused; nothing else is then.
	Refused *Refusal
	// EditSeq is the context edit event that records a taken edit.
	EditSeq int64
	// Kept, Dropped, Rewritten, Noted and Restored are the ids each kind
	// of change touched.
	Kept, Dropped, Rewritten, Noted, Restored []string
	// Remarks are further lines: messages that went with their pair, what
	// could not be done and why.
	Remarks []string
}

// Text renders the receipt: a header line, then one line per kind of
// change (none when there was none of that kind), then the remarks.
func (r *Receipt) Text() string {
	var b strings.Builder
	what := "the (context …) call"
	switch {
	case r.Nonce != "":
		what = "context " + r.Nonce
	case r.FromFile:
		what = "the edited context file"
	}
	if r.Refused != nil {
		fmt.Fprintf(&b, ";; receipt · %s · refused\n", what)
		fmt.Fprintf(&b, "refused: %s\n", r.Refused.Error())
		b.WriteString("nothing changed: the window is as it was. Export again with (context) and edit the new file.\n")
		for _, line := range r.Remarks {
			b.WriteString(line + "\n")
		}
		return b.String()
	}
	if r.EditSeq == 0 {
		fmt.Fprintf(&b, ";; receipt · %s · nothing to change\n", what)
	} else {
		fmt.Fprintf(&b, ";; receipt · %s · taken as context edit seq %d\n", what, r.EditSeq)
	}
	if r.Nonce != "" {
		fmt.Fprintf(&b, "kept: %d %s\n", len(r.Kept), plural(len(r.Kept), "message"))
	}
	list := func(label string, ids []string) {
		if len(ids) > 0 {
			fmt.Fprintf(&b, "%s: %s\n", label, strings.Join(ids, " "))
		}
	}
	list("dropped", r.Dropped)
	list("rewritten", r.Rewritten)
	list("noted", r.Noted)
	list("restored", r.Restored)
	for _, line := range r.Remarks {
		b.WriteString(line + "\n")
	}
	return b.String()
}

func plural(n int, noun string) string {
	if n == 1 {
		return noun
	}
	return noun + "s"
}
