package eval

import (
	"fmt"
	"strconv"
	"strings"
)

// ParseMemory reads a memory cap as a person writes it: a count of bytes
// ("268435456") or a number with a unit, binary or decimal ("256MiB",
// "256M", "1.5GiB", "512 KiB"). Units of one letter (K, M, G) are binary,
// as in most tools that take memory sizes.
func ParseMemory(s string) (int64, error) {
	text := strings.TrimSpace(s)
	num := strings.TrimRight(text, "KMGTiBkmgtb ")
	unit := strings.ToLower(strings.TrimSpace(text[len(num):]))
	mult, ok := map[string]float64{
		"": 1, "b": 1,
		"k": 1 << 10, "kib": 1 << 10, "kb": 1e3,
		"m": 1 << 20, "mib": 1 << 20, "mb": 1e6,
		"g": 1 << 30, "gib": 1 << 30, "gb": 1e9,
		"t": 1 << 40, "tib": 1 << 40, "tb": 1e12,
	}[unit]
	x, err := strconv.ParseFloat(num, 64)
	if !ok || err != nil || x <= 0 || x*mult >= 1<<62 {
		return 0, fmt.Errorf("memory size %q: want a positive number of bytes, optionally with a unit (KiB, MiB, GiB, or K, M, G)", s)
	}
	return int64(x * mult), nil
}
