package lisp

// MergePathnames is CLHS 19.2.3: each missing component comes from the
// defaults, a relative directory is appended to theirs (a :back removes
// the part before it), and the version comes from the defaults only when
// the name did too.
func MergePathnames(p, d *Pathname, defaultVersion Value) *Pathname {
	out := *p
	if out.Host == Value(Nil) && !out.Logical {
		out.Host, out.Logical = d.Host, d.Logical
	}
	if out.Device == Value(Nil) {
		out.Device = d.Device
	}
	out.Directory = mergeDirectories(p.Directory, d.Directory)
	if out.Name == Value(Nil) {
		out.Name = d.Name
		if out.Version == Value(Nil) {
			out.Version = d.Version
		}
	}
	if out.Type == Value(Nil) {
		out.Type = d.Type
	}
	if out.Version == Value(Nil) {
		out.Version = defaultVersion
	}
	return InternPathname(&out)
}

func mergeDirectories(dir, defaults Value) Value {
	parts, dparts := listItems(dir), listItems(defaults)
	switch {
	case len(parts) == 0:
		return defaults
	case parts[0] != Value(kwRelativePN) || len(dparts) == 0:
		return dir
	}
	merged := append(append([]Value{}, dparts...), parts[1:]...)
	var out []Value
	for _, part := range merged {
		if part == Value(kwBackPN) && len(out) > 1 {
			if _, ok := out[len(out)-1].(*String); ok {
				out = out[:len(out)-1]
				continue
			}
		}
		out = append(out, part)
	}
	return List(out...)
}
