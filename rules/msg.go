package rules

import (
	"fmt"
	"sort"
	"strings"
)

// Language-neutral text (issue 13). Every sentence or word the rules engines produce for a
// player — log lines, statuses, move labels and prompts, reasons, results, rules summaries,
// component names that are words rather than proper nouns — is written with Msg: a message id of
// a catalogue and its named arguments, kept in the text as markup ("⟦borneo.log.ship|Card=[[S12]]⟧").
// The text is made at the edge, in the reader's language, by Expand with a Translator (package
// lang, go-i18n catalogues); so a log written once can be read in English by one player and in
// French by another, today or in a year. Text without markup (names, numbers) passes through.
//
// The markup: MsgOpen, the id, then for each argument "|Name=value", then MsgClose. An argument's
// value may itself hold markup, seat references and component references; the characters '|',
// '=', '\\', MsgOpen and MsgClose inside a value that are not part of nested markup are escaped
// with a backslash.

// MsgOpen and MsgClose delimit a message in rules text (see Msg).
const (
	MsgOpen  = "⟦"
	MsgClose = "⟧"
)

// Msg returns the markup of the message id with arguments given as name, value pairs:
// Msg("borneo.log.ship", "Seat", SeatRef(s), "Card", Ref("S12"), "Count", 3). Values are
// formatted with fmt.Sprint; a value may be other rules text (markup, SeatRef, Ref). The argument
// named "Count", when it is an integer, chooses the plural form. Ids are lower-case, dotted, and
// start with the catalogue's prefix (a game's ID, or the edge package's name). It panics on an odd
// number of arguments or a non-string name: a programming error.
func Msg(id string, args ...any) string {
	if len(args)%2 != 0 {
		panic("rules.Msg " + id + ": odd number of arguments") // lang:ok: a programming error
	}
	var b strings.Builder
	b.WriteString(MsgOpen)
	b.WriteString(id)
	for i := 0; i < len(args); i += 2 {
		name, ok := args[i].(string)
		if !ok {
			panic(fmt.Sprintf("rules.Msg %s: argument name %v is not a string", id, args[i])) // lang:ok
		}
		b.WriteByte('|')
		b.WriteString(name)
		b.WriteByte('=')
		writeEscaped(&b, fmt.Sprint(args[i+1]))
	}
	b.WriteString(MsgClose)
	return b.String()
}

// List returns rules text naming the items in order, joined the way the reader's language joins
// a list ("a, b and c" / "a, b et c"): the catalogue messages "rules.list.two" and
// "rules.list.more" (see package lang). No items gives "", one gives the item itself.
func List(items ...string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	case 2:
		return Msg("rules.list.two", "A", items[0], "B", items[1])
	}
	return Msg("rules.list.more", "Init", strings.Join(items[:len(items)-1], ", "), "Last", items[len(items)-1])
}

// writeEscaped writes v, escaping the markup's special characters that are not inside nested
// markup (nested markup is kept whole, so it is parsed as a message again).
func writeEscaped(b *strings.Builder, v string) {
	depth := 0
	for i := 0; i < len(v); {
		switch {
		case strings.HasPrefix(v[i:], MsgOpen):
			depth++
			b.WriteString(MsgOpen)
			i += len(MsgOpen)
			continue
		case strings.HasPrefix(v[i:], MsgClose):
			if depth == 0 {
				b.WriteByte('\\')
			} else {
				depth--
			}
			b.WriteString(MsgClose)
			i += len(MsgClose)
			continue
		}
		c := v[i]
		if depth == 0 && (c == '|' || c == '=' || c == '\\') {
			b.WriteByte('\\')
		}
		b.WriteByte(c)
		i++
	}
}

// Message is a parsed Msg: its id and its arguments' raw values (which may hold rules text).
type Message struct {
	ID   string
	Args map[string]string
}

// Names returns the message's argument names, sorted.
func (m Message) Names() []string {
	out := make([]string, 0, len(m.Args))
	for k := range m.Args {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Messages returns every message in text, outermost first and then those nested in their
// arguments, in reading order. Malformed markup is skipped.
func Messages(text string) []Message {
	var out []Message
	for rest := text; ; {
		i := strings.Index(rest, MsgOpen)
		if i < 0 {
			return out
		}
		m, n, ok := parseMsg(rest[i:])
		if !ok {
			rest = rest[i+len(MsgOpen):]
			continue
		}
		out = append(out, m)
		for _, name := range m.Names() {
			out = append(out, Messages(m.Args[name])...)
		}
		rest = rest[i+n:]
	}
}

// parseMsg parses the message markup at the start of s and returns it with its length in bytes.
func parseMsg(s string) (Message, int, bool) {
	if !strings.HasPrefix(s, MsgOpen) {
		return Message{}, 0, false
	}
	i := len(MsgOpen)
	var (
		parts []string
		cur   strings.Builder
		depth int
	)
	for i < len(s) {
		switch {
		case s[i] == '\\' && i+1 < len(s):
			// An escaped character: copy what follows it (a whole MsgClose/MsgOpen rune too).
			i++
			if depth > 0 {
				cur.WriteByte('\\') // the nested message's own escape, kept for its parse
			}
			if strings.HasPrefix(s[i:], MsgClose) || strings.HasPrefix(s[i:], MsgOpen) {
				cur.WriteString(s[i : i+len(MsgClose)])
				i += len(MsgClose)
				continue
			}
			cur.WriteByte(s[i])
			i++
		case strings.HasPrefix(s[i:], MsgOpen):
			depth++
			cur.WriteString(MsgOpen)
			i += len(MsgOpen)
		case strings.HasPrefix(s[i:], MsgClose):
			if depth == 0 {
				parts = append(parts, cur.String())
				m := Message{ID: parts[0], Args: map[string]string{}}
				if m.ID == "" {
					return Message{}, 0, false
				}
				for _, p := range parts[1:] {
					name, value, ok := strings.Cut(p, "=")
					if !ok || name == "" {
						return Message{}, 0, false
					}
					m.Args[name] = value
				}
				return m, i + len(MsgClose), true
			}
			depth--
			cur.WriteString(MsgClose)
			i += len(MsgClose)
		case s[i] == '|' && depth == 0:
			parts = append(parts, cur.String())
			cur.Reset()
			i++
		default:
			cur.WriteByte(s[i])
			i++
		}
	}
	return Message{}, 0, false
}

// Plain returns s (a user's name, typed text) made safe to place in rules text: the markup
// delimiters become plain brackets, so that nothing a user types is read as a message.
func Plain(s string) string {
	return strings.NewReplacer(MsgOpen, "[", MsgClose, "]").Replace(s)
}

// Translator makes the text of one message in one language: id's catalogue entry with the
// arguments, whose values are already translated and expanded. Package lang provides them.
type Translator func(id string, args map[string]string) string

// Translate replaces every message markup in text with tr's text for it, innermost first (an
// argument's markup is translated before its message). Seat and component references are left
// as they are. A nil tr leaves the text as it is.
func Translate(text string, tr Translator) string {
	if tr == nil || !strings.Contains(text, MsgOpen) {
		return text
	}
	var b strings.Builder
	for rest := text; ; {
		i := strings.Index(rest, MsgOpen)
		if i < 0 {
			b.WriteString(rest)
			return b.String()
		}
		b.WriteString(rest[:i])
		m, n, ok := parseMsg(rest[i:])
		if !ok {
			b.WriteString(MsgOpen)
			rest = rest[i+len(MsgOpen):]
			continue
		}
		args := make(map[string]string, len(m.Args))
		for k, v := range m.Args {
			args[k] = Translate(v, tr)
		}
		b.WriteString(tr(m.ID, args))
		rest = rest[i+n:]
	}
}
