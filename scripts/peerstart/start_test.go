package peerstart

import (
	"testing"

	"github.com/d5/tengo/v2"
	"github.com/d5/tengo/v2/stdlib"
	"github.com/dop251/goja"
	lua "github.com/yuin/gopher-lua"
	"go.starlark.net/starlark"
)

func BenchmarkLua(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		L := lua.NewState()
		if err := L.DoString("local x = 1 + 2"); err != nil {
			b.Fatal(err)
		}
		L.Close()
	}
}

func BenchmarkStarlark(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		th := &starlark.Thread{}
		if _, err := starlark.ExecFile(th, "start.star", "x = 1 + 2\n", nil); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkGoja(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		vm := goja.New()
		if _, err := vm.RunString("1 + 2"); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkTengo(b *testing.B) {
	b.ReportAllocs()
	mods := stdlib.GetModuleMap("fmt")
	for b.Loop() {
		s := tengo.NewScript([]byte("x := 1 + 2"))
		s.SetImports(mods)
		if _, err := s.Run(); err != nil {
			b.Fatal(err)
		}
	}
}
