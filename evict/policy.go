package evict

// The thresholds of the reference pages, as fractions of the budget.
const (
	// WarnAt: the first request over this share of the budget gets the
	// warning; the next one still over it evicts.
	WarnAt = 0.85
	// EvictTo: an eviction drops history until usage is at most this share.
	EvictTo = 0.50
)

// The same thresholds as whole percentages, so that the comparisons are
// exact integer arithmetic.
const (
	warnPercent    = 85
	evictToPercent = 50
)

// Round is one round of a turn as it stands in the window: a model answer
// with the tool calls and results it led to, seqs First to Last.
type Round struct {
	First, Last int64
	Tokens      int
}

// Turn is one path turn after the eviction boundary, as it stands in the
// window.
type Turn struct {
	// Input is the seq of the turn's input event: the turn's name.
	Input int64
	// Tokens is all the turn holds in the window: its input and every
	// round not yet shed.
	Tokens int
	// Finished is false for the running turn (the newest, still being
	// answered).
	Finished bool
	// Rounds are the turn's rounds in the window, oldest first. Only the
	// running turn's are needed.
	Rounds []Round
}

// Prior is what the log says about the requests before this one.
type Prior struct {
	// Warned: a warning was logged since the last eviction (or since the
	// session began, when there was none).
	Warned bool
	// CeilingRecorded: a ceiling was recorded after the previous request,
	// so this is the first request since.
	CeilingRecorded bool
}

// Request is one model request's figures.
type Request struct {
	// Budget is the effective budget in tokens (see Effective); 0 unknown.
	Budget int
	// Fixed is the tokens of the window outside Turns: the system prompt,
	// the stubs, the notes of context edits. The warning is not counted
	// here: it is added after the decision, when one is due.
	Fixed int
	// Warning is the tokens the warning adds to the window when this
	// request gives it (the estimate of Warning(usage, Budget)). A warning
	// that would take the window over the budget is not given: the
	// request evicts instead, so no window goes out over the budget with
	// a warning in it.
	Warning int
	// Turns are the path turns after the boundary, oldest first; the last
	// is the running turn.
	Turns []Turn
	// Boundary is the eviction boundary before this request (0 for none).
	// The boundary only moves forward: the decision's is never behind it,
	// whatever this request evicts or sheds.
	Boundary int64
	// Usage, when not 0, is the host's better figure for the whole window
	// (the provider's reported input tokens plus estimates for what came
	// after); otherwise usage is Fixed plus the turns' tokens.
	Usage int
}

// usage is the request's window size in tokens.
func (r Request) usage() int {
	if r.Usage != 0 {
		return r.Usage
	}
	n := r.Fixed
	for _, t := range r.Turns {
		n += t.Tokens
	}
	return n
}

// Decision is what one request calls for.
type Decision struct {
	// Warn: add the warning (Warning) to this request's window and log a
	// warning event.
	Warn bool
	// Evict: history leaves the window; log an eviction event.
	Evict bool
	// Boundary is the eviction boundary after this request: every path
	// turn whose input seq is ≤ Boundary is evicted whole. It is
	// Request.Boundary when no whole turn leaves (a shed-only eviction
	// included), and never less.
	Boundary int64
	// ShedThrough: the running turn's rounds whose Last seq is ≤ this are
	// shed into its turnstub. 0 when no round is shed.
	ShedThrough int64
	// Usage is the request's usage as given; After what remains once the
	// eviction is applied, the stubs' growth aside: the host counts that
	// once it has laid the smaller window out, and evicts again (Evict)
	// while the window is still over 50% and more may go.
	Usage, After int
	// Over: After is still over the budget, because what may not be
	// evicted (the running turn's input and newest round, and Fixed) alone
	// exceeds it.
	Over bool
}

// Decide applies the rules of docs/eviction.md to one request. With usage over 85%
// of the budget (strictly), the first such request since the session began
// or since the last eviction gets the warning and keeps its history; the
// next one still over 85% evicts down to 50%. A request over 100% of the
// budget, or the first after a ceiling was recorded, evicts at once without
// a warning. Evicting drops finished turns first, oldest first, whole, then
// the running turn's older rounds, oldest first, until usage is at most
// 50% of the budget or nothing more may go; the running turn's input and
// newest round always stay, and so does the newest turn when none is
// running. A warning the budget has no room for (usage plus
// Request.Warning over it) is an eviction instead. An unknown budget (0)
// never warns or evicts.
func Decide(prior Prior, req Request) Decision {
	usage := req.usage()
	d := Decision{Usage: usage, After: usage, Boundary: req.Boundary}
	if req.Budget <= 0 {
		return d
	}
	switch {
	case usage > req.Budget || prior.CeilingRecorded:
		// Evict at once, warned or not.
	case usage*100 > warnPercent*req.Budget:
		if !prior.Warned && usage+req.Warning <= req.Budget {
			d.Warn = true
			return d
		}
		// Warned already and still over, or no room for the warning:
		// evict.
	default:
		return d
	}
	return evictRequest(req, d)
}

// Evict is the eviction of a request the host has already decided to
// evict from, down to 50% of the budget as Decide evicts: what a host
// calls again when the stubs an eviction grew leave the window over 50%.
// Its Evict is false when nothing is over 50% or nothing more may go.
func Evict(req Request) Decision {
	usage := req.usage()
	d := Decision{Usage: usage, After: usage, Boundary: req.Boundary}
	if req.Budget <= 0 || usage*100 <= evictToPercent*req.Budget {
		return d
	}
	return evictRequest(req, d)
}

// evictRequest fills in d with the eviction of req.
func evictRequest(req Request, d Decision) Decision {
	var boundary int64
	boundary, d.ShedThrough, d.After = evictDown(req.Turns, d.Usage, req.Budget)
	d.Boundary = max(req.Boundary, boundary)
	d.Evict = d.Boundary > req.Boundary || d.ShedThrough != 0
	d.Over = d.After > req.Budget
	return d
}

// evictDown drops history from turns until usage fits within evictToPercent
// of budget, and says what went.
func evictDown(turns []Turn, usage, budget int) (boundary, shedThrough int64, after int) {
	fits := func() bool { return usage*100 <= evictToPercent*budget }
	for _, t := range evictable(turns) {
		if fits() {
			return boundary, 0, usage
		}
		usage -= t.Tokens
		boundary = t.Input
	}
	if len(turns) == 0 || turns[len(turns)-1].Finished {
		return boundary, 0, usage
	}
	rounds := turns[len(turns)-1].Rounds
	for i := 0; i < len(rounds)-1 && !fits(); i++ {
		usage -= rounds[i].Tokens
		shedThrough = rounds[i].Last
	}
	return boundary, shedThrough, usage
}

// evictable are the turns that may leave whole, oldest first: the finished
// turns before the newest one. They stop at the first unfinished turn,
// because the boundary evicts a prefix of the path.
func evictable(turns []Turn) []Turn {
	if len(turns) == 0 {
		return nil
	}
	turns = turns[:len(turns)-1]
	for i, t := range turns {
		if !t.Finished {
			return turns[:i]
		}
	}
	return turns
}
