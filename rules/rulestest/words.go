package rulestest

import (
	"fmt"
	"strings"
	"sync"

	"spicebot/lang"
	"spicebot/rules"
)

// catalogues holds one lang.Catalog per game id: catalogues are immutable and costly to parse.
var catalogues sync.Map // game id → *lang.Catalog

func catalogue(g rules.Game) (*lang.Catalog, error) {
	if c, ok := catalogues.Load(g.ID()); ok {
		return c.(*lang.Catalog), nil
	}
	c, err := lang.New(g)
	if err != nil {
		return nil, err
	}
	catalogues.Store(g.ID(), c)
	return c, nil
}

// CheckWords checks that every text st offers a reader — status, each viewer's log and private
// summary, each legal move's label, prompts and options, the outcome, the rules summary and the
// variants — reads fully in every catalogue language (issue 13): no message markup left, no
// message missing from the catalogue ("[id]"), no template argument missing ("<no value>"), no
// component reference the game has no words for; and that a label stays within 100 characters
// and a path option within 80 in every language.
func CheckWords(g rules.Game, st rules.State) error {
	return checkWords(g, st, nil)
}

// checkWords is CheckWords that skips the texts in read (texts already found to read fully in
// every language: log lines come back at every check of a game) and adds those it checks; nil
// checks everything.
func checkWords(g rules.Game, st rules.State, read map[string]bool) error {
	c, err := catalogue(g)
	if err != nil {
		return err
	}
	seen := read
	if seen == nil {
		seen = map[string]bool{}
	}
	var logs []string // log lines checked in every language, remembered at the end
	for _, tag := range lang.Languages {
		loc := c.For(tag)
		bad := ""
		term := func(id string) string {
			t := g.Term(id)
			if t == "" {
				bad = id
			}
			return t
		}
		readText := func(where, text string) (string, error) {
			out := loc.Expand(text, func(s rules.Seat) string { return fmt.Sprintf("Player%d", s) }, term)
			switch {
			case bad != "":
				return out, fmt.Errorf("%s %s: no words for component %q in %q", tag, where, bad, text)
			case strings.Contains(out, rules.MsgOpen) || strings.Contains(out, rules.MsgClose):
				return out, fmt.Errorf("%s %s: message markup left in %q", tag, where, out)
			case strings.Contains(out, "<no value>"):
				return out, fmt.Errorf("%s %s: a template argument is missing in %q (from %q)", tag, where, out, text)
			}
			for _, m := range rules.Messages(text) {
				if strings.Contains(out, "["+m.ID+"]") {
					return out, fmt.Errorf("%s %s: message %q is not in the catalogue", tag, where, m.ID)
				}
			}
			return out, nil
		}
		check := func(where, text string) error {
			if seen[text] {
				return nil
			}
			_, err := readText(where, text)
			return err
		}
		if err := check("status", st.Status()); err != nil {
			return err
		}
		for v := rules.Observer; int(v) < st.Players(); v++ {
			for _, e := range st.Log(v) {
				if err := check(fmt.Sprintf("log of %d", v), e.Text); err != nil {
					return err
				}
				logs = append(logs, e.Text)
			}
			if err := check(fmt.Sprintf("private of %d", v), st.Private(v)); err != nil {
				return err
			}
			for _, m := range st.Legal(v) {
				ch := st.Describe(v, m)
				l, err := readText("label of "+m.String(), ch.Label)
				if err != nil {
					return err
				}
				if n := len([]rune(l)); n > 100 {
					return fmt.Errorf("%s label of %s is %d characters (over 100): %q", tag, m, n, l)
				}
				for i, step := range ch.Path {
					if err := check(fmt.Sprintf("prompt %d of %s", i, m), step.Prompt); err != nil {
						return err
					}
					o, err := readText(fmt.Sprintf("option %d of %s", i, m), step.Option)
					if err != nil {
						return err
					}
					if n := len([]rune(o)); n > 80 {
						return fmt.Errorf("%s option %d of %s is %d characters (over 80): %q", tag, i, m, n, o)
					}
				}
			}
		}
		if out, over := st.Outcome(); over {
			texts := append(append([]string{out.TieBreak}, out.Details...), out.Recap...)
			for _, t := range texts {
				if err := check("outcome", t); err != nil {
					return err
				}
			}
		}
		for _, tp := range g.Rules() {
			if err := check("rules topic "+tp.Key, tp.Title+"\n"+tp.Text); err != nil {
				return err
			}
			logs = append(logs, tp.Title+"\n"+tp.Text) // the same at every check
		}
		for _, o := range g.Options() {
			if err := check("option "+o.Key, o.Name+"\n"+o.Help); err != nil {
				return err
			}
			logs = append(logs, o.Name+"\n"+o.Help)
		}
	}
	if read != nil {
		for _, t := range logs {
			read[t] = true
		}
	}
	return nil
}
