// Package lang makes the text players read, in their language (issue 13). It holds the message
// catalogues — the edge's own (messages/*.yaml: commands, reminders, errors, image captions) and
// each registered game's (rules.Game.Messages) — in one go-i18n bundle, and turns language-neutral
// rules text (rules.Msg markup, seat and component references) into English or French.
//
// Languages: English (the fallback) and French. A Discord locale ("fr", "en-US", "en-GB", "de")
// is matched to the nearest catalogue language; anything else reads English.
//
// Catalogue files are go-i18n YAML, named "<prefix>.<lang>.yaml" ("borneo.fr.yaml") or
// "<prefix>_<part>.<lang>.yaml" when one prefix has several files ("commands_lobby.en.yaml"); each message
// is a text/template string using its arguments by name ("{{.Seat}} ships {{.Card}}."), or a map of
// plural forms ("one", "other") chosen by the argument "Count". Every id starts with its
// catalogue's prefix and a dot.
package lang

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/nicksnyder/go-i18n/v2/i18n"
	"go.yaml.in/yaml/v2"
	"golang.org/x/text/language"

	"spicebot/rules"
)

// Languages are the catalogue languages, the fallback first.
var Languages = []string{"en", "fr"}

// Catalog is every message catalogue in one bundle: the edge's and each game's. It is immutable
// once built and safe for concurrent use.
type Catalog struct {
	bundle *i18n.Bundle
	// ids holds, per language, every message id and its argument names (from the templates).
	ids   map[string]map[string][]string
	mu    sync.Mutex
	local map[string]*Localizer
}

// New returns the catalogue of the edge's messages and those of games. It returns an error when a
// file does not parse, is not named "<prefix>.<lang>.yaml" with a known language, or holds an id
// that does not start with its prefix, or when two files define one id.
func New(games ...rules.Game) (*Catalog, error) {
	c := &Catalog{
		bundle: i18n.NewBundle(language.English),
		ids:    map[string]map[string][]string{},
		local:  map[string]*Localizer{},
	}
	c.bundle.RegisterUnmarshalFunc("yaml", yaml.Unmarshal)
	if err := c.load(edge, "messages"); err != nil {
		return nil, err
	}
	for _, g := range games {
		if err := c.load(g.Messages(), "messages"); err != nil {
			return nil, fmt.Errorf("lang: game %s: %w", g.ID(), err)
		}
	}
	return c, nil
}

// MustNew is New for tests and start-up with the built-in games; it panics on an error (a
// malformed embedded catalogue is a programming error).
func MustNew(games ...rules.Game) *Catalog {
	c, err := New(games...)
	if err != nil {
		panic(err)
	}
	return c
}

// load parses every "<prefix>.<lang>.yaml" file of dir in fsys.
func (c *Catalog) load(fsys fs.FS, dir string) error {
	if fsys == nil {
		return nil
	}
	files, err := fs.Glob(fsys, path.Join(dir, "*.yaml"))
	if err != nil {
		return fmt.Errorf("lang: list catalogues: %w", err)
	}
	for _, f := range files {
		base := path.Base(f)
		parts := strings.Split(base, ".")
		if len(parts) != 3 || !known(parts[1]) {
			return fmt.Errorf("lang: catalogue %s is not named <prefix>.<en|fr>.yaml", base)
		}
		prefix, tag := parts[0], parts[1]
		if i := strings.IndexByte(prefix, '_'); i > 0 {
			prefix = prefix[:i] // "commands_lobby.en.yaml": one of several files of prefix "commands"
		}
		buf, err := fs.ReadFile(fsys, f)
		if err != nil {
			return fmt.Errorf("lang: read %s: %w", base, err)
		}
		mf, err := c.bundle.ParseMessageFileBytes(buf, base)
		if err != nil {
			return fmt.Errorf("lang: parse %s: %w", base, err)
		}
		if c.ids[tag] == nil {
			c.ids[tag] = map[string][]string{}
		}
		for _, m := range mf.Messages {
			if !strings.HasPrefix(m.ID, prefix+".") {
				return fmt.Errorf("lang: %s: id %q does not start with %q", base, m.ID, prefix+".")
			}
			if _, dup := c.ids[tag][m.ID]; dup {
				return fmt.Errorf("lang: %s: id %q is defined twice", base, m.ID)
			}
			c.ids[tag][m.ID] = templateArgs(m)
		}
	}
	return nil
}

func known(tag string) bool {
	for _, l := range Languages {
		if l == tag {
			return true
		}
	}
	return false
}

// templateArgs returns the argument names a message's templates use ("{{.Card}}" → "Card"), in
// every plural form, sorted; "Count" is included when the message has plural forms.
func templateArgs(m *i18n.Message) []string {
	set := map[string]bool{}
	forms := []string{m.Zero, m.One, m.Two, m.Few, m.Many, m.Other}
	plural := 0
	for _, f := range forms {
		if f != "" {
			plural++
		}
		for _, a := range argNames(f) {
			set[a] = true
		}
	}
	if plural > 1 || m.One != "" {
		set["Count"] = true
	}
	out := make([]string, 0, len(set))
	for a := range set {
		out = append(out, a)
	}
	sort.Strings(out)
	return out
}

// argNames finds the ".Name" fields used in a template string.
func argNames(tpl string) []string {
	var out []string
	for {
		i := strings.Index(tpl, "{{")
		if i < 0 {
			return out
		}
		j := strings.Index(tpl[i:], "}}")
		if j < 0 {
			return out
		}
		action := tpl[i+2 : i+j]
		for k := 0; k < len(action); k++ {
			if action[k] == '.' && (k == 0 || !isIdent(action[k-1])) {
				e := k + 1
				for e < len(action) && isIdent(action[e]) {
					e++
				}
				if e > k+1 {
					out = append(out, action[k+1:e])
				}
				k = e - 1
			}
		}
		tpl = tpl[i+j+2:]
	}
}

func isIdent(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// IDs returns every message id of lang ("en" or "fr") with the argument names its templates use,
// for the catalogue tests.
func (c *Catalog) IDs(lang string) map[string][]string {
	out := make(map[string][]string, len(c.ids[lang]))
	for id, a := range c.ids[lang] {
		out[id] = a
	}
	return out
}

// Match returns the catalogue language for a Discord locale ("fr" for "fr", "en" for "en-US",
// "de" or ""): the language Discord's client is set to, when there is a catalogue for it.
func Match(locale string) string {
	l := strings.ToLower(strings.TrimSpace(locale))
	for _, tag := range Languages {
		if l == tag || strings.HasPrefix(l, tag+"-") || strings.HasPrefix(l, tag+"_") {
			return tag
		}
	}
	return Languages[0]
}

// For returns the localizer for a Discord locale or catalogue language (see Match).
func (c *Catalog) For(locale string) *Localizer {
	tag := Match(locale)
	c.mu.Lock()
	defer c.mu.Unlock()
	if l, ok := c.local[tag]; ok {
		return l
	}
	l := &Localizer{c: c, lang: tag, loc: i18n.NewLocalizer(c.bundle, tag, Languages[0])}
	c.local[tag] = l
	return l
}

// Localizer makes text in one language. Safe for concurrent use.
type Localizer struct {
	c    *Catalog
	lang string
	loc  *i18n.Localizer

	// done remembers the text of messages already made (by id and arguments): a game's log
	// lines, labels and card words come back again and again, and running a template costs
	// far more than a map look-up. It is emptied when it holds cacheSize texts.
	mu   sync.RWMutex
	done map[string]string
}

// cacheSize bounds a Localizer's cache of made texts (a few MB at most).
const cacheSize = 1 << 15

// Lang returns the localizer's catalogue language ("en" or "fr").
func (l *Localizer) Lang() string { return l.lang }

// Translate returns the text of message id with args in the localizer's language, falling back to
// English when the language lacks it. The argument "Count", an integer, chooses the plural form.
// An id missing from every catalogue gives the id itself in brackets, so that a missing message is
// visible (the catalogue tests find them first). It is a rules.Translator.
func (l *Localizer) Translate(id string, args map[string]string) string {
	key := cacheKey(id, args)
	l.mu.RLock()
	s, ok := l.done[key]
	l.mu.RUnlock()
	if ok {
		return s
	}
	s = l.translate(id, args)
	l.mu.Lock()
	if l.done == nil || len(l.done) >= cacheSize {
		l.done = make(map[string]string)
	}
	l.done[key] = s
	l.mu.Unlock()
	return s
}

// cacheKey is a message's id and arguments as one string (names sorted).
func cacheKey(id string, args map[string]string) string {
	if len(args) == 0 {
		return id
	}
	names := make([]string, 0, len(args))
	n := len(id)
	for k, v := range args {
		names = append(names, k)
		n += len(k) + len(v) + 2
	}
	sort.Strings(names)
	var b strings.Builder
	b.Grow(n)
	b.WriteString(id)
	for _, k := range names {
		b.WriteByte(0)
		b.WriteString(k)
		b.WriteByte(1)
		b.WriteString(args[k])
	}
	return b.String()
}

// translate is Translate without the cache.
func (l *Localizer) translate(id string, args map[string]string) string {
	cfg := &i18n.LocalizeConfig{MessageID: id, TemplateData: args}
	if n, ok := args["Count"]; ok {
		if v, err := strconv.Atoi(strings.TrimSpace(n)); err == nil {
			cfg.PluralCount = v
		}
	}
	s, err := l.loc.Localize(cfg)
	if err != nil {
		var nf *i18n.MessageNotFoundErr
		if errors.As(err, &nf) && s != "" {
			return s // the English fallback
		}
		if s == "" {
			return "[" + id + "]"
		}
	}
	return s
}

// Text translates the message markup in rules text (rules.Msg), leaving seat and component
// references as they are.
func (l *Localizer) Text(text string) string { return l.finish(rules.Translate(text, l.Translate)) }

// finish applies the language's rules of writing that depend on the words put in: French
// elision (elide).
func (l *Localizer) finish(text string) string {
	if l.lang == "fr" {
		return elide(text)
	}
	return text
}

// T is the text of message id with arguments given as name, value pairs (as rules.Msg).
func (l *Localizer) T(id string, args ...any) string { return l.Text(rules.Msg(id, args...)) }

// Expand makes rules text readable: messages translated, seat references replaced by seat(n) and
// component references by term(id) translated (rules.Expand). A nil seat or term leaves those
// references as they are.
func (l *Localizer) Expand(text string, seat func(rules.Seat) string, term func(string) string) string {
	return l.finish(rules.Expand(text, seat, term, l.Translate))
}
