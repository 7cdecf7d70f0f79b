package bot_test

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"

	"spicebot/bot"
)

// mountTmpfs mounts a tmpfs of size (e.g. "4m") on a new directory and unmounts it at the end of
// the test. It skips the test when the process may not mount (not root, no CAP_SYS_ADMIN).
func mountTmpfs(t *testing.T, size string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "small-disk")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size="+size, "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a tmpfs to fill (needs root): %v %s", err, out)
	}
	t.Cleanup(func() {
		if out, err := exec.Command("umount", "-l", dir).CombinedOutput(); err != nil {
			t.Errorf("umount %s: %v %s", dir, err, out)
		}
	})
	return dir
}

// fill writes a file in dir until the file system is full.
func fill(t *testing.T, dir string) string {
	t.Helper()
	name := filepath.Join(dir, "filler")
	f, err := os.Create(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	block := make([]byte, 64<<10)
	for {
		if _, err := f.Write(block); err != nil {
			if !errors.Is(err, syscall.ENOSPC) {
				t.Fatalf("fill: %v", err)
			}
			break
		}
	}
	if err := f.Sync(); err != nil && !errors.Is(err, syscall.ENOSPC) {
		t.Fatal(err)
	}
	return name
}

// TestReadyzFollowsTheDisk runs the bot with its SQLite database on a small tmpfs and probes
// /readyz and /livez as a container platform would: the disk fills up, then is freed, then
// fills again and is freed again. /readyz (and /healthz) answers 503 at the first probe after the
// disk fills and 200 at the first probe after it is freed; /livez answers 200 throughout (the
// process runs; a restart would mend nothing). A file system turning read-only cannot be made
// here (a tmpfs with the database open refuses to be remounted read-only): data's
// TestProbeWriteReadOnly covers a database that refuses writes.
func TestReadyzFollowsTheDisk(t *testing.T) {
	dir := mountTmpfs(t, "4m")
	h := newHarness(t, 1)
	h.stop()
	h.dbPath = filepath.Join(dir, "spicebot.db")
	h.start()
	ops := httptest.NewServer(h.bot.OpsHandler())
	defer ops.Close()
	probe := func(path string) (int, bot.Health) {
		t.Helper()
		resp, err := http.Get(ops.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var hl bot.Health
		_ = json.NewDecoder(resp.Body).Decode(&hl)
		return resp.StatusCode, hl
	}
	expect := func(when string, want int) {
		t.Helper()
		if code, hl := probe("/readyz"); code != want {
			t.Fatalf("%s: /readyz %d %+v, want %d", when, code, hl, want)
		} else {
			t.Logf("%s: /readyz %d %+v", when, code, hl)
		}
		if code, _ := probe("/healthz"); code != want {
			t.Fatalf("%s: /healthz %d, want %d (it is /readyz)", when, code, want)
		}
		if code, _ := probe("/livez"); code != http.StatusOK {
			t.Fatalf("%s: /livez %d", when, code)
		}
	}
	expect("at start", http.StatusOK)
	filler := fill(t, dir)
	expect("disk full", http.StatusServiceUnavailable)
	if err := os.Remove(filler); err != nil {
		t.Fatal(err)
	}
	expect("disk freed", http.StatusOK)
	// Filled again and freed again: the probe keeps telling the truth, not once.
	filler = fill(t, dir)
	expect("disk full again", http.StatusServiceUnavailable)
	if err := os.Remove(filler); err != nil {
		t.Fatal(err)
	}
	expect("disk freed again", http.StatusOK)
}
