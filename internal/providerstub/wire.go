package providerstub

import (
	"encoding/json"
	"fmt"
	"net/http"
)

// stream writes one SSE response.
type stream struct {
	w    http.ResponseWriter
	done <-chan struct{}
	held chan struct{}
	sent int // text pieces sent
	cut  bool
}

func (s *stream) event(name string, data any) {
	if s.cut {
		return
	}
	b, _ := json.Marshal(data)
	if name != "" {
		fmt.Fprintf(s.w, "event: %s\n", name)
	}
	fmt.Fprintf(s.w, "data: %s\n\n", b)
	if f, ok := s.w.(http.Flusher); ok {
		f.Flush()
	}
}

// piece is called after each text piece: it applies Hold, Truncate and
// Malformed after the first, and says whether to go on.
func (s *stream) piece(r Reply) bool {
	s.sent++
	if s.sent > 1 || s.cut {
		return !s.cut
	}
	switch {
	case r.Hold:
		s.held <- struct{}{}
		<-s.done
		s.cut = true
	case r.Malformed:
		fmt.Fprint(s.w, "event: content_block_delta\ndata: {\"type\": \"content_block_delta\", oops\n\n")
		s.cut = true
	case r.Truncate:
		s.cut = true
	}
	if f, ok := s.w.(http.Flusher); ok {
		f.Flush()
	}
	return !s.cut
}

// anthropic streams a reply as the Messages API does: message_start,
// each content block's start, deltas and stop, message_delta with the
// stop reason and usage, message_stop.
func (s *stream) anthropic(r Reply) {
	usage := map[string]any{"input_tokens": r.Input, "output_tokens": 1,
		"cache_read_input_tokens": r.CacheRead, "cache_creation_input_tokens": r.CacheWrite}
	s.event("message_start", map[string]any{"type": "message_start", "message": map[string]any{
		"id": "msg_stub", "type": "message", "role": "assistant", "model": "stub-model", "content": []any{},
		"stop_reason": nil, "stop_sequence": nil, "usage": usage}})
	s.event("ping", map[string]any{"type": "ping"})
	index := 0
	if r.Thinking != "" {
		s.event("content_block_start", map[string]any{"type": "content_block_start", "index": index,
			"content_block": map[string]any{"type": "thinking", "thinking": "", "signature": ""}})
		s.event("content_block_delta", map[string]any{"type": "content_block_delta", "index": index,
			"delta": map[string]any{"type": "thinking_delta", "thinking": r.Thinking}})
		s.event("content_block_delta", map[string]any{"type": "content_block_delta", "index": index,
			"delta": map[string]any{"type": "signature_delta", "signature": "c2lnbmF0dXJl"}})
		s.event("content_block_stop", map[string]any{"type": "content_block_stop", "index": index})
		index++
	}
	if r.Text != "" {
		s.event("content_block_start", map[string]any{"type": "content_block_start", "index": index,
			"content_block": map[string]any{"type": "text", "text": ""}})
		for _, p := range pieces(r.Text) {
			s.event("content_block_delta", map[string]any{"type": "content_block_delta", "index": index,
				"delta": map[string]any{"type": "text_delta", "text": p}})
			if !s.piece(r) {
				return
			}
		}
		s.event("content_block_stop", map[string]any{"type": "content_block_stop", "index": index})
		index++
	}
	for i, code := range r.Calls {
		args, _ := json.Marshal(map[string]string{"code": code})
		s.event("content_block_start", map[string]any{"type": "content_block_start", "index": index,
			"content_block": map[string]any{"type": "tool_use", "id": fmt.Sprintf("toolu_stub_%d", i), "name": "eval", "input": map[string]any{}}})
		for _, p := range pieces(string(args)) {
			s.event("content_block_delta", map[string]any{"type": "content_block_delta", "index": index,
				"delta": map[string]any{"type": "input_json_delta", "partial_json": p}})
		}
		s.event("content_block_stop", map[string]any{"type": "content_block_stop", "index": index})
		index++
	}
	stop := "end_turn"
	if len(r.Calls) > 0 {
		stop = "tool_use"
	}
	s.event("message_delta", map[string]any{"type": "message_delta",
		"delta": map[string]any{"stop_reason": stop, "stop_sequence": nil}, "usage": map[string]any{"output_tokens": r.Output}})
	s.event("message_stop", map[string]any{"type": "message_stop"})
}

// openai streams a reply as Chat Completions does with include_usage:
// chunks of deltas, one with the finish reason, a last one with no
// choices and the usage, then [DONE].
func (s *stream) openai(r Reply) {
	chunk := func(delta map[string]any, finish any) map[string]any {
		return map[string]any{"id": "chatcmpl-stub", "object": "chat.completion.chunk", "created": 1, "model": "stub-model",
			"choices": []any{map[string]any{"index": 0, "delta": delta, "finish_reason": finish}}}
	}
	s.event("", chunk(map[string]any{"role": "assistant", "content": ""}, nil))
	if r.Thinking != "" {
		s.event("", chunk(map[string]any{"reasoning_content": r.Thinking}, nil))
	}
	for _, p := range pieces(r.Text) {
		s.event("", chunk(map[string]any{"content": p}, nil))
		if !s.piece(r) {
			return
		}
	}
	for i, code := range r.Calls {
		args, _ := json.Marshal(map[string]string{"code": code})
		s.event("", chunk(map[string]any{"tool_calls": []any{map[string]any{"index": i, "id": fmt.Sprintf("call_stub_%d", i), "type": "function",
			"function": map[string]any{"name": "eval", "arguments": ""}}}}, nil))
		for _, p := range pieces(string(args)) {
			s.event("", chunk(map[string]any{"tool_calls": []any{map[string]any{"index": i, "function": map[string]any{"arguments": p}}}}, nil))
		}
	}
	finish := "stop"
	if len(r.Calls) > 0 {
		finish = "tool_calls"
	}
	s.event("", chunk(map[string]any{}, finish))
	s.event("", map[string]any{"id": "chatcmpl-stub", "object": "chat.completion.chunk", "created": 1, "model": "stub-model", "choices": []any{},
		"usage": map[string]any{"prompt_tokens": r.Input + r.CacheRead, "completion_tokens": r.Output, "total_tokens": r.Input + r.CacheRead + r.Output,
			"prompt_tokens_details": map[string]any{"cached_tokens": r.CacheRead}}})
	if !s.cut {
		fmt.Fprint(s.w, "data: [DONE]\n\n")
	}
}
