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

// Headline is the receipt's first line without its ";; receipt · "
// mark: what the edit came from and what became of it.
func (r *Receipt) Headline() string {
	what := "the (context …) call"
	switch {
	case r.Nonce != "":
		what = "context " + r.Nonce
	case r.FromFile:
		what = "the edited context file"
	}
	switch {
	case r.Refused != nil:
		return what + " · refused"
	case r.EditSeq == 0:
		return what + " · nothing to change"
	}
	return fmt.Sprintf("%s · taken as context edit seq %d", what, r.EditSeq)
}

// Why is the refusal a one-line summary shows beside the headline: the
// edit's own, or, for a (context …) call's receipt that lists no change,
// the refused file edit its first remark names (the receipt's second
// line either way); "" when there is none.
func (r *Receipt) Why() string {
	if r.Refused != nil {
		return r.Refused.Error()
	}
	if r.Nonce != "" || len(r.Dropped)+len(r.Rewritten)+len(r.Noted)+len(r.Restored) > 0 || len(r.Remarks) == 0 {
		return ""
	}
	why, _ := strings.CutPrefix(r.Remarks[0], "refused: ")
	if why == r.Remarks[0] {
		return ""
	}
	return why
}

// Text renders the receipt: a header line, then one line per kind of
// change (none when there was none of that kind), then the remarks.
func (r *Receipt) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, ";; receipt · %s\n", r.Headline())
	if r.Refused != nil {
		fmt.Fprintf(&b, "refused: %s\n", r.Refused.Error())
		b.WriteString("nothing changed: the window is as it was. Export again with (context) and edit the new file.\n")
		for _, line := range r.Remarks {
			b.WriteString(line + "\n")
		}
		return b.String()
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
