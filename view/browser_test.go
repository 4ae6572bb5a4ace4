package view

import (
	"context"
	"fmt"
	"github.com/nodelisp/nodelisp/internal/testbin"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The browser tests drive a real headless Chromium (Debian's chromium)
// through chromedp. Without one they fail under CI and skip loudly
// elsewhere. Each test writes a screenshot of the pages it looks at to
// $NODELISP_SCREENSHOTS, else to a temporary directory it names.

// chromium finds the browser, or fails or skips the test.
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	const why = "no chromium on $PATH (apt-get install -y chromium): the view's browser tests need it"
	if !testbin.UnderCI() {
		fmt.Fprintln(os.Stderr, "SKIP "+t.Name()+": "+why) // loud: a skipped browser test is easy to miss
	}
	testbin.SkipOutsideCI(t, why)
	return ""
}

// browser starts a fresh headless Chromium for one test and returns a
// context for its first tab.
func browser(t *testing.T) context.Context {
	t.Helper()
	path := chromium(t)
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(path),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1280, 900),
	)
	ctx, cancelTab := chromedp.NewContext(alloc)
	ctx, cancelTime := context.WithTimeout(ctx, 2*time.Minute)
	t.Cleanup(func() { cancelTime(); cancelTab(); cancelAlloc() })
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("start chromium: %v", err)
	}
	return ctx
}

// screenshotDir is where screenshots go.
func screenshotDir(t *testing.T) string {
	t.Helper()
	if dir := os.Getenv("NODELISP_SCREENSHOTS"); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		return dir
	}
	dir, err := os.MkdirTemp("", "nodelisp-view-screens-")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// shoot saves a full-page screenshot of the tab as name.png.
func shoot(t *testing.T, ctx context.Context, dir, name string) {
	t.Helper()
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	path := filepath.Join(dir, name+".png")
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s", path)
}

// served serves the demo store in-process for one test.
func served(t *testing.T, d demo) string {
	t.Helper()
	srv := httptest.NewServer(Handler(d.st, d.options()))
	t.Cleanup(srv.Close)
	// The view answers only to loopback host names; httptest's 127.0.0.1
	// is one.
	return srv.URL
}

// open loads url in the tab and waits for its main content.
func open(t *testing.T, ctx context.Context, url string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Navigate(url), chromedp.WaitReady(chromedp.CSS("main"))); err != nil {
		t.Fatalf("open %s: %v", url, err)
	}
}

// eval runs js in the page and decodes its value into out.
func eval[T any](t *testing.T, ctx context.Context, js string, out *T) {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		t.Fatalf("evaluate %s: %v", strings.TrimSpace(js), err)
	}
	*out = v
}
