package evict

import "fmt"

// warningFormat is the warning's one fixed text; its only figure is the
// share of the budget the request's window fills.
const warningFormat = "[context at %d%% of the budget: at the next request still over 85%%, " +
	"the oldest turns leave the window, whole, until it is down to 50%%. " +
	"They stay in the log word for word, and the stub left in their place keeps " +
	"the ;; first line of every evicted cell. Open each cell with a ;; line saying " +
	"what it does and what you learned, so your notes survive.]"

// Warning is the text of the warning message (window id "warn") for a
// request whose window fills usage tokens of budget: it says what the next
// request over 85% will do and asks the agent to write ;; notes. The
// percentage is rounded down.
func Warning(usage, budget int) string {
	return fmt.Sprintf(warningFormat, Percent(usage, budget))
}

// Percent is usage as a whole percentage of budget, rounded down; 0 for an
// unknown budget.
func Percent(usage, budget int) int {
	if budget <= 0 {
		return 0
	}
	return usage * 100 / budget
}
