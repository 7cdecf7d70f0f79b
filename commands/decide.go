package commands

import (
	"fmt"
	"hash/fnv"
	"slices"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"spicebot/rules"
)

// The decision menu: how a seat's legal moves are offered as buttons and select menus.
//
// Every legal move of the seat has a decision path (rules.Choice.Path: action → card → target).
// The paths form a tree; an option of a level leads either to a move (a leaf) or to the next
// level. Options are kept in the order of their first move in Legal, so that an option is named by
// its index in a stable list: a menu's custom_id carries the path as indexes plus a short hash of
// the seat's legal moves and their paths — never a move text, never hidden information — and the
// seat always comes from the user id. A menu stays good while the seat's decision is the same, so
// players deciding at the same time (a simultaneous registration) are all served in turn; when
// the hash no longer matches, the board has moved on: the player gets the current menu instead
// and nothing is played (a second press of a button that already played lands here too).
//
// One ephemeral message shows one step and is updated in place from step to step. A step shows
// the level reached after skipping levels that offer a single option, laid out by the first of
// these rules that applies:
//
//  1. Multi-pick: options whose moves carry Multi form one multi-select (min/max from Multi;
//     identical cards collapsed into counts, "2 × pepper", the total checked when picked); the
//     picked moves are played with rules.ApplyBatch, all or nothing. The level's other options
//     are buttons.
//  2. Grid: when every option leads to a final level of at most 4 moves and the options fit in 5
//     rows, each option is a row: a disabled button naming it, then a button per move.
//  3. Buttons: at most 5 options are buttons. An option that leads further is a button that opens
//     its level, or — when that is strictly fewer taps, i.e. its level is neither a single row of
//     buttons nor a grid of reversible moves — a select menu of every move below it (at most 25),
//     each labelled with the move's whole label.
//  4. Selects: more options are select menus of 25: when every move below fits (at most 100),
//     the menus list the moves themselves, each labelled in full; otherwise they list the
//     options, paged by 100.
//
// A "Back" button returns to the previous level that offered a choice.
//
// Confirmation: a move that can't be taken back (rules.WouldUndo, see truth.go) is played by the tap that picks it when the component
// shows the move's whole label and the message says the pick can't be taken back: a select
// option (its label, or its description, is the whole label) or a button level whose message
// lists the whole label of each such button. A grid cell shows only the last level's words, so
// an irreversible move picked there asks for one confirmation (Confirm / Back) that states it.
//
// Taps counted as Discord players feel them (a button press, opening a select and choosing in it
// each count one, "Your move" included): a Borneo shipment with other actions available is
// "Your move", open "Ship…", pick the card and harbour = 3.

// maxRows is Discord's limit of action rows per message; maxButtons of buttons per row.
const (
	maxRows    = 5
	maxButtons = 5
	gridCells  = 4 // final choices per grid row (the first button names the row)
	menuPage   = selectOptions * (maxRows - 1)
	buttonMax  = 80 // characters of a button label
)

// option is one choice of a level: it leads to a move (move ≥ 0), to a further level (child), or
// to both (a move whose path ends where others go on; its level then offers it first).
type option struct {
	text  string
	move  int // index into menu.moves, or -1
	child *level
}

// level is one question of the decision tree.
type level struct {
	prompt string
	opts   []*option
}

// menu is the decision tree of one seat's legal moves.
type menu struct {
	l       *loaded
	seat    rules.Seat
	moves   []rules.Move
	choices []rules.Choice
	names   []string // the players' names by seat
	labels  []string // each move's whole label, expanded, plain text in the reader's language
	thens   []string // the closing move played after a single pick (Multi with Max 1), or ""
	root    *level
	hash    string
	undo    map[string]bool // WouldUndo's verdicts by the moves' indexes (see irreversible)
}

// words makes rules text (messages, seat and component references) the plain words the player
// reads, in their language (loaded.reader): the menu measures, cuts, compares and deduplicates
// its labels, which must be translated first. The player names are looked up once per menu.
func (m *menu) words(text string) string {
	if !strings.Contains(text, "{") && !strings.Contains(text, "[[") && !strings.Contains(text, rules.MsgOpen) {
		return text
	}
	return m.l.reader().Text(expandRefs(text, func(s rules.Seat) string {
		if int(s) >= 0 && int(s) < len(m.names) {
			return m.names[s]
		}
		return rules.Msg("commands.game.someone")
	}, m.l.game.Term))
}

// plain strips the Markdown bold that names carry in expanded text: select options and buttons
// show no Markdown.
func plain(s string) string { return strings.ReplaceAll(s, "**", "") }

// newMenu builds seat's decision tree from the state's legal moves and their Describe paths.
func newMenu(l *loaded, seat rules.Seat) *menu {
	m := &menu{l: l, seat: seat, moves: l.st.Legal(seat), root: &level{}, names: l.names()}
	h := fnv.New32a()
	m.choices = make([]rules.Choice, len(m.moves))
	m.labels = make([]string, len(m.moves))
	m.thens = make([]string, len(m.moves))
	for i, mv := range m.moves {
		c := l.st.Describe(seat, mv)
		if len(c.Path) == 0 {
			c.Path = []rules.Step{{Prompt: rules.Msg("commands.menu.your_move"), Option: c.Label}}
		}
		if c.Multi != nil && c.Multi.Max < 2 {
			// One pick at a time: a button or a select as for any move, followed by the closing
			// move when it is legal then.
			m.thens[i] = c.Multi.Then
			c.Multi = nil
		}
		m.choices[i] = c
		m.labels[i] = m.words(c.Label)
		fmt.Fprintf(h, "%s\x00", mv.String())
		for _, st := range c.Path {
			fmt.Fprintf(h, "%s\x01%s\x01", st.Prompt, st.Option)
		}
		m.add(i, c)
	}
	m.finish(m.root)
	m.hash = strconv.FormatUint(uint64(h.Sum32()), 36)
	return m
}

// multiEntries are the select options of the multi-pick options ks of lv. Identical cards (the
// same words and label: the player cannot tell them apart, e.g. Batavia's ships of one company)
// are collapsed into counts: one entry per number of them, "3 ×
// British ship", whose value lists that many option indexes joined by "+" (see multiPicks).
// counted reports whether any entry stands for more than one card.
func (m *menu) multiEntries(lv *level, ks []int) (entries []discordgo.SelectMenuOption, counted bool) {
	var keys []string
	groups := map[string][]int{}
	for _, k := range ks {
		o := lv.opts[k]
		key := o.text + "\x00" + m.labels[o.move]
		if groups[key] == nil {
			keys = append(keys, key)
		}
		groups[key] = append(groups[key], k)
	}
	for _, key := range keys {
		g := groups[key]
		o := lv.opts[g[0]]
		for n := 1; n <= len(g); n++ {
			e := discordgo.SelectMenuOption{Label: o.text, Value: joinInts(g[:n])}
			if len(g) > 1 {
				e.Label, counted = truncate(rules.Msg("commands.menu.count", "N", n, "Option", o.text), labelMax), true
			}
			if m.labels[o.move] != o.text {
				e.Description = truncate(m.labels[o.move], labelMax)
			}
			entries = append(entries, e)
		}
	}
	return entries, counted
}

// joinInts is ks as "3+4+5".
func joinInts(ks []int) string {
	parts := make([]string, len(ks))
	for i, k := range ks {
		parts[i] = strconv.Itoa(k)
	}
	return strings.Join(parts, "+")
}

// multiPicks reads the values of a multi-pick (multiEntries) into option indexes of lv, in order.
// ok is false for a value that is not one (a forged or stale one); twice is true when two values
// name the same card (two counts of one kind picked together).
func multiPicks(lv *level, values []string) (ks []int, twice, ok bool) {
	for _, v := range values {
		for _, part := range strings.Split(v, "+") {
			k, err := strconv.Atoi(part)
			if err != nil || k < 0 || k >= len(lv.opts) {
				return nil, false, false
			}
			if slices.Contains(ks, k) {
				twice = true
				continue
			}
			ks = append(ks, k)
		}
	}
	slices.Sort(ks)
	return ks, twice, true
}

// add places move i at the end of its path. Moves with an equal path are the same to the player
// and appear once — except moves that may be picked together (Multi): two identical cards are
// listed separately so that both can be picked.
func (m *menu) add(i int, c rules.Choice) {
	lv := m.root
	for d, st := range c.Path {
		text := truncate(m.words(st.Option), labelMax)
		if lv.prompt == "" {
			lv.prompt = m.words(st.Prompt)
		}
		last := d == len(c.Path)-1
		var o *option
		for _, x := range lv.opts {
			if x.text == text && !(last && c.Multi != nil) {
				o = x
				break
			}
		}
		if o == nil {
			o = &option{text: text, move: -1}
			lv.opts = append(lv.opts, o)
		}
		if last {
			if o.move < 0 {
				o.move = i
			}
			return
		}
		if o.child == nil {
			o.child = &level{}
		}
		lv = o.child
	}
}

// finish gives an option that is both a move and a further level the move as its level's first
// option.
func (m *menu) finish(lv *level) {
	for _, o := range lv.opts {
		if o.child == nil {
			continue
		}
		if o.move >= 0 {
			o.child.opts = append([]*option{{text: truncate(m.labels[o.move], labelMax), move: o.move}}, o.child.opts...)
			o.move = -1
		}
		m.finish(o.child)
	}
}

// at follows path from the root. It returns the level the path ends in (when it names a level)
// or the option it ends on (a move), and false when the path does not exist.
func (m *menu) at(path []int) (*level, *option, bool) {
	lv := m.root
	var o *option
	for i, k := range path {
		if lv == nil || k < 0 || k >= len(lv.opts) {
			return nil, nil, false
		}
		o = lv.opts[k]
		if i == len(path)-1 && o.child == nil {
			return nil, o, true
		}
		lv = o.child
	}
	return lv, nil, true
}

// skip descends from lv at path through levels that offer a single further level.
func skip(lv *level, path []int) (*level, []int) {
	for len(lv.opts) == 1 && lv.opts[0].child != nil {
		path = append(append([]int(nil), path...), 0)
		lv = lv.opts[0].child
	}
	return lv, path
}

// back returns the path of the nearest level above path that offers a choice, or false.
func (m *menu) back(path []int) ([]int, bool) {
	for n := len(path) - 1; n >= 0; n-- {
		lv, _, ok := m.at(path[:n])
		if ok && lv != nil && len(lv.opts) > 1 {
			return append([]int(nil), path[:n]...), true
		}
	}
	return nil, false
}

// leaves lists the moves below o with their paths relative to o's level, depth first.
func leaves(o *option, rel []int, out *[]leaf) {
	if o.child == nil {
		*out = append(*out, leaf{o.move, append([]int(nil), rel...)})
		return
	}
	for k, c := range o.child.opts {
		leaves(c, append(rel, k), out)
	}
}

type leaf struct {
	move int
	rel  []int
}

// levelLeaves lists the moves below lv with their paths relative to lv.
func levelLeaves(lv *level) []leaf {
	var out []leaf
	for k, o := range lv.opts {
		leaves(o, []int{k}, &out)
	}
	return out
}

// multiOf returns the Multi of move i, or nil.
func (m *menu) multiOf(i int) *rules.Multi { return m.choices[i].Multi }

// hasMulti reports whether any move below lv may be picked with others.
func (m *menu) hasMulti(lv *level) bool {
	for _, lf := range levelLeaves(lv) {
		if m.multiOf(lf.move) != nil {
			return true
		}
	}
	return false
}

// gridFits reports whether lv can be shown as a grid: every option leads to a final level of 1
// to 4 single-pick moves, in at most 5 rows (one more is needed for Back unless a row has room).
func (m *menu) gridFits(lv *level, needBack bool) bool {
	if len(lv.opts) < 2 || len(lv.opts) > maxRows {
		return false
	}
	room := false
	for _, o := range lv.opts {
		if o.child == nil || len(o.child.opts) == 0 || len(o.child.opts) > gridCells {
			return false
		}
		if len(o.child.opts) < gridCells {
			room = true
		}
		for _, c := range o.child.opts {
			if c.child != nil || m.multiOf(c.move) != nil {
				return false
			}
		}
	}
	return !needBack || room || len(lv.opts) < maxRows
}

// oneTap reports whether the level below o (after skipping) is chosen in one tap: a row of at
// most 5 single-pick buttons, or a grid of moves that need no confirmation.
func (m *menu) oneTap(o *option) bool {
	lv, _ := skip(o.child, nil)
	if m.hasMulti(lv) {
		return false
	}
	if len(lv.opts) <= maxButtons {
		all := true
		for _, c := range lv.opts {
			all = all && c.child == nil
		}
		if all {
			return true
		}
	}
	if m.gridFits(lv, true) {
		for _, lf := range levelLeaves(lv) {
			if m.irreversible(lf.move) {
				return false
			}
		}
		return true
	}
	return false
}

// pathText encodes a path for a custom_id: "p" then the indexes joined by dots ("p2.0").
func pathText(path []int) string {
	parts := make([]string, len(path))
	for i, k := range path {
		parts[i] = strconv.Itoa(k)
	}
	return "p" + strings.Join(parts, ".")
}

// parsePath decodes pathText, or the relative path of a select value (without the "p").
func parsePath(s string) ([]int, bool) {
	if s == "" {
		return nil, true
	}
	var out []int
	for _, p := range strings.Split(s, ".") {
		k, err := strconv.Atoi(p)
		if err != nil || k < 0 || k > 9999 {
			return nil, false
		}
		out = append(out, k)
	}
	if len(out) > 32 {
		return nil, false
	}
	return out, true
}

func join(path []int, rel ...int) []int {
	return append(append([]int(nil), path...), rel...)
}

func relText(rel []int) string { return strings.TrimPrefix(pathText(rel), "p") }

// id makes the custom_id of a menu component.
func (m *menu) id(act Action, path []int, k int) string {
	return CustomID{Action: act, Game: m.l.row.ID, Hash: m.hash, Path: path, Page: k}.String()
}

// view is the step at path (a level; single-option levels below it are skipped), headed by note.
func (m *menu) view(path []int, note string) Reply { return m.viewPage(path, 0, note) }

// viewPage is view on page page of a level shown as paged selects (rule 4). A path that names no
// level shows the first step.
func (m *menu) viewPage(path []int, page int, note string) Reply {
	var b strings.Builder
	if note != "" {
		b.WriteString(note + "\n")
	}
	if len(m.moves) == 0 {
		b.WriteString(rules.Msg("commands.menu.nothing_to_do", "Status", m.l.expand(m.l.st.Status(), nil)))
		return Reply{Type: ReplyMessage, Ephemeral: true, Content: b.String(), Components: []discordgo.MessageComponent{}}
	}
	lv, _, ok := m.at(path)
	if !ok || lv == nil {
		path, lv, page = nil, m.root, 0
	}
	lv, path = skip(lv, path)
	return m.render(&b, lv, path, page)
}

// crumbs is the options chosen along path, "Ship › cinnamon ×2".
func (m *menu) crumbs(path []int) string {
	var parts []string
	lv := m.root
	for _, k := range path {
		if lv == nil || k >= len(lv.opts) {
			break
		}
		if len(lv.opts) > 1 {
			parts = append(parts, lv.opts[k].text)
		}
		lv = lv.opts[k].child
	}
	return strings.Join(parts, " › ")
}

// rows collects a message's action rows and the buttons of its last button row.
type rows struct {
	out []discordgo.MessageComponent
	btn []discordgo.MessageComponent
}

func (r *rows) button(b discordgo.Button) {
	if len(r.btn) == maxButtons {
		r.flush()
	}
	r.btn = append(r.btn, b)
}

func (r *rows) flush() {
	if len(r.btn) > 0 {
		r.out = append(r.out, discordgo.ActionsRow{Components: r.btn})
		r.btn = nil
	}
}

func (r *rows) row(cs ...discordgo.MessageComponent) {
	r.flush()
	r.out = append(r.out, discordgo.ActionsRow{Components: cs})
}

func buttonLabel(s string) string { return truncate(s, buttonMax) }

// render lays out level lv at path (see the package comment's rules) on page page.
func (m *menu) render(b *strings.Builder, lv *level, path []int, page int) Reply {
	if c := m.crumbs(path); c != "" {
		b.WriteString("**" + c + "**\n")
	}
	b.WriteString(lv.prompt)
	backPath, hasBack := m.back(path)
	var r rows
	var warn []string // whole labels of irreversible moves on buttons
	addBack := func() {
		if hasBack {
			r.button(discordgo.Button{Label: rules.Msg("commands.menu.back"), Style: discordgo.SecondaryButton, Emoji: &discordgo.ComponentEmoji{Name: "↩️"},
				CustomID: m.id(ActGo, backPath, 0)})
		}
	}
	moveButton := func(o *option, p []int) {
		style := discordgo.PrimaryButton
		if m.irreversible(o.move) {
			warn = append(warn, "• "+escape(m.labels[o.move]))
		}
		r.button(discordgo.Button{Label: buttonLabel(o.text), Style: style, CustomID: m.id(ActDo, p, 0)})
	}
	irreversibleNote := false

	// 1. Multi-pick.
	var multi []int // option indexes of the multi-pick moves (with a Multi equal to the first's)
	var others []int
	var first *rules.Multi
	for k, o := range lv.opts {
		if o.child == nil && m.multiOf(o.move) != nil && (first == nil || *m.multiOf(o.move) == *first) {
			first = m.multiOf(o.move)
			multi = append(multi, k)
		} else {
			others = append(others, k)
		}
	}
	switch {
	case len(multi) > 0:
		mu := m.multiOf(lv.opts[multi[0]].move)
		multiNote := m.multiWarning(lv, multi)
		entries, counted := m.multiEntries(lv, multi)
		for part := 0; part*selectOptions < len(entries) && part < maxRows-1; part++ {
			chunk := entries[part*selectOptions : min(len(entries), (part+1)*selectOptions)]
			opts := make([]discordgo.SelectMenuOption, len(chunk))
			for j, e := range chunk {
				opts[j] = e
			}
			lo, hi := min(mu.Min, len(chunk)), min(mu.Max, len(chunk))
			if counted {
				lo, hi = 1, len(chunk) // an entry may stand for several cards: the handler checks the total
			}
			lo = max(lo, 1)
			hi = max(hi, lo)
			r.row(discordgo.SelectMenu{CustomID: m.id(ActMulti, path, part), Placeholder: truncate(lv.prompt, 150),
				MinValues: &lo, MaxValues: hi, Options: opts})
		}
		switch lo, hi := max(mu.Min, 1), min(mu.Max, len(multi)); {
		case hi <= 1:
		case lo == hi:
			b.WriteString("\n" + rules.Msg("commands.menu.pick_n", "N", hi))
		default:
			b.WriteString("\n" + rules.Msg("commands.menu.pick_range", "Min", lo, "Max", hi))
		}
		if multiNote != "" {
			b.WriteString("\n" + multiNote)
		}
		extra := len(others)
		if hasBack {
			extra++
		}
		if len(r.out)+(extra+maxButtons-1)/maxButtons <= maxRows {
			for _, k := range others {
				o := lv.opts[k]
				if o.child == nil {
					moveButton(o, join(path, k))
				} else {
					r.button(discordgo.Button{Label: buttonLabel(o.text), Style: discordgo.SecondaryButton, CustomID: m.id(ActGo, join(path, k), 0)})
				}
			}
		} else if len(r.out) < maxRows-1 && len(others) > 0 {
			// Too many other options for buttons: one select of them (each a move or a level).
			var opts []discordgo.SelectMenuOption
			for _, k := range others[:min(len(others), selectOptions)] {
				o := lv.opts[k]
				opt := discordgo.SelectMenuOption{Label: o.text, Value: strconv.Itoa(k)}
				if o.child == nil {
					opt.Description = truncate(m.labels[o.move], labelMax)
					if m.irreversible(o.move) {
						opt.Emoji, irreversibleNote = warnEmoji, true
					}
				}
				opts = append(opts, opt)
			}
			r.row(discordgo.SelectMenu{CustomID: m.id(ActSelect, path, maxRows), Placeholder: rules.Msg("commands.menu.or"), Options: opts})
		}
		addBack()

	// 2. Grid.
	case m.gridFits(lv, hasBack):
		for k, o := range lv.opts {
			cs := []discordgo.MessageComponent{discordgo.Button{Label: buttonLabel(o.text), Style: discordgo.SecondaryButton,
				Disabled: true, CustomID: m.id(ActGo, join(path, k), 0)}}
			for j, c := range o.child.opts {
				act := ActDo
				if m.irreversible(c.move) {
					act = ActAsk
				}
				cs = append(cs, discordgo.Button{Label: buttonLabel(c.text), Style: discordgo.PrimaryButton, CustomID: m.id(act, join(path, k, j), 0)})
			}
			r.row(cs...)
		}
		if hasBack {
			// Back goes in the last row with room.
			for i := len(r.out) - 1; i >= 0; i-- {
				row := r.out[i].(discordgo.ActionsRow)
				if len(row.Components) < maxButtons {
					row.Components = append(row.Components, discordgo.Button{Label: rules.Msg("commands.menu.back"), Style: discordgo.SecondaryButton,
						Emoji: &discordgo.ComponentEmoji{Name: "↩️"}, CustomID: m.id(ActGo, backPath, 0)})
					r.out[i] = row
					hasBack = false
					break
				}
			}
			addBack()
		}

	// 3. Buttons, and selects for options whose level would take more taps.
	case len(lv.opts) <= maxButtons:
		drop := make([]bool, len(lv.opts))
		nDrop, nBtn := 0, 0
		for k, o := range lv.opts {
			if o.child != nil && !m.oneTap(o) && !m.hasMulti(o.child) {
				var lf []leaf
				leaves(o, nil, &lf)
				if len(lf) <= selectOptions {
					drop[k] = true
					nDrop++
					continue
				}
			}
			nBtn++
		}
		rowsFor := func() int {
			n := nBtn
			if hasBack {
				n++
			}
			return nDrop + (n+maxButtons-1)/maxButtons
		}
		for k := len(lv.opts) - 1; k >= 0 && rowsFor() > maxRows; k-- {
			if drop[k] {
				drop[k], nDrop, nBtn = false, nDrop-1, nBtn+1
			}
		}
		var selects []discordgo.MessageComponent
		for k, o := range lv.opts {
			switch {
			case drop[k]:
				var lf []leaf
				leaves(o, nil, &lf)
				opts := make([]discordgo.SelectMenuOption, len(lf))
				for j, x := range lf {
					opts[j] = discordgo.SelectMenuOption{Label: truncate(m.labels[x.move], labelMax), Value: relText(x.rel)}
					if m.irreversible(x.move) {
						opts[j].Emoji, irreversibleNote = warnEmoji, true
					}
				}
				selects = append(selects, discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
					CustomID: m.id(ActSelect, join(path, k), 0), Placeholder: truncate(o.text+" …", 150), Options: opts}}})
			case o.child == nil:
				moveButton(o, join(path, k))
			default:
				r.button(discordgo.Button{Label: buttonLabel(o.text), Style: discordgo.PrimaryButton, CustomID: m.id(ActGo, join(path, k), 0)})
			}
		}
		addBack()
		r.flush()
		r.out = append(selects, r.out...)

	// 4. Selects.
	default:
		all := levelLeaves(lv)
		flat := len(all) <= menuPage && len(all) > len(lv.opts)
		type entry struct {
			label, desc, value string
			warn               bool // can't be taken back
		}
		var entries []entry
		if flat {
			for _, x := range all {
				entries = append(entries, entry{label: m.labels[x.move], value: relText(x.rel), warn: m.irreversible(x.move)})
				irreversibleNote = irreversibleNote || entries[len(entries)-1].warn
			}
		} else {
			for k, o := range lv.opts {
				e := entry{label: o.text, value: strconv.Itoa(k)}
				if o.child == nil {
					if m.labels[o.move] != o.text {
						e.desc = m.labels[o.move]
					}
					e.warn = m.irreversible(o.move)
					irreversibleNote = irreversibleNote || e.warn
				} else {
					e.desc = rules.Msg("commands.menu.more_choices")
				}
				entries = append(entries, e)
			}
		}
		pages := (len(entries) + menuPage - 1) / menuPage
		page = min(max(page, 0), pages-1)
		if pages > 1 {
			b.WriteString(" " + rules.Msg("commands.menu.page", "Page", page+1, "Pages", pages, "N", len(entries)))
		}
		chunk := entries[page*menuPage : min(len(entries), (page+1)*menuPage)]
		for i := 0; i < len(chunk); i += selectOptions {
			part := chunk[i:min(len(chunk), i+selectOptions)]
			opts := make([]discordgo.SelectMenuOption, len(part))
			for j, e := range part {
				opts[j] = discordgo.SelectMenuOption{Label: truncate(e.label, labelMax), Value: e.value, Description: truncate(e.desc, labelMax)}
				if e.warn {
					opts[j].Emoji = warnEmoji
				}
			}
			first := page*menuPage + i + 1
			placeholder := lv.prompt
			if len(entries) > selectOptions {
				placeholder = fmt.Sprintf("%s (%d–%d)", lv.prompt, first, first+len(part)-1)
			}
			r.row(discordgo.SelectMenu{CustomID: m.id(ActSelect, path, page*(maxRows-1)+i/selectOptions),
				Placeholder: truncate(placeholder, 150), Options: opts})
		}
		if page > 0 {
			r.button(discordgo.Button{Label: "◀ " + rules.Msg("commands.menu.previous"), Style: discordgo.SecondaryButton, CustomID: m.id(ActGo, path, page-1)})
		}
		if page < pages-1 {
			r.button(discordgo.Button{Label: rules.Msg("commands.menu.next") + " ▶", Style: discordgo.SecondaryButton, CustomID: m.id(ActGo, path, page+1)})
		}
		addBack()
	}
	r.flush()
	if len(warn) > 0 {
		b.WriteString("\n" + strings.Join(warn, "\n") + "\n⚠️ " + rules.Msg("commands.menu.cannot_undo_these"))
	} else if irreversibleNote {
		b.WriteString("\n" + noteMarked)
	}
	return Reply{Type: ReplyMessage, Ephemeral: true, Content: b.String(), Components: r.out}
}

// confirm is the confirmation step of an irreversible move picked in a grid.
func (m *menu) confirm(path []int, o *option) Reply {
	text := rules.Msg("commands.menu.confirm", "Move", escape(m.labels[o.move]))
	// Back returns to the grid that offered the move: the nearest level above the move's own
	// level that offers a choice.
	back, _ := m.back(path[:len(path)-1])
	return Reply{Type: ReplyMessage, Ephemeral: true, Content: text, Components: []discordgo.MessageComponent{
		discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: rules.Msg("commands.menu.confirm_button"), Style: discordgo.SuccessButton, CustomID: m.id(ActDo, path, 0)},
			discordgo.Button{Label: rules.Msg("commands.menu.back"), Style: discordgo.SecondaryButton, Emoji: &discordgo.ComponentEmoji{Name: "↩️"}, CustomID: m.id(ActGo, back, 0)},
		}},
	}}
}
