package web

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// browser starts headless Chromium (the Debian package's /usr/bin/chromium, or one on PATH) and
// returns a chromedp context; the test is skipped, saying so, when there is none, and in -short.
func browser(t *testing.T) context.Context {
	t.Helper()
	if testing.Short() {
		t.Skip("browser tests are slow: skipped in -short mode")
	}
	path := "/usr/bin/chromium"
	if _, err := os.Stat(path); err != nil {
		p, err := exec.LookPath("chromium")
		if err != nil {
			t.Skip("no chromium binary found (apt-get install chromium): browser test skipped")
		}
		path = p
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(path), chromedp.NoSandbox,
		chromedp.Flag("headless", "new"), chromedp.WindowSize(1280, 900))
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancel)
	ctx, cancel2 := chromedp.NewContext(actx)
	t.Cleanup(cancel2)
	ctx, cancel3 := context.WithTimeout(ctx, 3*time.Minute)
	t.Cleanup(cancel3)
	if err := chromedp.Do(ctx); err != nil {
		t.Skipf("chromium does not start: %v", err)
	}
	return ctx
}

// wait polls a JavaScript condition until it is true, for at most 20 s.
func wait(ctx context.Context, expr string) error {
	_, err := chromedp.Run(ctx, chromedp.Poll[bool](expr, chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(20*time.Second)))
	return err
}

// eval evaluates a JavaScript expression.
func eval[T any](ctx context.Context, expr string) (T, error) {
	return chromedp.Run(ctx, chromedp.Evaluate[T](expr))
}

// TestBrowserLiveReplayAndPhone opens a game's page in Chromium while the game is played: each new
// board shows without a reload; the replay slider shows move 1, a middle move and the last (the
// arrow keys step too); at 360 px the page has no horizontal scroll. It saves screenshots of the
// page at both widths (in docs/ with SPICEBOT_WEB_SCREENSHOTS=1).
func TestBrowserLiveReplayAndPhone(t *testing.T) {
	ctx := browser(t)
	tb := newTable(t, "borneo", 4, 7)
	for i := 0; i < 3; i++ {
		tb.step()
	}
	url := tb.http.URL + "/g/" + tb.token
	if err := chromedp.Do(ctx, chromedp.Navigate(url), chromedp.WaitVisible("#replay")); err != nil {
		t.Fatal(err)
	}
	if err := wait(ctx, `document.getElementById("live").textContent.length > 0`); err != nil {
		t.Fatalf("the page does not listen for moves: %v", err)
	}
	if _, err := eval[bool](ctx, `window.notReloaded = true`); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 4; i++ {
		tb.step()
		v := tb.st.Version()
		want := fmt.Sprintf(`document.getElementById("board").getAttribute("src").endsWith("/board/%d.en.png") && document.getElementById("slider").max === "%d"`, v, v)
		if err := wait(ctx, want); err != nil {
			t.Fatalf("the page did not show move %d by itself: %v", v, err)
		}
		if same, err := eval[bool](ctx, `window.notReloaded === true`); err != nil || !same {
			t.Fatalf("the page was reloaded (%v)", err)
		}
	}
	last := tb.st.Version()
	set := func(v int) string {
		return fmt.Sprintf(`(() => { const s = document.getElementById("slider"); s.value = "%d"; s.dispatchEvent(new Event("input")); return true })()`, v)
	}
	shows := func(v int) string {
		return fmt.Sprintf(`document.getElementById("board").getAttribute("src").endsWith("/board/%d.en.png") && document.getElementById("board").complete && document.getElementById("board").naturalWidth > 0`, v)
	}
	for _, v := range []int{1, last / 2, last} {
		if _, err := eval[bool](ctx, set(v)); err != nil {
			t.Fatal(err)
		}
		if err := wait(ctx, shows(v)); err != nil {
			t.Fatalf("the slider does not show move %d: %v", v, err)
		}
		if alt, err := eval[string](ctx, `document.getElementById("board").alt`); err != nil || !strings.Contains(alt, fmt.Sprintf("move %d of", v)) {
			t.Fatalf("board %d alt text %q (%v)", v, alt, err)
		}
	}
	// The arrow keys step back and forth.
	if _, err := eval[bool](ctx, `document.dispatchEvent(new KeyboardEvent("keydown", {key: "ArrowLeft", bubbles: true})); true`); err != nil {
		t.Fatal(err)
	}
	if err := wait(ctx, shows(last-1)); err != nil {
		t.Fatalf("the left arrow does not step back: %v", err)
	}
	if _, err := eval[bool](ctx, `document.dispatchEvent(new KeyboardEvent("keydown", {key: "ArrowRight", bubbles: true})); true`); err != nil {
		t.Fatal(err)
	}
	if err := wait(ctx, shows(last)); err != nil {
		t.Fatalf("the right arrow does not step on: %v", err)
	}
	desktop, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	// A phone: 360 px wide, no horizontal scroll.
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(360, 740), chromedp.Navigate(url), chromedp.WaitVisible("#replay")); err != nil {
		t.Fatal(err)
	}
	if err := wait(ctx, shows(last)); err != nil {
		t.Fatal(err)
	}
	scroll, err1 := eval[int](ctx, `document.documentElement.scrollWidth`)
	client, err2 := eval[int](ctx, `document.documentElement.clientWidth`)
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	if client != 360 || scroll > client {
		t.Fatalf("at 360 px: scrollWidth %d, clientWidth %d: the page scrolls sideways", scroll, client)
	}
	phone, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir() // SPICEBOT_WEB_SCREENSHOTS=1 writes them to docs/ (committed, looked at)
	if os.Getenv("SPICEBOT_WEB_SCREENSHOTS") != "" {
		dir = filepath.Join("..", "docs")
	}
	for name, b := range map[string][]byte{"web-page-desktop.png": desktop, "web-page-phone.png": phone} {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
