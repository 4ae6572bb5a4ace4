// Package anthropic sends an agent.Request to Anthropic's Messages API
// through the official SDK, streaming, with a prompt-cache breakpoint on
// the newest message the next request will send again.
package anthropic

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"regexp"
	"strconv"
	"strings"

	sdk "github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"

	"github.com/nodelisp/nodelisp/agent"
	"github.com/nodelisp/nodelisp/session"
)

// Provider is the Anthropic Messages API.
type Provider struct {
	client sdk.Client
}

// Options say where the API is and who calls it.
type Options struct {
	APIKey  string
	BaseURL string // "" for the SDK's default
	// HTTPClient, when set, carries the requests (tests).
	HTTPClient *http.Client
	// MaxRetries is the SDK's retries of a 429, 529 or network error; a
	// negative value keeps the SDK's default.
	MaxRetries int
}

// New returns a provider over the SDK's client.
func New(o Options) *Provider {
	opts := []option.RequestOption{option.WithAPIKey(o.APIKey)}
	if o.BaseURL != "" {
		opts = append(opts, option.WithBaseURL(o.BaseURL))
	}
	if o.HTTPClient != nil {
		opts = append(opts, option.WithHTTPClient(o.HTTPClient))
	}
	if o.MaxRetries >= 0 {
		opts = append(opts, option.WithMaxRetries(o.MaxRetries))
	}
	return &Provider{client: sdk.NewClient(opts...)}
}

// Name is "anthropic".
func (p *Provider) Name() string { return "anthropic" }

// Params is the SDK's request for r: what Send sends, exposed so tests
// can hold its bytes.
func Params(r agent.Request) sdk.MessageNewParams {
	params := sdk.MessageNewParams{
		Model:     sdk.Model(r.Model),
		MaxTokens: int64(r.MaxTokens),
		Tools: []sdk.ToolUnionParam{{OfTool: &sdk.ToolParam{
			Name:        "eval",
			Description: sdk.String(session.EvalDescription),
			InputSchema: sdk.ToolInputSchemaParam{
				Properties: map[string]any{
					"code":       map[string]any{"type": "string", "description": session.EvalCodeDescription},
					"timeout_ms": map[string]any{"type": "integer", "description": session.EvalTimeoutDescription},
				},
				Required: []string{"code"},
			},
		}}},
		// One call a response: a call is a round, and its result is in
		// the next request before the model calls again.
		ToolChoice: sdk.ToolChoiceUnionParam{OfAuto: &sdk.ToolChoiceAutoParam{DisableParallelToolUse: sdk.Bool(true)}},
	}
	if r.System != "" {
		params.System = []sdk.TextBlockParam{{Text: r.System}}
	}
	for i, m := range r.Messages {
		blocks := make([]sdk.ContentBlockParamUnion, 0, len(m.Blocks))
		for _, b := range m.Blocks {
			blocks = append(blocks, block(b))
		}
		if i == r.Cached && len(blocks) > 0 {
			setBreakpoint(blocks[len(blocks)-1])
		}
		if m.Role == agent.Assistant {
			params.Messages = append(params.Messages, sdk.NewAssistantMessage(blocks...))
		} else {
			params.Messages = append(params.Messages, sdk.NewUserMessage(blocks...))
		}
	}
	return params
}

func block(b agent.Block) sdk.ContentBlockParamUnion {
	switch b.Kind {
	case agent.BlockToolUse:
		return sdk.NewToolUseBlock(b.ID, map[string]string{"code": b.Text}, "eval")
	case agent.BlockToolResult:
		return sdk.NewToolResultBlock(b.ID, b.Text, false)
	}
	return sdk.NewTextBlock(b.Text)
}

// setBreakpoint marks a block as the end of the cached prefix.
func setBreakpoint(b sdk.ContentBlockParamUnion) {
	cc := sdk.NewCacheControlEphemeralParam()
	switch {
	case b.OfText != nil:
		b.OfText.CacheControl = cc
	case b.OfToolUse != nil:
		b.OfToolUse.CacheControl = cc
	case b.OfToolResult != nil:
		b.OfToolResult.CacheControl = cc
	}
}

// Send streams r's answer.
func (p *Provider) Send(ctx context.Context, r agent.Request, text func(string)) (agent.Response, error) {
	stream := p.client.Messages.NewStreaming(ctx, Params(r))
	defer stream.Close()
	var msg sdk.Message
	var streamed strings.Builder
	for stream.Next() {
		ev := stream.Current()
		if err := msg.Accumulate(ev); err != nil {
			return partial(msg, streamed.String()), errors.New("anthropic: malformed stream: " + err.Error())
		}
		if d, ok := ev.AsAny().(sdk.ContentBlockDeltaEvent); ok {
			if t, ok := d.Delta.AsAny().(sdk.TextDelta); ok && t.Text != "" {
				streamed.WriteString(t.Text)
				text(t.Text)
			}
		}
	}
	if err := stream.Err(); err != nil {
		return partial(msg, streamed.String()), describe(err)
	}
	if msg.StopReason == "" {
		// The stream ended without message_stop: the answer is cut short.
		return partial(msg, streamed.String()), errors.New("anthropic: the stream ended before the message did (no stop reason): the answer is incomplete")
	}
	return response(msg)
}

// response reads a whole message.
func response(msg sdk.Message) (agent.Response, error) {
	out := agent.Response{Model: string(msg.Model), StopReason: string(msg.StopReason), Usage: usage(msg.Usage)}
	var texts []string
	for _, c := range msg.Content {
		switch c.Type {
		case "text":
			texts = append(texts, c.Text)
		case "thinking", "redacted_thinking":
			out.Thinking = append(out.Thinking, c.RawJSON())
		case "tool_use":
			tu := c.AsToolUse()
			call := agent.Call{ID: tu.ID, Input: string(tu.Input)}
			var args struct {
				Code      *string `json:"code"`
				TimeoutMS int64   `json:"timeout_ms"`
			}
			if err := json.Unmarshal(tu.Input, &args); err != nil || args.Code == nil {
				return out, errors.New("anthropic: the model called " + tu.Name + " without a code string: " + string(tu.Input))
			}
			call.Code, call.TimeoutMS = *args.Code, args.TimeoutMS
			out.Calls = append(out.Calls, call)
		}
	}
	out.Text = strings.Join(texts, "")
	return out, nil
}

// partial is what arrived of a message cut short.
func partial(msg sdk.Message, streamed string) agent.Response {
	return agent.Response{Model: string(msg.Model), Text: streamed, Usage: usage(msg.Usage)}
}

func usage(u sdk.Usage) agent.Usage {
	return agent.Usage{
		Input:      int(u.InputTokens + u.CacheReadInputTokens + u.CacheCreationInputTokens),
		Output:     int(u.OutputTokens),
		CacheRead:  int(u.CacheReadInputTokens),
		CacheWrite: int(u.CacheCreationInputTokens),
	}
}

// tooLong finds the limit in "prompt is too long: 215000 tokens > 200000 maximum".
var tooLong = regexp.MustCompile(`(?i)prompt is too long(?:: \d+ tokens > (\d+) maximum)?`)

// describe turns the SDK's error into one line, and a too-large
// rejection into agent.TooLargeError.
func describe(err error) error {
	var apiErr *sdk.Error
	if errors.As(err, &apiErr) {
		msg := apiMessage(apiErr)
		if m := tooLong.FindStringSubmatch(msg); m != nil {
			limit, _ := strconv.Atoi(m[1])
			return &agent.TooLargeError{Provider: "anthropic", Message: msg, Limit: limit}
		}
		switch apiErr.StatusCode {
		case http.StatusUnauthorized, http.StatusForbidden:
			return errors.New("anthropic: authentication failed (" + strconv.Itoa(apiErr.StatusCode) + "): " + msg + "; check ANTHROPIC_API_KEY")
		case http.StatusTooManyRequests, 529:
			return errors.New("anthropic: overloaded or rate limited (" + strconv.Itoa(apiErr.StatusCode) + ") after the SDK's retries: " + msg)
		}
		return errors.New("anthropic: " + strconv.Itoa(apiErr.StatusCode) + ": " + msg)
	}
	if errors.Is(err, context.Canceled) {
		return err
	}
	if syntax := new(json.SyntaxError); errors.As(err, &syntax) {
		return errors.New("anthropic: malformed stream: " + oneLine(err.Error()))
	}
	return errors.New("anthropic: " + oneLine(err.Error()))
}

// apiMessage is the error's message from the body the API sent.
func apiMessage(e *sdk.Error) string {
	var body struct {
		Error struct {
			Message string `json:"message"`
		} `json:"error"`
	}
	if json.Unmarshal([]byte(e.RawJSON()), &body) == nil && body.Error.Message != "" {
		return body.Error.Message
	}
	return oneLine(e.Error())
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
