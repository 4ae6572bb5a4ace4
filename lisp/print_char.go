package lisp

import (
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/runenames"
)

// Printing characters. prin1 writes #\ and then the character itself when
// it is a graphic ASCII character or the space, and its name otherwise,
// as SBCL does: #\a, #\ , #\Newline, #\LATIN_SMALL_LETTER_E_WITH_ACUTE.

func (p *printer) char(c Char) {
	if !p.escape {
		p.b.WriteRune(rune(c))
		return
	}
	p.b.WriteString(`#\`)
	if p.o.Readably {
		// SBCL names every character under *print-readably*: #\Space,
		// #\LATIN_SMALL_LETTER_A.
		p.b.WriteString(CharName(c, false))
		return
	}
	if c == ' ' {
		// SBCL prints the space as itself, though its name is Space.
		p.b.WriteByte(' ')
		return
	}
	p.b.WriteString(CharName(c, true))
}

// CharName returns SBCL's name for c: the ASCII control names (Nul, Tab,
// Newline, Rubout, …), the names SBCL gives the C1 controls, the Unicode
// name with spaces as underscores, or U and the hex code for characters
// without a name. For graphic ASCII characters it returns the character
// itself when bare is true and the Unicode name otherwise (char-name).
func CharName(c Char, bare bool) string {
	r := rune(c)
	switch {
	case r < 0 || r > unicode.MaxRune:
		return "U" + strings.ToUpper(strconv.FormatUint(uint64(uint32(r)), 16))
	case r < 33:
		return asciiControlNames[r]
	case r == 127:
		return "Rubout"
	case r > 32 && r < 127:
		if bare {
			return string(r)
		}
	case r >= 128 && r < 160:
		return c1ControlNames[r-128]
	case r >= 0xAC00 && r <= 0xD7A3:
		return hangulSyllableName(r)
	}
	name := runenames.Name(r)
	if name == "" || strings.HasPrefix(name, "<") {
		return "U" + strings.ToUpper(strconv.FormatInt(int64(r), 16))
	}
	return strings.ReplaceAll(name, " ", "_")
}

var asciiControlNames = [33]string{
	"Nul", "Soh", "Stx", "Etx", "Eot", "Enq", "Ack", "Bel", "Backspace", "Tab",
	"Newline", "Vt", "Page", "Return", "So", "Si", "Dle", "Dc1", "Dc2", "Dc3",
	"Dc4", "Nak", "Syn", "Etb", "Can", "Em", "Sub", "Esc", "Fs", "Gs", "Rs", "Us",
	"Space",
}

var c1ControlNames = [32]string{
	"C80", "C81", "Break-Permitted", "No-Break-Permitted", "C84", "Next-Line",
	"Start-Selected-Area", "End-Selected-Area", "Character-Tabulation-Set",
	"Character-Tabulation-With-Justification", "Line-Tabulation-Set",
	"Partial-Line-Forward", "Partial-Line-Backward", "Reverse-Linefeed",
	"Single-Shift-Two", "Single-Shift-Three", "Device-Control-String",
	"Private-Use-One", "Private-Use-Two", "Set-Transmit-State", "Cancel-Character",
	"Message-Waiting", "Start-Guarded-Area", "End-Guarded-Area", "Start-String",
	"C99", "Single-Character-Introducer", "Control-Sequence-Introducer",
	"String-Terminator", "Operating-System-Command", "Privacy-Message",
	"Application-Program-Command",
}

// Hangul syllable names are made, not listed: the Unicode standard composes
// them from the short names of their leading consonant, vowel and trailing
// consonant (section 3.12).
var (
	hangulLeads  = [...]string{"G", "GG", "N", "D", "DD", "R", "M", "B", "BB", "S", "SS", "", "J", "JJ", "C", "K", "T", "P", "H"}
	hangulVowels = [...]string{"A", "AE", "YA", "YAE", "EO", "E", "YEO", "YE", "O", "WA", "WAE", "OE", "YO", "U", "WEO", "WE", "WI", "YU", "EU", "YI", "I"}
	hangulTails  = [...]string{"", "G", "GG", "GS", "N", "NJ", "NH", "D", "L", "LG", "LM", "LB", "LS", "LT", "LP", "LH", "M", "B", "BS", "S", "SS", "NG", "J", "C", "K", "T", "P", "H"}
)

func hangulSyllableName(r rune) string {
	i := int(r - 0xAC00)
	return "HANGUL_SYLLABLE_" + hangulLeads[i/(21*28)] + hangulVowels[i%(21*28)/28] + hangulTails[i%28]
}
