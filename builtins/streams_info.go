package builtins

import (
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// What a stream is: its element type, external format and whether it is
// interactive, and file-string-length. A stream of characters holds
// CHARACTER; a host's binary file stream (UNSIGNED-BYTE 8). The composite
// streams answer for the streams they are made of, as CLHS's pages on
// each say (an empty broadcast stream has element type T, external
// format :DEFAULT and file-string-length 1).

var typeOctet = lisp.List(lisp.Sym("unsigned-byte"), lisp.MakeInt(8))

func registerStreamsInfo() {
	defun("stream-element-type", "(stream)", "The type of what STREAM reads or writes: CHARACTER, or (UNSIGNED-BYTE 8) for a binary file stream.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		return streamElementType(t, a[0], 0)
	})
	defun("stream-external-format", "(stream)", "The external format of STREAM: :UTF-8 for a file stream (every file is text in UTF-8), nil for a string stream.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		return streamExternalFormat(t, a[0], 0)
	})
	defun("interactive-stream-p", "(stream)", "True if STREAM is interactive; no stream of a cell is (a cell does not wait for a person's input).", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		if !isStream(a[0]) {
			lisp.TypeError("interactive-stream-p", a[0], "a stream")
		}
		return lisp.Nil
	})
	defun("file-string-length", "(stream object)", "The number of file positions (bytes of UTF-8) writing OBJECT, a string or a character, to the file stream STREAM would take; nil for a stream that is no file's.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		var text string
		switch o := a[1].(type) {
		case lisp.Char:
			text = string(rune(o))
		case *lisp.String:
			text = o.S
		default:
			lisp.TypeError("file-string-length", a[1], "a string or a character")
		}
		return fileStringLength(t, a[0], text, 0)
	})
}

func streamElementType(t *eval.Thread, v lisp.Value, depth int) lisp.Value {
	switch s := v.(type) {
	case *lisp.InputStream:
		if s.Binary {
			return typeOctet
		}
		return lisp.Sym("character")
	case *lisp.Stream:
		if s.Binary {
			return typeOctet
		}
		return lisp.Sym("character")
	case *lisp.CompositeStream:
		switch s.Kind {
		case lisp.Broadcast:
			if len(s.Parts) == 0 {
				return lisp.T
			}
			return streamElementType(t, s.Parts[len(s.Parts)-1], depth+1)
		case lisp.Concatenated:
			if len(s.Parts) == 0 {
				return lisp.Nil
			}
			return streamElementType(t, s.Parts[0], depth+1)
		case lisp.Synonym:
			return streamElementType(t, synonymTarget(t, "stream-element-type", s, depth), depth+1)
		}
		in := streamElementType(t, s.Parts[0], depth+1)
		out := streamElementType(t, s.Parts[1], depth+1)
		if lisp.Equal(in, out) {
			return in
		}
		return lisp.List(lisp.Sym("and"), in, out)
	}
	lisp.TypeError("stream-element-type", v, "a stream")
	return nil
}

func streamExternalFormat(t *eval.Thread, v lisp.Value, depth int) lisp.Value {
	switch s := v.(type) {
	case *lisp.InputStream:
		if s.File != "" {
			return lisp.Sym(":utf-8")
		}
		return lisp.Nil
	case *lisp.Stream:
		if s.File != "" {
			return lisp.Sym(":utf-8")
		}
		return lisp.Nil
	case *lisp.CompositeStream:
		switch s.Kind {
		case lisp.Broadcast:
			if len(s.Parts) == 0 {
				return lisp.Sym(":default")
			}
			return streamExternalFormat(t, s.Parts[len(s.Parts)-1], depth+1)
		case lisp.Synonym:
			return streamExternalFormat(t, synonymTarget(t, "stream-external-format", s, depth), depth+1)
		}
		return lisp.Nil
	}
	lisp.TypeError("stream-external-format", v, "a stream")
	return nil
}

func fileStringLength(t *eval.Thread, v lisp.Value, text string, depth int) lisp.Value {
	switch s := v.(type) {
	case *lisp.Stream:
		if s.File == "" {
			return lisp.Nil
		}
		if s.Binary {
			lisp.TypeError("file-string-length", v, "a character file stream")
		}
		return lisp.MakeInt(int64(len(text)))
	case *lisp.CompositeStream:
		switch s.Kind {
		case lisp.Broadcast:
			if len(s.Parts) == 0 {
				return lisp.MakeInt(1)
			}
			return fileStringLength(t, s.Parts[len(s.Parts)-1], text, depth+1)
		case lisp.Synonym:
			return fileStringLength(t, synonymTarget(t, "file-string-length", s, depth), text, depth+1)
		case lisp.Echo, lisp.TwoWay:
			return fileStringLength(t, s.Parts[1], text, depth+1)
		}
	}
	lisp.TypeError("file-string-length", v, "an output stream")
	return nil
}
