// Package openai sends an agent.Request through the official OpenAI SDK's
// Chat Completions API, streaming: to OpenAI, and to any server that
// speaks the same API at a base URL (Ollama, llama.cpp's server, vLLM,
// OpenRouter).
//
// Chat Completions, not Responses: every OpenAI-compatible server speaks
// Chat Completions and few speak Responses, and the window nodelisp sends
// is stateless by design (the log, not the provider, holds the history),
// which is what Chat Completions is; Responses' stored conversation state
// would duplicate the log. OpenAI caches a prompt's prefix by itself, so a
// request that extends the previous one byte for byte is cached without
// breakpoints.
package openai

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"regexp"
	"strconv"
	"strings"

	sdk "github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/shared"

	"github.com/nodelisp/nodelisp/agent"
	"github.com/nodelisp/nodelisp/session"
)

// Provider is a Chat Completions endpoint.
type Provider struct {
	name   string
	client sdk.Client
}

// Options say where the API is and who calls it.
type Options struct {
	// Name is the provider's id as --model writes it ("openai", or a
	// providers.<id> of config.jsonc).
	Name    string
	APIKey  string
	BaseURL string // "" for the SDK's default
	// HTTPClient, when set, carries the requests (tests).
	HTTPClient *http.Client
	// MaxRetries is the SDK's retries; negative keeps its default.
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
	name := o.Name
	if name == "" {
		name = "openai"
	}
	return &Provider{name: name, client: sdk.NewClient(opts...)}
}

// Name is the provider's id.
func (p *Provider) Name() string { return p.name }

// Params is the SDK's request for r.
func Params(r agent.Request) sdk.ChatCompletionNewParams {
	params := sdk.ChatCompletionNewParams{
		Model:               shared.ChatModel(r.Model),
		MaxCompletionTokens: sdk.Int(int64(r.MaxTokens)),
		Tools: []sdk.ChatCompletionToolUnionParam{sdk.ChatCompletionFunctionTool(shared.FunctionDefinitionParam{
			Name:        "eval",
			Description: sdk.String(session.EvalDescription),
			Parameters: shared.FunctionParameters{
				"type": "object",
				"properties": map[string]any{
					"code":       map[string]any{"type": "string", "description": session.EvalCodeDescription},
					"timeout_ms": map[string]any{"type": "integer", "description": session.EvalTimeoutDescription},
				},
				"required": []string{"code"},
			},
		})},
		ParallelToolCalls: sdk.Bool(false),
		StreamOptions:     sdk.ChatCompletionStreamOptionsParam{IncludeUsage: sdk.Bool(true)},
	}
	if r.System != "" {
		params.Messages = append(params.Messages, sdk.SystemMessage(r.System))
	}
	for _, m := range r.Messages {
		for _, b := range m.Blocks {
			params.Messages = append(params.Messages, message(m.Role, b))
		}
	}
	return params
}

func message(role string, b agent.Block) sdk.ChatCompletionMessageParamUnion {
	switch b.Kind {
	case agent.BlockToolUse:
		args, _ := json.Marshal(map[string]string{"code": b.Text})
		return sdk.ChatCompletionMessageParamUnion{OfAssistant: &sdk.ChatCompletionAssistantMessageParam{
			ToolCalls: []sdk.ChatCompletionMessageToolCallUnionParam{{OfFunction: &sdk.ChatCompletionMessageFunctionToolCallParam{
				ID:       b.ID,
				Function: sdk.ChatCompletionMessageFunctionToolCallFunctionParam{Name: "eval", Arguments: string(args)},
			}}},
		}}
	case agent.BlockToolResult:
		return sdk.ToolMessage(b.Text, b.ID)
	}
	if role == agent.Assistant {
		return sdk.AssistantMessage(b.Text)
	}
	return sdk.UserMessage(b.Text)
}

// Send streams r's answer.
func (p *Provider) Send(ctx context.Context, r agent.Request, text func(string)) (agent.Response, error) {
	stream := p.client.Chat.Completions.NewStreaming(ctx, Params(r))
	defer stream.Close()
	var acc sdk.ChatCompletionAccumulator
	var streamed strings.Builder
	var reasoning strings.Builder
	for stream.Next() {
		chunk := stream.Current()
		if !acc.AddChunk(chunk) {
			return p.partial(acc, streamed.String()), errors.New(p.name + ": malformed stream: a chunk does not follow the ones before it")
		}
		for _, c := range chunk.Choices {
			if c.Delta.Content != "" {
				streamed.WriteString(c.Delta.Content)
				text(c.Delta.Content)
			}
			reasoning.WriteString(reasoningOf(c.Delta.RawJSON()))
		}
	}
	if err := stream.Err(); err != nil {
		return p.partial(acc, streamed.String()), p.describe(err)
	}
	if len(acc.Choices) == 0 || acc.Choices[0].FinishReason == "" {
		return p.partial(acc, streamed.String()), errors.New(p.name + ": the stream ended before the answer did (no finish reason): the answer is incomplete")
	}
	choice := acc.Choices[0]
	out := agent.Response{Model: acc.Model, Text: choice.Message.Content, StopReason: string(choice.FinishReason), Usage: usage(acc.Usage)}
	if reasoning.Len() > 0 {
		kept, _ := json.Marshal(map[string]string{"type": "reasoning", "text": reasoning.String()})
		out.Thinking = []string{string(kept)}
	}
	for _, tc := range choice.Message.ToolCalls {
		var args struct {
			Code      *string `json:"code"`
			TimeoutMS int64   `json:"timeout_ms"`
		}
		if err := json.Unmarshal([]byte(tc.Function.Arguments), &args); err != nil || args.Code == nil {
			return out, errors.New(p.name + ": the model called " + tc.Function.Name + " without a code string: " + tc.Function.Arguments)
		}
		out.Calls = append(out.Calls, agent.Call{ID: tc.ID, Code: *args.Code, TimeoutMS: args.TimeoutMS, Input: tc.Function.Arguments})
	}
	return out, nil
}

// reasoningOf is the reasoning text OpenAI-compatible servers put in a
// delta beside its content (vLLM and llama.cpp: reasoning_content;
// Ollama and OpenRouter: reasoning).
func reasoningOf(raw string) string {
	var d struct {
		ReasoningContent string `json:"reasoning_content"`
		Reasoning        string `json:"reasoning"`
	}
	if json.Unmarshal([]byte(raw), &d) != nil {
		return ""
	}
	return d.ReasoningContent + d.Reasoning
}

func (p *Provider) partial(acc sdk.ChatCompletionAccumulator, streamed string) agent.Response {
	return agent.Response{Model: acc.Model, Text: streamed, Usage: usage(acc.Usage)}
}

func usage(u sdk.CompletionUsage) agent.Usage {
	return agent.Usage{
		Input: int(u.PromptTokens), Output: int(u.CompletionTokens),
		CacheRead: int(u.PromptTokensDetails.CachedTokens), CacheWrite: int(u.PromptTokensDetails.CacheWriteTokens),
	}
}

// maxContext finds the limit in "maximum context length is 128000 tokens".
var maxContext = regexp.MustCompile(`maximum context length is (\d+)`)

// describe turns the SDK's error into one line, and a too-large
// rejection into agent.TooLargeError.
func (p *Provider) describe(err error) error {
	var apiErr *sdk.Error
	if errors.As(err, &apiErr) {
		msg := apiErr.Message
		if msg == "" {
			msg = strings.Join(strings.Fields(apiErr.Error()), " ")
		}
		if apiErr.Code == "context_length_exceeded" || strings.Contains(msg, "maximum context length") {
			limit := 0
			if m := maxContext.FindStringSubmatch(msg); m != nil {
				limit, _ = strconv.Atoi(m[1])
			}
			return &agent.TooLargeError{Provider: p.name, Message: msg, Limit: limit}
		}
		code := strconv.Itoa(apiErr.StatusCode)
		switch apiErr.StatusCode {
		case http.StatusUnauthorized, http.StatusForbidden:
			return errors.New(p.name + ": authentication failed (" + code + "): " + msg)
		case http.StatusTooManyRequests:
			return errors.New(p.name + ": rate limited (429) after the SDK's retries: " + msg)
		}
		return errors.New(p.name + ": " + code + ": " + msg)
	}
	if errors.Is(err, context.Canceled) {
		return err
	}
	if syntax := new(json.SyntaxError); errors.As(err, &syntax) {
		return errors.New(p.name + ": malformed stream: " + strings.Join(strings.Fields(err.Error()), " "))
	}
	return errors.New(p.name + ": " + strings.Join(strings.Fields(err.Error()), " "))
}
