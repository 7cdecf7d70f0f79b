package web

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"time"

	"golang.org/x/text/language"

	"spicebot/data"
	"spicebot/lang"
	"spicebot/pace"
	"spicebot/rules"
)

// model is everything a page shows, in one language: the HTML is drawn from it and game.json is
// its JSON. Every text in it is public (the Observer's) and already in the reader's language.
type model struct {
	Lang string `json:"lang"`
	// Token is the last element of the page's address; the page's links are relative to it.
	Token string `json:"-"`
	// L are the page's own words by short name (web.* messages).
	L map[string]string `json:"-"`
	// Title is the game's name; Heading adds the turn or the end.
	Title     string `json:"title"`
	Heading   string `json:"heading"`
	Status    string `json:"status"`
	Over      bool   `json:"over"`
	Cancelled bool   `json:"cancelled"`
	// Acting are the seats that must act now (rules.State.Active), with their deadlines.
	Acting []acting `json:"acting"`
	// Paused is set when every clock of the game is paused.
	Paused bool `json:"paused"`
	// Version is the number of moves played (the last step).
	Version int `json:"v"`
	// Discord is the link to the board message (or the channel).
	Discord string `json:"discord"`
	// Steps are the game's steps: the setup (0), then one per move, each with its public log
	// lines and the address and alt text of the board after it.
	Steps []step `json:"steps"`
	// Results are a finished game's results, or nil.
	Results *results `json:"results,omitempty"`
}

// acting is one seat that must act.
type acting struct {
	Name string `json:"name"`
	// Due is the deadline (RFC 3339, UTC) or ""; DueText says it in words; Late is set when it
	// has passed; Away when the seat's owner is away.
	Due     string `json:"due,omitempty"`
	DueText string `json:"dueText,omitempty"`
	Late    bool   `json:"late,omitempty"`
	Away    bool   `json:"away,omitempty"`
}

// step is the game after one move (V ≥ 1) or at its setup (V = 0).
type step struct {
	V     int      `json:"v"`
	Label string   `json:"label"`
	Lines []string `json:"lines"`
	Board string   `json:"board"`
	Alt   string   `json:"alt"`
}

// results is a finished game's result, best first.
type results struct {
	Rows     []resultRow `json:"rows"`
	TieBreak string      `json:"tieBreak,omitempty"`
	Recap    []string    `json:"recap,omitempty"`
}

type resultRow struct {
	Place  int    `json:"place"`
	Name   string `json:"name"`
	Score  int    `json:"score"`
	Won    bool   `json:"won"`
	Detail string `json:"detail,omitempty"`
}

// pageWords are the page's own words: short name → message id.
var pageWords = map[string]string{
	"discord": "web.discord", "board": "web.board_h", "acting": "web.acting_h", "replay": "web.replay_h",
	"prev": "web.replay.prev", "next": "web.replay.next", "latest": "web.replay.latest",
	"slider": "web.replay.slider", "help": "web.replay.help", "log": "web.log_h", "results": "web.results_h",
	"player": "web.results.player", "score": "web.results.score", "how": "web.results.how",
	"won": "web.results.won", "recap": "web.recap_h", "live": "web.live", "offline": "web.offline",
	"privacy": "web.privacy", "gone": "web.gone", "updated": "web.updated", "paused": "web.paused",
	"nobody": "web.nobody", "late": "web.late", "away": "web.away", "due": "web.due", "show": "web.show",
	"nothing": "web.nothing",
}

// matcher matches Accept-Language to the catalogue languages.
var matcher = language.NewMatcher([]language.Tag{language.English, language.French})

// pickLang returns the page's language: the lang query parameter when it names a catalogue
// language, else the best match of Accept-Language, else English.
func pickLang(query, accept string) string {
	for _, l := range lang.Languages {
		if query == l {
			return l
		}
	}
	tags, _, err := language.ParseAcceptLanguage(accept)
	if err != nil || len(tags) == 0 {
		return lang.Languages[0]
	}
	_, i, conf := matcher.Match(tags...)
	if conf == language.No {
		return lang.Languages[0]
	}
	return []string{"en", "fr"}[i]
}

// build makes the model of a game for a reader of language tag.
func (s *Server) build(ctx context.Context, row data.Game, seats []data.Seat, g rules.Game, token, tag string) (*model, error) {
	st, err := g.Load(row.State)
	if err != nil {
		return nil, fmt.Errorf("load %s state of game %d: %w", g.ID(), row.ID, err)
	}
	loc := s.words.For(tag)
	names := seatNames(seats, st.Players(), loc)
	term := g.Term
	if s.rawTerms {
		term = nil
	}
	expand := func(text string) string {
		return loc.Expand(text, func(seat rules.Seat) string {
			if int(seat) >= 0 && int(seat) < len(names) {
				return names[seat]
			}
			return loc.T("web.someone")
		}, term)
	}
	m := &model{Lang: loc.Lang(), Token: token, L: map[string]string{}, Version: st.Version()}
	for k, id := range pageWords {
		m.L[k] = loc.T(id)
	}
	m.Title = gameTitle(loc, g)
	out, over := st.Outcome()
	switch {
	case row.Status == data.StatusCancelled:
		m.Cancelled = true
		m.Heading = loc.T("web.heading.cancelled", "Game", m.Title)
	case over:
		m.Over = true
		m.Heading = loc.T("web.heading.over", "Game", m.Title)
	default:
		m.Heading = loc.T("web.heading.turn", "Game", m.Title, "Turn", st.TurnNumber())
		m.Status = expand(st.Status())
	}
	m.Discord = jumpLink(row)
	byV := map[int][]string{}
	for _, e := range st.Log(rules.Observer) {
		byV[e.Version] = append(byV[e.Version], expand(e.Text))
	}
	n := st.Version()
	m.Steps = make([]step, n+1)
	for v := 0; v <= n; v++ {
		sp := step{V: v, Lines: byV[v], Board: token + "/board/" + strconv.Itoa(v) + "." + m.Lang + ".png"}
		if sp.Lines == nil {
			sp.Lines = []string{}
		}
		if v == 0 {
			sp.Label = loc.T("web.step.setup")
			sp.Alt = loc.T("web.alt.setup", "Game", m.Title)
		} else {
			sp.Label = loc.T("web.step.move", "V", v)
			sp.Alt = loc.T("web.alt.move", "Game", m.Title, "V", v, "N", n)
		}
		m.Steps[v] = sp
	}
	if over {
		m.Results = resultsOf(out, names, expand)
	} else if !m.Cancelled {
		if err := s.acting(ctx, row, st, names, loc, m); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// acting fills who must act and their deadlines: the seats rules.State.Active names, and, when the
// game has a clock (package pace), the deadlines the board message shows.
func (s *Server) acting(ctx context.Context, row data.Game, st rules.State, names []string, loc *lang.Localizer, m *model) error {
	due := map[int]data.SeatClock{}
	gp, ok, err := s.store.GamePace(ctx, row.ID)
	if err != nil {
		return fmt.Errorf("pace of game %d: %w", row.ID, err)
	}
	live := !ok || pace.FromRow(gp).Live()
	if !live {
		m.Paused = gp.Paused
		cs, err := s.store.Clocks(ctx, row.ID)
		if err != nil {
			return fmt.Errorf("clocks of game %d: %w", row.ID, err)
		}
		for _, c := range cs {
			if c.TurnAt.IsZero() || c.Version != row.Version {
				continue
			}
			due[c.Seat] = c
		}
	}
	now := time.Now()
	for _, seat := range st.Active() {
		a := acting{Name: names[seat]}
		if c, ok := due[int(seat)]; ok && !m.Paused {
			if c.Paused {
				a.Away = true
			} else if d, ok := pace.Deadline(pace.FromRow(gp), c); ok {
				a.Due = d.UTC().Format(time.RFC3339)
				a.DueText = d.UTC().Format("2006-01-02 15:04 UTC")
				a.Late = !now.Before(d)
			}
		}
		m.Acting = append(m.Acting, a)
	}
	return nil
}

// resultsOf lays out a finished game's outcome, winners first and then by score.
func resultsOf(out rules.Outcome, names []string, expand func(string) string) *results {
	n := len(out.Scores)
	won := make([]bool, n)
	for _, w := range out.Winners {
		if int(w) >= 0 && int(w) < n {
			won[w] = true
		}
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(i, j int) bool {
		a, b := order[i], order[j]
		if won[a] != won[b] {
			return won[a]
		}
		return out.Scores[a] > out.Scores[b]
	})
	r := &results{}
	for place, i := range order {
		row := resultRow{Place: place + 1, Score: out.Scores[i], Won: won[i]}
		if i < len(names) {
			row.Name = names[i]
		}
		if i < len(out.Details) {
			row.Detail = expand(out.Details[i])
		}
		r.Rows = append(r.Rows, row)
	}
	if out.TieBreak != "" {
		r.TieBreak = expand(out.TieBreak)
	}
	for _, l := range out.Recap {
		r.Recap = append(r.Recap, expand(l))
	}
	return r
}

// seatNames are the players' display names by seat ("Player n" for a seat without one).
func seatNames(seats []data.Seat, n int, loc *lang.Localizer) []string {
	out := make([]string, n)
	for _, s := range seats {
		if s.Seat >= 0 && s.Seat < n {
			out[s.Seat] = rules.Plain(s.Name)
		}
	}
	for i := range out {
		if out[i] == "" {
			out[i] = loc.T("web.seat_name", "N", i+1)
		}
	}
	return out
}

// gameTitle is the game's name in the reader's language.
func gameTitle(loc *lang.Localizer, g rules.Game) string {
	id := g.ID() + ".name"
	if t := loc.Translate(id, nil); t != "["+id+"]" {
		return t
	}
	return g.Name()
}

// jumpLink is the link to the game's board message, or to its channel before a board is posted.
func jumpLink(row data.Game) string {
	guild := row.GuildID
	if guild == "" {
		guild = "@me"
	}
	link := "https://discord.com/channels/" + guild + "/" + row.ChannelID
	if row.BoardMessageID != "" {
		link += "/" + row.BoardMessageID
	}
	return link
}
