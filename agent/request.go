package agent

// Request is one model request, neutral between providers: what the
// window says, laid out as a conversation with one tool.
type Request struct {
	Model     string
	MaxTokens int
	// System is the system prompt and the eviction stub, as system text.
	System string
	// Messages alternate as the window does; consecutive messages of one
	// role are kept apart (providers join them), so a message, once sent,
	// is sent the same way until the window changes before it.
	Messages []Message
	// Cached is the index of the newest message the next request will
	// still send byte for byte: where an Anthropic cache breakpoint goes.
	// -1 when there is none.
	Cached int
}

// Roles of a request's messages.
const (
	User      = "user"
	Assistant = "assistant"
)

// Message is one message of a request.
type Message struct {
	Role   string
	Blocks []Block
}

// Block kinds.
const (
	BlockText       = "text"
	BlockToolUse    = "tool_use"
	BlockToolResult = "tool_result"
)

// Block is a part of a message: text, a call of eval, or its result.
type Block struct {
	Kind string
	Text string // the text, the call's code, or the result's text
	// ID pairs a call with its result: "call_SEQ", SEQ the call's event.
	ID string
}

// Call is an eval call the model made.
type Call struct {
	ID        string
	Code      string
	TimeoutMS int64
	// Input is the call's arguments as the model sent them, verbatim.
	Input string
}

// Usage is a response's token figures as the provider reports them.
type Usage struct {
	// Input is every input token of the request: uncached, cache reads
	// and cache writes together (the window's size as the provider counts
	// it).
	Input      int `json:"input"`
	Output     int `json:"output"`
	CacheRead  int `json:"cache_read"`
	CacheWrite int `json:"cache_write"`
}

// Response is a model's whole answer to one request.
type Response struct {
	Model      string
	Text       string
	Calls      []Call
	StopReason string
	Usage      Usage
	// Thinking is the thinking or reasoning the provider returned, each
	// block as its JSON, verbatim.
	Thinking []string
}
