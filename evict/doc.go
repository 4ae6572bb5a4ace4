// Package evict keeps an agent's context window inside its token budget
// (docs/eviction.md). It holds the decisions and the texts, not the log:
//
//   - the budget: Resolve finds the model's context window in the sources of
//     the reference pages, in order (NODECODE_CONTEXT_TOKENS, config.jsonc,
//     the overrides in the running image, the models.dev cache), and
//     Effective bounds it by the lowest recorded ceiling;
//   - token counts: Estimate, the documented cheap estimate of a message;
//   - the policy: Decide says, for one model request, whether to warn, and
//     where the eviction boundary moves and which running-turn rounds are
//     shed; ManualEvict and EvictThrough do the same for /evict;
//   - the texts: WholeStub and TurnStub (byte-exact to the reference
//     pages), Warning, and Bar and Report for /context.
//
// The package is pure: it imports no other nodelisp package and touches no
// store. The session host reads the log, hands this package plain figures
// (Turn, Round, Span, Usage) and appends the warning, eviction and
// context-edit events these decisions call for. docs/eviction.md is the
// user-facing account of the same rules.
package evict
