package format

import (
	"strings"
	"unicode/utf8"
)

// justify is ~mincol,colinc,minpad,padchar<seg~;seg~;…~>: the segments,
// each formatted on its own, are spread over a field of at least mincol
// columns (widened by colinc steps until every gap gets minpad), the
// padding split as evenly as possible with the odd columns going to the
// later gaps, as SBCL does. The colon pads before the first segment, the
// at sign after the last; a single segment with neither is right
// justified. A ~^ ends the segments, dropping the one it was met in. A
// first clause ended by ~n,width:; is printed before the field only when
// the field would pass column width-n.
func (st *state) justify(d *directive) escape {
	mincol, colinc, minpad, pad := st.fieldParams(d)
	var segments []string
	result := done
	for _, clause := range d.clauses {
		var sb strings.Builder
		sub := *st
		sub.out = &output{b: &sb, base: st.out.column(), opts: st.out.opts, hasOpts: st.out.hasOpts}
		e := sub.run(clause)
		st.pos = sub.pos
		if e != done {
			if e == upAndOut {
				result = e
			}
			break
		}
		segments = append(segments, sb.String())
	}
	var overflow string
	hasOverflow := d.overflow != nil
	if hasOverflow && len(segments) > 0 {
		overflow, segments = segments[0], segments[1:]
	}
	gaps := len(segments) - 1
	if gaps < 0 {
		gaps = 0
	}
	before, after := d.colon, d.at
	if len(segments) == 1 && !before && !after {
		before = true
	}
	if before {
		gaps++
	}
	if after {
		gaps++
	}
	text := 0
	for _, s := range segments {
		text += utf8.RuneCountInString(s)
	}
	width := mincol
	for width < text+gaps*minpad {
		width += colinc
	}
	if hasOverflow && overflow != "" {
		od := &directive{params: d.overflow, pos: d.pos}
		spare := st.width(od, 0, 0)
		lineWidth := st.width(od, 1, 72)
		if st.out.column()+width+spare > lineWidth {
			st.out.b.WriteString(overflow)
		}
	}
	total := width - text
	padding := func(i int) string {
		n := total / gaps
		if i >= gaps-total%gaps {
			n++
		}
		return strings.Repeat(string(pad), n)
	}
	b := st.out.b
	gap := 0
	if gaps == 0 {
		for _, s := range segments {
			b.WriteString(s)
		}
		return result
	}
	if before {
		b.WriteString(padding(gap))
		gap++
	}
	for i, s := range segments {
		b.WriteString(s)
		if i < len(segments)-1 {
			b.WriteString(padding(gap))
			gap++
		}
	}
	if after {
		b.WriteString(padding(gap))
	}
	return result
}
