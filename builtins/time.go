package builtins

import (
	"context"
	"errors"
	"math/big"
	"time"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// Time: universal time (seconds since 1900-01-01 00:00 UTC), its decoding
// and encoding, the internal real-time clock in microseconds (SBCL's
// internal-time-units-per-second), and sleep, which the cell's
// cancellation and timeout cut short.

// unixEpoch is the Unix epoch in universal time.
const unixEpoch = 2208988800

func registerTime() {
	defun("get-universal-time", "()", "The current time as a universal time (seconds since 1900).", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		return lisp.MakeInt(time.Now().Unix() + unixEpoch)
	})
	defun("decode-universal-time", "(universal-time &optional time-zone)", "Return second, minute, hour, date, month, year, day of week (0 is Monday), daylight-saving-p and time zone (hours west of Greenwich).", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		ut := intArg("decode-universal-time", a[0])
		var tm time.Time
		var dst bool
		var tz lisp.Value
		if len(a) > 1 {
			west := timeZoneSeconds("decode-universal-time", a[1])
			tm = time.Unix(int64(ut)-unixEpoch, 0).In(time.FixedZone("", -west))
			tz = a[1]
		} else {
			tm = time.Unix(int64(ut)-unixEpoch, 0).Local()
			dst = tm.IsDST()
			_, off := tm.Zone()
			if dst {
				off -= 3600
			}
			tz = lisp.NormRat(big.NewRat(int64(-off), 3600))
		}
		return t.Values(lisp.MakeInt(int64(tm.Second())), lisp.MakeInt(int64(tm.Minute())), lisp.MakeInt(int64(tm.Hour())),
			lisp.MakeInt(int64(tm.Day())), lisp.MakeInt(int64(tm.Month())), lisp.MakeInt(int64(tm.Year())),
			lisp.MakeInt(int64((tm.Weekday()+6)%7)), lisp.Bool(dst), tz)
	})
	defun("get-decoded-time", "()", "The current time decoded, as decode-universal-time returns it.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		return t.Call(lisp.Sym("decode-universal-time"), lisp.MakeInt(time.Now().Unix()+unixEpoch))
	})
	defun("encode-universal-time", "(second minute hour date month year &optional time-zone)", "The universal time of a decoded time, in the local zone or the given one (hours west of Greenwich).", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		const op = "encode-universal-time"
		f := make([]int, 6)
		for i := range f {
			f[i] = intArg(op, a[i])
		}
		year := f[5]
		if year >= 0 && year < 100 {
			// A two-digit year is the one within 50 years of now.
			now := time.Now().Year()
			year += now - now%100
			if year > now+50 {
				year -= 100
			} else if year <= now-50 {
				year += 100
			}
		}
		loc := time.Local
		if len(a) > 6 {
			loc = time.FixedZone("", -timeZoneSeconds(op, a[6]))
		}
		tm := time.Date(year, time.Month(f[4]), f[3], f[2], f[1], f[0], 0, loc)
		return lisp.MakeInt(tm.Unix() + unixEpoch)
	})
	defun("get-internal-real-time", "()", "Elapsed real time in internal time units (microseconds).", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		return lisp.MakeInt(time.Since(processStart).Microseconds())
	})
	defun("get-internal-run-time", "()", "Time used in internal time units (microseconds; real time here).", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		return lisp.MakeInt(time.Since(processStart).Microseconds())
	})
	defun("sleep", "(seconds)", "Wait for the number of seconds (cut short by the cell's cancellation or timeout); return nil.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		secs := lisp.ToFloat(realArg("sleep", a[0]))
		if secs < 0 {
			lisp.TypeError("sleep", a[0], "a non-negative real")
		}
		d := time.Duration(min(secs, 1e9) * float64(time.Second))
		timer := time.NewTimer(d)
		defer timer.Stop()
		select {
		case <-timer.C:
			return lisp.Nil
		case <-t.Context().Done():
			if errors.Is(t.Context().Err(), context.DeadlineExceeded) {
				lisp.SignalClass(lisp.ClassLimit, "evaluation timed out")
			}
			lisp.SignalClass(lisp.ClassLimit, "evaluation cancelled")
		}
		return lisp.Nil
	})
}

var processStart = time.Now()

// timeZoneSeconds reads a time zone (hours west of Greenwich, a rational
// multiple of 1/3600 from -24 to 24) as seconds west.
func timeZoneSeconds(op string, v lisp.Value) int {
	if r := lisp.ToRat(v); r != nil {
		s := new(big.Rat).Mul(r, big.NewRat(3600, 1))
		if s.IsInt() && s.Num().IsInt64() && s.Num().Int64() >= -24*3600 && s.Num().Int64() <= 24*3600 {
			return int(s.Num().Int64())
		}
	}
	lisp.TypeError(op, v, "a time zone (a rational number of hours from -24 to 24)")
	return 0
}

// realArg checks that v is a real number.
func realArg(op string, v lisp.Value) lisp.Value {
	switch v.(type) {
	case lisp.Fixnum, *big.Int, *big.Rat, lisp.Float:
		return v
	}
	lisp.TypeError(op, v, "a real number")
	return nil
}
