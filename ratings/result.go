package ratings

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"spicebot/data"
	"spicebot/rules"
)

// aiPrefix starts the user id of every AI seat ("ai:<level>:<k>") and of the AI's moves for a
// player it stands in for ("ai:<level>:stand-in"); see package commands.
const aiPrefix = "ai:"

// Identity is the rated identity of a seat's user id: the user id of a person, and one identity
// per AI level ("ai:strong:2" → "ai:strong"), so that every game against the AI counts.
func Identity(userID string) string {
	rest, ok := strings.CutPrefix(userID, aiPrefix)
	if !ok {
		return userID
	}
	level, _, _ := strings.Cut(rest, ":")
	return aiPrefix + level
}

// IsAI reports whether a rated identity (or user id) is the AI's.
func IsAI(player string) bool { return strings.HasPrefix(player, aiPrefix) }

// AILevel is the level of an AI identity ("ai:strong" → "strong").
func AILevel(player string) string { return strings.TrimPrefix(Identity(player), aiPrefix) }

// Result reads what a finished game's players did from its stored form: it replays the move log
// with the rules (so a rules fix that changes a result changes it here too; "Replay is the
// truth"), and returns the game with one seat row per final holder of a seat, with its place,
// and one row (place 0) per player replaced out of a seat. It returns false when the game has
// no result (it does not end, or it is not a game of reg). Errors: a move log that does not
// replay.
//
// Who holds a seat when: the seats are their holders at the end; each replacement event
// (commands.replace.event_*, whose Seat, Old and New arguments name the seat and the two users)
// hands a seat from Old to New at its version. A move is its seat holder's at the version it was
// made from; a move whose user is the AI on a person's seat was made by the AI for that person
// (a stand-in): it counts as theirs (AIMoves). A timeout event (its Seat argument) is the holder's
// at that point of the events. In a paced game, a person's time to move is the time since the
// move before it.
func Result(reg *rules.Registry, src data.RatingSource) (data.RatedGame, bool, error) {
	row := src.Game
	g, ok := reg.Get(row.Game)
	if !ok || row.Players < 1 {
		return data.RatedGame{}, false, nil
	}
	st, err := rules.Replay(g, row.Players, row.Options, row.Seed, data.Records(src.Moves))
	if err != nil {
		return data.RatedGame{}, false, fmt.Errorf("game %d: %w", row.ID, err)
	}
	out, over := st.Outcome()
	if !over || len(out.Scores) != row.Players {
		return data.RatedGame{}, false, nil
	}
	n := row.Players
	final := make([]string, n)
	for _, s := range src.Seats {
		if s.Seat >= 0 && s.Seat < n {
			final[s.Seat] = s.UserID
		}
	}
	// Replacements, oldest first, and each seat's first holder.
	type handover struct {
		event    int // index in src.Events
		seat     int
		version  int
		old, new string
	}
	var hands []handover
	for i, e := range src.Events {
		if e.Kind != "replace" {
			continue
		}
		if h, ok := parseReplace(e); ok && h.seat >= 0 && h.seat < n {
			hands = append(hands, handover{event: i, seat: h.seat, version: e.Version, old: h.old, new: h.new})
		}
	}
	first := append([]string(nil), final...)
	for i := len(hands) - 1; i >= 0; i-- {
		first[hands[i].seat] = hands[i].old
	}
	// holderAt is the holder of seat once every event before index ev and every replacement at
	// a version ≤ v (for a move: made from version v) happened.
	holderAt := func(seat, v, ev int) string {
		h := first[seat]
		for _, x := range hands {
			if x.seat == seat && (x.version < v || (x.version == v && (ev < 0 || x.event < ev))) {
				h = x.new
			}
		}
		return h
	}
	type key struct {
		seat   int
		player string
	}
	rows := map[key]*data.RatedSeat{}
	get := func(seat int, user string) *data.RatedSeat {
		k := key{seat, Identity(user)}
		if r, ok := rows[k]; ok {
			return r
		}
		r := &data.RatedSeat{Seat: seat, Player: k.player}
		rows[k] = r
		return r
	}
	for i, m := range src.Moves {
		if m.Seat < 0 || m.Seat >= n {
			continue
		}
		holder := holderAt(m.Seat, m.Seq-1, -1)
		switch {
		case holder == "":
			continue
		case IsAI(m.UserID) && !IsAI(holder):
			get(m.Seat, holder).AIMoves++
			continue
		}
		r := get(m.Seat, holder)
		r.Moves++
		if src.Paced && i > 0 && !IsAI(holder) {
			if d := m.At.Sub(src.Moves[i-1].At); d >= 0 {
				r.MoveTime += d
				r.TimedMoves++
			}
		}
	}
	for i, e := range src.Events {
		if e.Kind != "timeout" {
			continue
		}
		seat, ok := seatArg(e.Text)
		if !ok || seat < 0 || seat >= n {
			continue
		}
		if h := holderAt(seat, e.Version, i); h != "" {
			get(seat, h).Timeouts++
		}
	}
	for _, x := range hands {
		get(x.seat, x.old).Replaced = true
	}
	// Places: winners first, then by score; equal results share a place (as the results message).
	won := make([]bool, n)
	for _, w := range out.Winners {
		if int(w) >= 0 && int(w) < n {
			won[w] = true
		}
	}
	better := func(a, b int) bool {
		if won[a] != won[b] {
			return won[a]
		}
		return out.Scores[a] > out.Scores[b]
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(i, j int) bool { return better(order[i], order[j]) })
	place := make([]int, n)
	for i, seat := range order {
		place[seat] = i + 1
		if i > 0 && !better(order[i-1], seat) {
			place[seat] = place[order[i-1]]
		}
	}
	bestWin, bestOther, others := 0, 0, false
	for s := range n {
		if won[s] {
			bestWin = max(bestWin, out.Scores[s])
		} else if !others || out.Scores[s] > bestOther {
			bestOther, others = out.Scores[s], true
		}
	}
	rg := data.RatedGame{GameID: row.ID, GuildID: row.GuildID, Game: row.Game, Players: n, Moves: len(src.Moves),
		Paced: src.Paced, ChannelID: row.ChannelID}
	if others && len(out.Winners) > 0 {
		rg.Margin = bestWin - bestOther
	}
	if len(src.Moves) > 0 {
		rg.StartedAt, rg.FinishedAt = src.Moves[0].At, src.Moves[len(src.Moves)-1].At
	} else {
		rg.StartedAt, rg.FinishedAt = row.CreatedAt, row.UpdatedAt
	}
	for s := range n {
		if final[s] == "" {
			continue
		}
		r := get(s, final[s])
		r.Place, r.Won, r.Score, r.Replaced = place[s], won[s], out.Scores[s], false
	}
	for _, r := range rows {
		r.GameID, r.Game, r.FinishedAt = row.ID, row.Game, rg.FinishedAt
		rg.Seats = append(rg.Seats, *r)
	}
	sort.Slice(rg.Seats, func(i, j int) bool {
		a, b := rg.Seats[i], rg.Seats[j]
		if a.Seat != b.Seat {
			return a.Seat < b.Seat
		}
		return a.Place > b.Place // the holder with the result after the players replaced out
	})
	return rg, true, nil
}

// replaced is a parsed replacement event.
type replaced struct {
	seat     int
	old, new string
}

// parseReplace reads the seat (0-based) and the two users of a replacement event's sentence
// (commands.replace.event_took or event_gave: Seat is 1-based, Old and New are "<@id>").
func parseReplace(e data.Event) (replaced, bool) {
	for _, m := range rules.Messages(e.Text) {
		if !strings.HasPrefix(m.ID, "commands.replace.event_") {
			continue
		}
		seat, err := strconv.Atoi(m.Args["Seat"])
		old, okO := mention(m.Args["Old"])
		nw, okN := mention(m.Args["New"])
		if err != nil || !okO || !okN {
			return replaced{}, false
		}
		return replaced{seat: seat - 1, old: old, new: nw}, true
	}
	return replaced{}, false
}

// mention is the user id of a "<@id>" mention.
func mention(s string) (string, bool) {
	id, ok := strings.CutPrefix(s, "<@")
	id, ok2 := strings.CutSuffix(id, ">")
	return id, ok && ok2 && id != ""
}

// seatArg is the seat named by the Seat argument (a rules.SeatRef, "{2}") of the first message of
// a timeout event's sentence.
func seatArg(text string) (int, bool) {
	for _, m := range rules.Messages(text) {
		ref, ok := m.Args["Seat"]
		if !ok {
			continue
		}
		ref, okO := strings.CutPrefix(ref, "{")
		ref, okC := strings.CutSuffix(ref, "}")
		seat, err := strconv.Atoi(ref)
		return seat, okO && okC && err == nil
	}
	return 0, false
}

// span is the length of a rated game, from its first move to its last.
func span(g data.RatedGame) time.Duration { return g.FinishedAt.Sub(g.StartedAt) }
