package main

import (
	"fmt"

	"github.com/nodelisp/nodelisp/agent"
	"github.com/nodelisp/nodelisp/agent/anthropic"
	"github.com/nodelisp/nodelisp/agent/openai"
	"github.com/nodelisp/nodelisp/evict"
	"github.com/nodelisp/nodelisp/settings"
)

// newProvider picks the provider of model ("provider/model-id") and its
// credentials: "anthropic" is Anthropic's Messages API, "openai" OpenAI's
// Chat Completions, and any other id an OpenAI-compatible server whose
// base_url config.jsonc's providers.<id> gives. The key is read from the
// variable api_key_env names, else the provider's usual one; the base URL
// from base_url, else ANTHROPIC_BASE_URL or OPENAI_BASE_URL, else the
// SDK's default. It returns the model id to send.
func newProvider(model string, cfg *evict.Config, getenv settings.Getenv) (agent.Provider, string, error) {
	id, modelID, ok := evict.SplitModel(model)
	if !ok {
		return nil, "", fmt.Errorf("--model %q is not provider/model-id (anthropic/claude-sonnet-4-5, openai/gpt-5, ollama/qwen3)", model)
	}
	var pc evict.ProviderConfig
	if cfg != nil {
		pc = cfg.Providers[id]
	}
	keyVar, urlVar := "", ""
	switch id {
	case "anthropic":
		keyVar, urlVar = "ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL"
	case "openai":
		keyVar, urlVar = "OPENAI_API_KEY", "OPENAI_BASE_URL"
	default:
		if pc.BaseURL == "" {
			where := "config.jsonc"
			if cfg != nil && cfg.Path != "" {
				where = cfg.Path
			}
			return nil, "", fmt.Errorf(`provider %q is not anthropic or openai, so it needs a base URL: add "providers": {%q: {"base_url": "http://127.0.0.1:11434/v1"}} to %s`, id, id, where)
		}
	}
	if pc.APIKeyEnv != "" {
		keyVar = pc.APIKeyEnv
	}
	key := ""
	if keyVar != "" {
		if key = getenv(keyVar); key == "" {
			return nil, "", fmt.Errorf("%s is not set: the %s provider needs an API key", keyVar, id)
		}
	}
	baseURL := pc.BaseURL
	if baseURL == "" && urlVar != "" {
		baseURL = getenv(urlVar)
	}
	if id == "anthropic" {
		return anthropic.New(anthropic.Options{APIKey: key, BaseURL: baseURL, MaxRetries: -1}), modelID, nil
	}
	return openai.New(openai.Options{Name: id, APIKey: key, BaseURL: baseURL, MaxRetries: -1}), modelID, nil
}
