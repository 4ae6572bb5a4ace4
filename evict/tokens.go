package evict

// MessageOverhead is the fixed cost, in tokens, that Estimate adds for each
// message: providers wrap every message in a role marker and separators
// that the text itself does not show.
const MessageOverhead = 4

// Estimate returns the estimated tokens of one window message whose text is
// text: its UTF-8 length in bytes divided by 4, rounded up, plus
// MessageOverhead. The estimate is cheap and deliberately a little generous
// for English and code (real tokenizers average 3.5–4.5 bytes a token), so
// a window built on it rarely surprises the provider. Hosts that learn the
// provider's real input-token count for a request use that instead and
// estimate only what came after it.
func Estimate(text string) int {
	return (len(text)+3)/4 + MessageOverhead
}
