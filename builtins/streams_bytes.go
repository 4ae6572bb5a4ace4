package builtins

import (
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/unpack"
)

// Binary streams and the file functions an image has before a host gives
// it files. read-byte and write-byte work on streams of (unsigned-byte 8),
// which only a host's open makes (:element-type '(unsigned-byte 8)). A
// bare image (no session: nodelisp -e, the ANSI harness) has no working
// directory, so open signals a file-error that says so; a session
// replaces it with its own, confined to its directory.

func registerStreamsBytes() {
	defun("open", "(filespec &key direction element-type if-exists if-does-not-exist external-format)", "Open a file as a stream; only a session, which has a working directory, can (here it signals a file-error).", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		unpack.Args("open", a[1:], "&key", "direction", nil, "element-type", nil, "if-exists", nil, "if-does-not-exist", nil, "external-format", nil)
		lisp.Signal(&lisp.Condition{Class: lisp.ClassFileError, Name: a[0],
			Message: "open: " + lisp.Prin1ToString(a[0]) + ": file access needs a session's working directory (this image has none)"})
		return nil
	})
	defun("file-length", "(stream)", "The length of the file a file stream reads or writes, in its elements (bytes); 0 for an empty broadcast stream.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		return fileLength(t, a[0], 0)
	})
	defun("read-byte", "(stream &optional eof-error-p eof-value)", "Read the next byte of a binary input stream (of (unsigned-byte 8)).", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		in := byteInput(t, "read-byte", a[0], 0)
		if b, ok := in.NextByte(); ok {
			return lisp.MakeInt(int64(b))
		}
		return inEOF("read-byte", a, 1)
	})
	defun("write-byte", "(byte stream)", "Write BYTE, an integer from 0 to 255, to a binary output stream; return it.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		writeByte(t, octetArg("write-byte", a[0]), a[1], 0)
		return a[0]
	})
}

// octetArg reads an (unsigned-byte 8).
func octetArg(op string, v lisp.Value) byte {
	n, ok := v.(lisp.Fixnum)
	if !ok || n < 0 || n > 255 {
		lisp.TypeError(op, v, "an (unsigned-byte 8)")
	}
	return byte(n)
}

// byteInput is the binary input stream a stream designator reads bytes
// from.
func byteInput(t *eval.Thread, op string, v lisp.Value, depth int) *lisp.InputStream {
	switch s := v.(type) {
	case *lisp.InputStream:
		if s.Closed {
			lisp.SignalClass(lisp.ClassStreamError, "%s: the stream is closed", op)
		}
		if s.Binary {
			return s
		}
	case *lisp.CompositeStream:
		if s.Closed {
			lisp.SignalClass(lisp.ClassStreamError, "%s: the stream is closed", op)
		}
		switch s.Kind {
		case lisp.Synonym:
			return byteInput(t, op, synonymTarget(t, op, s, depth), depth+1)
		case lisp.TwoWay:
			return byteInput(t, op, s.Parts[0], depth+1)
		}
	}
	lisp.TypeError(op, v, "a binary input stream (of (unsigned-byte 8))")
	return nil
}

// writeByte writes b to the binary output stream v designates.
func writeByte(t *eval.Thread, b byte, v lisp.Value, depth int) {
	switch s := v.(type) {
	case *lisp.Stream:
		if s.Binary {
			s.WriteString(string([]byte{b}))
			return
		}
	case *lisp.CompositeStream:
		if s.Closed {
			lisp.SignalClass(lisp.ClassStreamError, "write-byte: the stream is closed")
		}
		switch s.Kind {
		case lisp.Broadcast:
			for _, p := range s.Parts {
				writeByte(t, b, p, depth+1)
			}
			return
		case lisp.Synonym:
			writeByte(t, b, synonymTarget(t, "write-byte", s, depth), depth+1)
			return
		case lisp.TwoWay, lisp.Echo:
			writeByte(t, b, s.Parts[1], depth+1)
			return
		}
	}
	lisp.TypeError("write-byte", v, "a binary output stream (of (unsigned-byte 8))")
}

// fileLength is file-length of what is not a host's output file stream
// (the host's file-length answers for those).
func fileLength(t *eval.Thread, v lisp.Value, depth int) lisp.Value {
	switch s := v.(type) {
	case *lisp.InputStream:
		if s.File != "" {
			return lisp.MakeInt(int64(s.End - s.Start))
		}
	case *lisp.CompositeStream:
		switch s.Kind {
		case lisp.Broadcast:
			if len(s.Parts) == 0 {
				return lisp.MakeInt(0)
			}
			return fileLength(t, s.Parts[len(s.Parts)-1], depth+1)
		case lisp.Synonym:
			return fileLength(t, synonymTarget(t, "file-length", s, depth), depth+1)
		}
	}
	lisp.TypeError("file-length", v, "a file stream")
	return nil
}
