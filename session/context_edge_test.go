package session_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/store"
)

// TestContextFileCutToItsFirstLine: a file cut to its first line reads as
// "delete every block", the running turn's input included. The new rule
// refuses an edit that would delete the running input, with a receipt
// saying so, and the window stays whole. (The system block, which cannot
// be deleted and would be refused for that, is kept: a session without a
// system prompt has none.)
func TestContextFileCutToItsFirstLine(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		c := newCx(t, st)
		text, nonce := c.export()
		first := text[:strings.IndexByte(text, '\n')+1]
		c.write(first + "[[m:" + nonce + " system system]]\nbe brief\n")
		w := c.send()
		wantIDs(t, w, c.all()...)
		wantReceipt(t, c.receipt(), "refused: deletes the running turn's input: message "+itoa(c.t3)+" is the input of the running turn")
		if n := len(c.edits()); n != 0 {
			t.Errorf("%d context edits recorded for a refused edit", n)
		}
	})
}

// TestContextCallCannotDropTheRunningInput: (context :drop N) naming the
// running turn's input is an error for the cell, and changes nothing.
func TestContextCallCannotDropTheRunningInput(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		c := newCx(t, st)
		got := c.lisp("(context :drop " + itoa(c.t3) + ")")
		if !strings.Contains(got, "message "+itoa(c.t3)+" is the running turn's input") {
			t.Errorf("dropping the running input: %q", got)
		}
		w := c.send()
		if !contains(ids(w), itoa(c.t3)) {
			t.Errorf("the running input left the window: %v", ids(w))
		}
	})
}

// TestContextPathIsADirectory: a directory where context.txt belongs
// wedged the session (every request failed). Now the request goes on, and
// the receipt says what is wrong, once.
func TestContextPathIsADirectory(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		c := newCx(t, st)
		c.export()
		if err := os.Remove(c.path()); err != nil {
			t.Fatal(err)
		}
		if err := os.Mkdir(c.path(), 0o755); err != nil {
			t.Fatal(err)
		}
		w := c.send()
		wantIDs(t, w, c.all()...)
		wantReceipt(t, c.receipt(), "refused: cannot be read: "+c.path()+" cannot be read", "is a directory")
		w = c.send() // and the next request is not refused again
		if receiptOf(w) != "" {
			t.Errorf("second request after the directory: receipt %q, want none", receiptOf(w))
		}
	})
}

// TestContextPendingDamaged: a corrupt context.pending.json silently
// dropped the pending edit. Now the request's receipt says so.
func TestContextPendingDamaged(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		c := newCx(t, st)
		text, nonce := c.export()
		c.replace(text, header(nonce, c.t1, "user")+"one\n", "")
		pending := filepath.Join(filepath.Dir(c.path()), "context.pending.json")
		if err := os.WriteFile(pending, []byte(`{"export": {"nonce": `), 0o644); err != nil {
			t.Fatal(err)
		}
		w := c.send()
		wantIDs(t, w, c.all()...)
		wantReceipt(t, receiptOf(w), "refused: cannot be read: context.pending.json, which remembers the pending export, is damaged", "so it is not taken")
		if c.receipt() != receiptOf(w) {
			t.Errorf("context.receipt.txt differs from the request's receipt")
		}
		// A fresh export and edit work again.
		text, nonce = c.export()
		c.replace(text, header(nonce, c.t1, "user")+"one\n", "")
		wantReceipt(t, receiptOf(c.send()), "taken as context edit seq")
	})
}
