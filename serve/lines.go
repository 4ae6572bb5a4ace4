package serve

import (
	"bufio"
	"bytes"
	"errors"
	"io"
)

// lineReader reads newline-delimited messages without ever holding more
// than max bytes of one: a longer line is reported and skipped, so one
// oversized message costs an error response, not the server.
type lineReader struct {
	r   *bufio.Reader
	max int
}

func newLineReader(r io.Reader, max int) *lineReader {
	return &lineReader{r: bufio.NewReaderSize(r, 64<<10), max: max}
}

// next returns the next line without its newline (and a final line without
// one). tooLong reports a line over the cap, whose bytes are dropped. err
// is io.EOF at the end of input.
func (lr *lineReader) next() (line []byte, tooLong bool, err error) {
	var buf []byte
	for {
		chunk, err := lr.r.ReadSlice('\n')
		if !tooLong {
			if len(buf)+len(chunk) > lr.max+1 {
				tooLong, buf = true, nil
			} else {
				buf = append(buf, chunk...)
			}
		}
		switch {
		case err == nil:
			return trimEOL(buf), tooLong, nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, io.EOF) && (len(buf) > 0 || tooLong):
			return trimEOL(buf), tooLong, nil
		default:
			return nil, false, err
		}
	}
}

func trimEOL(b []byte) []byte {
	b = bytes.TrimSuffix(b, []byte("\n"))
	return bytes.TrimSuffix(b, []byte("\r"))
}
