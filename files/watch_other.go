//go:build !linux

package files

import "errors"

// watcher is inotify on Linux (watch_linux.go); elsewhere every scan is a
// full walk.
type watcher struct{}

func newWatcher(string) *watcher { return nil }

func (*watcher) add(string) error { return errors.New("no change notification here") }

func (*watcher) forget(string) {}

var errOverflow = errors.New("the change queue overflowed")

func (*watcher) dirty() (map[string]bool, error) { return nil, errOverflow }

func (*watcher) close() {}
