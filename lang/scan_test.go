package lang

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"spicebot/rules"
	"spicebot/rules/batavia"
	"spicebot/rules/borneo"
	"spicebot/rules/dei"
	"spicebot/rules/spicemerchant"
)

// The packages that write text a player reads (issue 13), relative to the module root.
var textPackages = []string{
	"rules", "rules/borneo", "rules/spicemerchant", "rules/batavia", "rules/dei",
	"render", "render/drawborneo", "render/drawspicemerchant", "render/drawbatavia", "render/drawdei",
	"commands", "pace", "bot", "web",
}

// use is one message id used in the code: a call Msg(id, name, value, …) or T(id, …).
type use struct {
	pos    string
	id     string // the id, or its literal prefix when dynamic is set
	prefix bool   // the id is a literal prefix + something computed
	args   []string
}

// parsePackage returns the non-test Go files of dir.
func parsePackage(t *testing.T, fset *token.FileSet, dir string) []*ast.File {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatalf("read %s: %v", dir, err)
	}
	var files []*ast.File
	for _, e := range entries {
		n := e.Name()
		if !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, n), nil, parser.ParseComments)
		if err != nil {
			t.Fatalf("parse %s: %v", n, err)
		}
		files = append(files, f)
	}
	return files
}

func callName(c *ast.CallExpr) string {
	switch f := c.Fun.(type) {
	case *ast.Ident:
		return f.Name
	case *ast.SelectorExpr:
		return f.Sel.Name
	}
	return ""
}

func literal(e ast.Expr) (string, bool) {
	if b, ok := e.(*ast.BasicLit); ok && b.Kind == token.STRING {
		s, err := strconv.Unquote(b.Value)
		return s, err == nil
	}
	return "", false
}

// uses finds every Msg and T call with a literal (or literal-prefixed) id.
func uses(fset *token.FileSet, files []*ast.File) []use {
	var out []use
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			c, ok := n.(*ast.CallExpr)
			if !ok || len(c.Args) == 0 {
				return true
			}
			if name := callName(c); name != "Msg" && name != "T" {
				return true
			}
			u := use{pos: fset.Position(c.Pos()).String()}
			if s, ok := literal(c.Args[0]); ok {
				u.id = s
			} else if b, ok := c.Args[0].(*ast.BinaryExpr); ok && b.Op == token.ADD {
				if s, ok := literal(b.X); ok {
					u.id, u.prefix = s, true
				}
			}
			if u.id == "" || !strings.Contains(u.id, ".") {
				return true
			}
			if c.Ellipsis != token.NoPos {
				u.args = nil // forwarded arguments: checked where they are built
			} else {
				for i := 1; i < len(c.Args); i += 2 {
					if s, ok := literal(c.Args[i]); ok {
						u.args = append(u.args, s)
					}
				}
			}
			out = append(out, u)
			return true
		})
	}
	return out
}

// TestMessageIDs: every message id the code uses exists in the English and the French catalogues,
// the two agree on its arguments, and the code passes every argument the templates use.
func TestMessageIDs(t *testing.T) {
	c := MustNew(borneo.Game, spicemerchant.Game, batavia.Game, dei.Game)
	en, fr := c.IDs("en"), c.IDs("fr")
	for id, a := range en {
		if b, ok := fr[id]; !ok {
			t.Errorf("%s is in the English catalogue but not the French", id)
		} else if strings.Join(a, ",") != strings.Join(b, ",") {
			t.Errorf("%s takes %v in English but %v in French", id, a, b)
		}
	}
	for id := range fr {
		if _, ok := en[id]; !ok {
			t.Errorf("%s is in the French catalogue but not the English", id)
		}
	}
	fset := token.NewFileSet()
	for _, pkg := range textPackages {
		for _, u := range uses(fset, parsePackage(t, fset, filepath.Join("..", pkg))) {
			if u.prefix {
				found := false
				for id := range en {
					if strings.HasPrefix(id, u.id) {
						found = true
					}
				}
				if !found {
					t.Errorf("%s: no message id starts with %q", u.pos, u.id)
				}
				continue
			}
			want, ok := en[u.id]
			if !ok {
				t.Errorf("%s: message %q is not in the catalogues", u.pos, u.id)
				continue
			}
			if u.args == nil && len(want) > 0 {
				continue // forwarded
			}
			have := map[string]bool{}
			for _, a := range u.args {
				have[a] = true
			}
			for _, a := range want {
				if !have[a] {
					t.Errorf("%s: message %q uses argument %s, which the code does not pass (passes %v)", u.pos, u.id, a, u.args)
				}
			}
		}
	}
}

// sentence matches a literal that reads as words: two words of letters, or one capitalised word
// ending a sentence.
var sentence = regexp.MustCompile(`[A-Za-zÀ-ÿ]{2,}[ '’][A-Za-zÀ-ÿ]{2,}|^[A-Z][a-z]+[.!?:]$`)

// notText lists the calls whose string arguments are not read by players: logs, errors for
// operators, panics, formatting verbs of internal errors, SQL, flags.
var notText = map[string]bool{
	"Errorf": true, "New": true, "Error": true, "Warn": true, "Info": true, "Debug": true, "Log": true,
	"Logf": true, "With": true, "Fatal": true, "Fatalf": true, "panic": true, "Msg": true, "T": true,
	"ExecContext": true, "QueryContext": true, "QueryRowContext": true, "Exec": true, "Query": true,
	"QueryRow": true, "Prepare": true, "String": true, "Duration": true, "Bool": true, "Int": true,
	"Int64": true, "Uint64": true, "Float64": true, "Var": true, "Func": true, "Group": true,
	"LogAttrs": true, "ErrorContext": true, "WarnContext": true, "InfoContext": true, "DebugContext": true,
	"Sprintf": false,
}

// readField are the struct fields (Discord's and the contract's) whose text players read: any
// literal with a letter given to one of them is flagged.
var readField = map[string]bool{
	"Label": true, "Placeholder": true, "Title": true, "Description": true, "Content": true,
	"Prompt": true, "Option": true, "Reason": true, "Text": true, "Help": true,
}

// TestNoLiteralText: the packages that write text hold no player-facing sentence outside the
// catalogues. A literal that is not for players (a log line, an operator's error, SQL, a file
// name, a component id) is either an argument of one of the calls in notText or carries a
// "lang:ok" comment on its line saying so.
func TestNoLiteralText(t *testing.T) {
	for _, pkg := range textPackages {
		t.Run(strings.ReplaceAll(pkg, "/", "_"), func(t *testing.T) {
			fset := token.NewFileSet()
			files := parsePackage(t, fset, filepath.Join("..", pkg))
			var found []string
			for _, f := range files {
				ok := map[int]bool{} // lines with a lang:ok comment
				for _, cg := range f.Comments {
					for _, cm := range cg.List {
						if strings.Contains(cm.Text, "lang:ok") {
							ok[fset.Position(cm.Pos()).Line] = true
						}
					}
				}
				skip := map[ast.Node]bool{}
				flag := map[ast.Node]bool{} // literals given to fields a player reads
				ast.Inspect(f, func(n ast.Node) bool {
					switch n := n.(type) {
					case *ast.ImportSpec, *ast.Field:
						return false // import paths, struct tags
					case *ast.KeyValueExpr:
						if k, isID := n.Key.(*ast.Ident); isID && readField[k.Name] {
							flag[n.Value] = true
						}
					case *ast.CallExpr:
						if notText[callName(n)] {
							for _, a := range n.Args {
								skip[a] = true
							}
						}
					case *ast.BasicLit:
						if n.Kind != token.STRING || skip[n] {
							return true
						}
						s, err := strconv.Unquote(n.Value)
						if err != nil || !(sentence.MatchString(s) || flag[n] && strings.IndexFunc(s, unicode.IsLetter) >= 0) {
							return true
						}
						line := fset.Position(n.Pos()).Line
						if ok[line] {
							return true
						}
						up := strings.ToUpper(strings.TrimSpace(s))
						for _, sql := range []string{"SELECT", "INSERT", "UPDATE", "DELETE", "CREATE", "WITH", "ALTER", "DROP"} {
							if strings.HasPrefix(up, sql) {
								return true
							}
						}
						found = append(found, fset.Position(n.Pos()).String()+": "+strconv.Quote(s))
					}
					return true
				})
			}
			sort.Strings(found)
			if len(found) > 0 {
				max := len(found)
				if max > 40 {
					max = 40
				}
				t.Errorf("%d player-facing literals bypass the catalogue (put them in a catalogue with rules.Msg, or mark a line that players never read with a lang:ok comment):\n%s", len(found), strings.Join(found[:max], "\n"))
			}
		})
	}
}

var _ = rules.Msg
