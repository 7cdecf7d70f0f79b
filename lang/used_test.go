package lang

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// topID matches a catalogue line that defines a message: an id at the start of the line.
var topID = regexp.MustCompile(`(?m)^([a-z][A-Za-z0-9_.\-]*):`)

// TestEveryMessageUsed: every id of the bot's own catalogues (messages/, both languages) is used
// by the code — written whole as a Go string literal ("commands.replace.done") somewhere in the
// module outside tests, or built from a literal prefix that ends at a '.', '-' or '_' of the id
// ("commands.truth.order." + n, or a format "commands.ratings.place.%d"). A message nobody sends
// is a text nobody keeps true; delete it. (The games' catalogues name their ids from the game's
// id and are checked by their own packages.)
func TestEveryMessageUsed(t *testing.T) {
	var src strings.Builder
	err := filepath.WalkDir("..", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		b, err := os.ReadFile(path)
		src.Write(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	code := src.String()
	files, err := filepath.Glob(filepath.Join("messages", "*.yaml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no catalogue files: %v", err)
	}
	var unused []string
	seen := map[string]bool{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range topID.FindAllStringSubmatch(string(b), -1) {
			id := m[1]
			if seen[id] {
				continue
			}
			seen[id] = true
			if !used(code, id) {
				unused = append(unused, id+" ("+filepath.Base(f)+")")
			}
		}
	}
	sort.Strings(unused)
	for _, id := range unused {
		t.Errorf("message %s is in the catalogue but no code sends it", id)
	}
}

// used reports whether code writes id whole as a string literal, or a literal prefix of it that
// ends at a separator, followed by the closing quote or a formatting verb.
func used(code, id string) bool {
	if strings.Contains(code, `"`+id+`"`) {
		return true
	}
	for i := 0; i < len(id); i++ {
		if strings.ContainsRune(".-_", rune(id[i])) {
			p := `"` + id[:i+1]
			if strings.Contains(code, p+`"`) || strings.Contains(code, p+`%`) {
				return true
			}
		}
	}
	return false
}
