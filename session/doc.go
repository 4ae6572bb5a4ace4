// Package session is the agent host: the one object an agent loop drives.
// A Session records the user's input and the model's answers in the log,
// evaluates the model's cells (recording each call and its result), moves
// head about the session tree (undo, redo, continue, rewind, fork), and
// builds the window to send with the next model request — always from the
// log, so a host can restart at any moment and rebuild the same window.
//
// The words are the reference pages': a turn opens with an input event and
// holds everything until the next input on its branch; a round is what is
// appended to the running turn between two requests; the running turn is
// head; every turn is a checkpoint.
package session
