package view

import (
	"bufio"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// The real command: nodelisp hands `view` to nodelisp-host, which serves
// the store until interrupted.

var (
	buildOnce sync.Once
	binDir    string
	buildErr  error
)

// nodelisp builds the command once for the package's tests and returns
// the path of nodelisp.
func nodelisp(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		binDir, buildErr = os.MkdirTemp("", "nodelisp-view-bin-")
		if buildErr != nil {
			return
		}
		out, err := exec.Command("go", "build", "-o", binDir+string(filepath.Separator),
			"github.com/nodelisp/nodelisp/cmd/nodelisp").CombinedOutput()
		if err != nil {
			buildErr = err
			t.Logf("%s", out)
		}
	})
	if buildErr != nil {
		t.Fatalf("build nodelisp: %v", buildErr)
	}
	return filepath.Join(binDir, "nodelisp")
}

func TestMain(m *testing.M) {
	code := m.Run()
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}

// startView runs `nodelisp view` with args and returns the address it
// printed; the process is interrupted and waited for at cleanup.
func startView(t *testing.T, args ...string) string {
	t.Helper()
	home := t.TempDir()
	cmd := exec.Command(nodelisp(t), append([]string{"view"}, args...)...)
	cmd.Env = append(os.Environ(), "HOME="+home, "NODECODE_HOME="+home, "XDG_CONFIG_HOME="+home,
		"XDG_CACHE_HOME="+home, "NODECODE_CONTEXT_TOKENS="+demoBudget, "NODECODE_MODEL=", "NODECODE_DB=")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Signal(os.Interrupt)
		cmd.Wait()
	})
	lines := make(chan string, 8)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	select {
	case line, ok := <-lines:
		if !ok {
			t.Fatalf("nodelisp view printed nothing; stderr:\n%s", stderr.String())
		}
		_, url, found := strings.Cut(line, " at ")
		if !strings.HasPrefix(line, "nodelisp view: store ") || !found {
			t.Fatalf("first line %q", line)
		}
		go func() {
			for range lines {
			}
		}()
		return url
	case <-time.After(30 * time.Second):
		t.Fatalf("nodelisp view did not say where it listens; stderr:\n%s", stderr.String())
	}
	return ""
}

// noRedirects is a client that shows redirects instead of following them.
var noRedirects = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

func TestCommandServesTheStore(t *testing.T) {
	d := demoStore(t)
	url := startView(t, "--db", d.path, "--addr", "127.0.0.1:0")
	resp, err := http.Get(url + "s/demo/window")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(body), `id="part-used"`) {
		t.Fatalf("the window page: status %d\n%.400s", resp.StatusCode, body)
	}
	if !strings.Contains(string(body), "(NODECODE_CONTEXT_TOKENS)") {
		t.Errorf("the command did not take the budget from NODECODE_CONTEXT_TOKENS")
	}
	post, err := http.Post(url, "text/plain", strings.NewReader("x"))
	if err != nil {
		t.Fatal(err)
	}
	post.Body.Close()
	if post.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST: status %d, want 405", post.StatusCode)
	}
	req, _ := http.NewRequest("GET", url, nil)
	req.Host = "rebound.example"
	other, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	other.Body.Close()
	if other.StatusCode != http.StatusMisdirectedRequest {
		t.Errorf("a request for another host name: status %d, want 421", other.StatusCode)
	}

	// And a real browser, on the real command's pages.
	ctx := browser(t)
	open(t, ctx, url+"s/demo")
	var head int
	eval(t, ctx, `document.querySelectorAll("#tree li.turn.head").length`, &head)
	if head != 1 {
		t.Errorf("the real command's tree marks %d heads", head)
	}
}

func TestCommandRefusesAnOpenAddress(t *testing.T) {
	cmd := exec.Command(nodelisp(t), "view", "--db", filepath.Join(t.TempDir(), "x.db"), "--addr", "0.0.0.0:0")
	out, err := cmd.CombinedOutput()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 2 {
		t.Fatalf("exit %v, want status 2; output:\n%s", err, out)
	}
	if !strings.Contains(string(out), "not a loopback address; add --public") {
		t.Errorf("output:\n%s", out)
	}
}

func TestCommandPublicNeedsTheToken(t *testing.T) {
	d := demoStore(t)
	printed := startView(t, "--db", d.path, "--addr", "0.0.0.0:0", "--public")
	base, query, ok := strings.Cut(printed, "?")
	if !ok || !strings.HasPrefix(query, "token=") || len(query) < len("token=")+32 {
		t.Fatalf("printed %q: want the address with its token", printed)
	}
	resp, err := http.Get(base)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("without the token: status %d, want 401", resp.StatusCode)
	}
	wrong, err := http.Get(base + "?token=0123")
	if err != nil {
		t.Fatal(err)
	}
	wrong.Body.Close()
	if wrong.StatusCode != http.StatusForbidden {
		t.Errorf("a wrong token: status %d, want 403", wrong.StatusCode)
	}
	first, err := noRedirects.Get(printed)
	if err != nil {
		t.Fatal(err)
	}
	first.Body.Close()
	cookies := first.Cookies()
	if first.StatusCode != http.StatusSeeOther || len(cookies) != 1 {
		t.Fatalf("with the token: status %d, cookies %v; want 303 and the cookie", first.StatusCode, cookies)
	}
	req, _ := http.NewRequest("GET", base+"s/demo", nil)
	req.AddCookie(cookies[0])
	page, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	page.Body.Close()
	if page.StatusCode != 200 {
		t.Errorf("with the cookie: status %d, want 200", page.StatusCode)
	}
}
