package pace

import (
	"strings"
	"testing"
	"time"

	"spicebot/data"
	"spicebot/lang"
	"spicebot/rules"
)

// words are the edge's catalogues: what this package says is rules text, read here in English
// and French.
var words = lang.MustNew()

func en(text string) string { return words.For("en").Text(text) }
func fr(text string) string { return words.For("fr").Text(text) }

func TestParseCustom(t *testing.T) {
	for _, tc := range []struct {
		in                    string
		clock, inc, capd, rem time.Duration
	}{
		{"2d", 2 * Day, 2 * Day, 2 * Day, Day},
		{"36h", 36 * time.Hour, 36 * time.Hour, 36 * time.Hour, 18 * time.Hour},
		{"2d+12h", 2 * Day, 12 * time.Hour, 0, Day},
		{"2d+12h/7d", 2 * Day, 12 * time.Hour, 7 * Day, Day},
		{" 1d12h + 30m / 1w ", 36 * time.Hour, 30 * time.Minute, Week, 18 * time.Hour},
		{"20m", 20 * time.Minute, 20 * time.Minute, 20 * time.Minute, 15 * time.Minute},
		{"6w", 6 * Week, 6 * Week, 6 * Week, 2 * Day},
	} {
		p, err := ParseCustom(tc.in)
		if err != nil {
			t.Errorf("%q: %v", tc.in, err)
			continue
		}
		if p.Clock != tc.clock || p.Increment != tc.inc || p.Cap != tc.capd || p.Remind != tc.rem || p.Name != "custom" {
			t.Errorf("%q = %+v", tc.in, p)
		}
	}
	for _, bad := range []string{"", "2", "d", "2x", "5m", "2d/1d", "9w", "2d+", "1d+1h/20w", "-2d"} {
		if _, err := ParseCustom(bad); err == nil {
			t.Errorf("%q was accepted", bad)
		} else if msg := en(err.Error()); strings.Contains(msg, "strconv") || strings.Contains(msg, rules.MsgOpen) || strings.Contains(msg, "[pace.") {
			t.Errorf("%q: error is not a sentence: %v", bad, err)
		}
	}
}

func TestPresetsAndWords(t *testing.T) {
	for _, name := range []string{"live", "fast", "daily", "weekly"} {
		p, ok := Preset(name)
		if !ok || p.Name != name {
			t.Fatalf("preset %s: %+v %v", name, p, ok)
		}
		if name != "live" && (p.Live() || p.Remind <= 0 || p.Cap < p.Clock) {
			t.Errorf("preset %s is not a sensible clock: %+v", name, p)
		}
	}
	if _, ok := Preset("blitz"); ok {
		t.Error("unknown preset found")
	}
	d, _ := Preset("daily")
	if got := en(d.Describe()); got != "daily: 1 day per decision, +1 day per move, up to 3 days banked; reminders every 12 hours" {
		t.Errorf("daily = %q", got)
	}
	if got := fr(d.Describe()); got != "quotidien : 1 jour par décision, +1 jour par coup, jusqu’à 3 jours en réserve ; rappels toutes les 12 heures" {
		t.Errorf("daily in French = %q", got)
	}
	w, _ := Preset("weekly")
	if got := en(w.Describe()); got != "weekly: 7 days per decision, +3 days per move, up to 14 days banked; reminders every 2 days" {
		t.Errorf("weekly = %q", got)
	}
	f, _ := Preset("fast")
	if got := en(f.Describe()); got != "fast: 4 hours per decision, +1 hour per move, up to 8 hours banked; reminders every hour" {
		t.Errorf("fast = %q", got)
	}
	if got := en(Words(26*time.Hour + 30*time.Minute)); got != "1 day 2 hours" {
		t.Errorf("Words = %q", got)
	}
	if got := en(Words(90 * time.Minute)); got != "1 hour 30 minutes" {
		t.Errorf("Words = %q", got)
	}
	if got := fr(Words(90 * time.Minute)); got != "1 heure 30 minutes" {
		t.Errorf("Words in French = %q", got)
	}
	if got := en(Words(0)); got != "no time" {
		t.Errorf("Words(0) = %q", got)
	}
}

// TestVoteSentence: a vote is named in the reader's language, its seat a reference the edge
// replaces with the player's name.
func TestVoteSentence(t *testing.T) {
	seat := func(rules.Seat) string { return "Ann" }
	for _, tc := range []struct {
		v      data.Vote
		en, fr string
	}{
		{data.Vote{Kind: VoteExtend, Seat: 0}, "Vote to give Ann's clock 1 day more", "Vote pour donner 1 jour de plus à l’horloge d’Ann"},
		{data.Vote{Kind: VoteExtend, Seat: -1}, "Vote to give the waited-on players' clock 1 day more", "Vote pour donner 1 jour de plus à l’horloge des joueurs attendus"},
		{data.Vote{Kind: VoteReplace, Seat: 0}, "Vote to hand Ann's seat to a substitute", "Vote pour confier la place d’Ann à un remplaçant"},
		{data.Vote{Kind: VoteTimeout, Seat: 0}, "Vote on what happens now that Ann's time ran out", "Vote sur la suite, maintenant que le temps d’Ann est écoulé"},
		{data.Vote{Kind: VoteEnd, Seat: -1}, "Vote to end the game now, without a result", "Vote pour terminer la partie maintenant, sans résultat"},
	} {
		s := VoteSentence(tc.v)
		if got := words.For("en").Expand(s, seat, nil); got != tc.en {
			t.Errorf("%s: %q, want %q", tc.v.Kind, got, tc.en)
		}
		if got := words.For("fr").Expand(s, seat, nil); got != tc.fr {
			t.Errorf("%s in French: %q, want %q", tc.v.Kind, got, tc.fr)
		}
	}
}

func TestQuietHours(t *testing.T) {
	paris, err := Zone("europe/paris")
	if err != nil || paris.String() != "Europe/Paris" {
		t.Fatalf("zone: %v %v", paris, err)
	}
	for _, bad := range []string{"Mars/Olympus", "../etc/passwd", "Europe/ Paris"} {
		if _, err := Zone(bad); err == nil {
			t.Errorf("zone %q accepted", bad)
		}
	}
	from, to, err := ParseQuiet("22-7")
	if err != nil || from != 22*60 || to != 7*60 {
		t.Fatalf("ParseQuiet = %d %d %v", from, to, err)
	}
	q := Quiet{Loc: paris, From: from, To: to}
	// Winter: Paris is UTC+1. 21:30 UTC = 22:30 Paris: quiet until 07:00 Paris = 06:00 UTC.
	at := time.Date(2026, 1, 10, 21, 30, 0, 0, time.UTC)
	if got, want := q.Until(at), time.Date(2026, 1, 11, 6, 0, 0, 0, time.UTC); !got.Equal(want) {
		t.Errorf("Until(%v) = %v, want %v", at, got.UTC(), want)
	}
	// 05:00 UTC = 06:00 Paris: still quiet, until 06:00 UTC the same day.
	at = time.Date(2026, 1, 11, 5, 0, 0, 0, time.UTC)
	if got, want := q.Until(at), time.Date(2026, 1, 11, 6, 0, 0, 0, time.UTC); !got.Equal(want) {
		t.Errorf("Until(%v) = %v, want %v", at, got.UTC(), want)
	}
	// 12:00 UTC is not quiet.
	at = time.Date(2026, 1, 11, 12, 0, 0, 0, time.UTC)
	if got := q.Until(at); !got.Equal(at) {
		t.Errorf("Until(noon) = %v", got)
	}
	// Summer (UTC+2): 04:30 UTC = 06:30 Paris, quiet until 05:00 UTC.
	at = time.Date(2026, 7, 1, 4, 30, 0, 0, time.UTC)
	if got, want := q.Until(at), time.Date(2026, 7, 1, 5, 0, 0, 0, time.UTC); !got.Equal(want) {
		t.Errorf("summer Until = %v, want %v", got.UTC(), want)
	}
	// Hours within one day.
	day := Quiet{Loc: time.UTC, From: 13 * 60, To: 14*60 + 30}
	if got, want := day.Until(time.Date(2026, 1, 1, 13, 10, 0, 0, time.UTC)), time.Date(2026, 1, 1, 14, 30, 0, 0, time.UTC); !got.Equal(want) {
		t.Errorf("day quiet = %v", got)
	}
	for _, bad := range []string{"22", "25-7", "22-22", "ab-cd", "22:61-7"} {
		if _, _, err := ParseQuiet(bad); err == nil {
			t.Errorf("quiet %q accepted", bad)
		}
	}
	if f, tt, err := ParseQuiet("off"); err != nil || f != -1 || tt != -1 {
		t.Errorf("off = %d %d %v", f, tt, err)
	}
}

func TestParseUntil(t *testing.T) {
	now := time.Date(2026, 1, 10, 12, 0, 0, 0, time.UTC)
	paris, _ := Zone("Europe/Paris")
	got, err := ParseUntil("2026-01-20", now, paris)
	if want := time.Date(2026, 1, 19, 23, 0, 0, 0, time.UTC); err != nil || !got.Equal(want) {
		t.Errorf("date = %v %v, want %v", got.UTC(), err, want)
	}
	if got, err := ParseUntil("2w", now, paris); err != nil || !got.Equal(now.Add(2*Week)) {
		t.Errorf("2w = %v %v", got, err)
	}
	for _, bad := range []string{"2026-01-01", "yesterday", "20w", "2026-13-01"} {
		if _, err := ParseUntil(bad, now, paris); err == nil {
			t.Errorf("until %q accepted", bad)
		}
	}
}

func TestTally(t *testing.T) {
	v := data.Vote{Choices: []string{ChoiceYes, ChoiceNo}, Ballots: map[int]string{0: ChoiceYes}}
	if r, done := Tally(v, 3); done {
		t.Errorf("1 yes of 3 decided %q", r)
	}
	v.Ballots[1] = ChoiceYes
	if r, done := Tally(v, 3); !done || r != ChoiceYes {
		t.Errorf("2 yes of 3 = %q %v", r, done)
	}
	// 2 of 4 is no strict majority; 2 no of 4 makes a yes majority impossible.
	v.Ballots = map[int]string{0: ChoiceYes, 1: ChoiceYes, 2: ChoiceNo}
	if _, done := Tally(v, 4); done {
		t.Error("2 yes 1 no of 4 decided")
	}
	v.Ballots[3] = ChoiceNo
	if r, done := Tally(v, 4); !done || r != ResultFailed {
		t.Errorf("2-2 of 4 = %q %v", r, done)
	}
	// Several choices: a split table fails once no choice can win.
	tv := data.Vote{Choices: TimeoutChoices(true, false), Ballots: map[int]string{0: ChoiceExtend, 1: ChoiceEnd}}
	if r, done := Tally(tv, 2); !done || r != ResultFailed {
		t.Errorf("split 2 = %q %v", r, done)
	}
	tv.Ballots = map[int]string{0: ChoiceEnd, 1: ChoiceEnd}
	if r, done := Tally(tv, 2); !done || r != ChoiceEnd {
		t.Errorf("end end = %q %v", r, done)
	}
	if got := TimeoutChoices(false, true); strings.Join(got, ",") != "extend,substitute,ai,end" {
		t.Errorf("choices = %v", got)
	}
}

func TestRecomputeClockRunsOnlyWhileActive(t *testing.T) {
	p, _ := Preset("daily") // 1 d + 1 d per move, cap 3 d, remind 12 h
	t0 := time.Date(2026, 1, 5, 9, 0, 0, 0, time.UTC)
	users := []string{"a", "b", "c"}
	cs := Recompute(p, nil, nil, Table{Version: 0, Users: users, Active: []rules.Seat{0}}, t0)
	if cs[0].Since != t0 || !cs[1].Since.IsZero() || cs[0].Bank != Day {
		t.Fatalf("start: %+v", cs)
	}
	if d, ok := Deadline(p, cs[0]); !ok || !d.Equal(t0.Add(Day)) {
		t.Errorf("deadline %v %v", d, ok)
	}
	if !cs[0].Due.Equal(t0.Add(12 * time.Hour)) {
		t.Errorf("due %v, want the first reminder", cs[0].Due)
	}
	// Seat 0 moves after 2 h: charged 2 h, +1 d; seats 1 and 2 act at once (a simultaneous step).
	t1 := t0.Add(2 * time.Hour)
	cs = Recompute(p, cs, []data.Move{{Seq: 1, Seat: 0}}, Table{Version: 1, Users: users, Active: []rules.Seat{1, 2}}, t1)
	if cs[0].Bank != 2*Day-2*time.Hour || !cs[0].Since.IsZero() || cs[0].LastMove != 1 || !cs[0].Due.IsZero() {
		t.Errorf("seat 0 after its move: %+v", cs[0])
	}
	if cs[1].Since != t1 || cs[2].Since != t1 {
		t.Errorf("both seats of the simultaneous step run: %+v %+v", cs[1], cs[2])
	}
	// Seat 1 acts 5 h later; seat 2 is still active: its clock keeps running, its decision is
	// the same one (no fresh reminders). Seat 1's clock is held with the step's: it looks the same.
	t2 := t1.Add(5 * time.Hour)
	cs = Recompute(p, cs, []data.Move{{Seq: 2, Seat: 1}}, Table{Version: 2, Users: users, Active: []rules.Seat{1, 2}}, t2)
	if cs[2].Bank != Day-5*time.Hour || cs[2].TurnAt != t1 {
		t.Errorf("seat 2 still deciding: %+v", cs[2])
	}
	if cs[1].Bank != cs[2].Bank || cs[1].TurnAt != t1 || cs[1].Since != cs[2].Since || cs[1].Due != cs[2].Due {
		t.Errorf("seat 1 moved within the step and its clock differs from seat 2's: %+v %+v", cs[1], cs[2])
	}
	// The step ends (seat 2 moves 1 h later): both get their increment now.
	cs = Recompute(p, cs, []data.Move{{Seq: 2, Seat: 1}, {Seq: 3, Seat: 2}}, Table{Version: 3, Users: users, Active: []rules.Seat{0}}, t2.Add(time.Hour))
	if want := 2*Day - 6*time.Hour; cs[1].Bank != want || cs[2].Bank != want || cs[1].Version != 3 {
		t.Errorf("after the step: %+v %+v, want banks of %v", cs[1], cs[2], want)
	}
	// The cap: many quick moves never bank more than 3 days.
	for i := 0; i < 5; i++ {
		cs = Recompute(p, cs, []data.Move{{Seq: 4 + i, Seat: 0}}, Table{Version: 4 + i, Users: users, Active: []rules.Seat{0}}, t2)
	}
	if cs[0].Bank != 3*Day {
		t.Errorf("bank above the cap: %v", cs[0].Bank)
	}
	// An absence pauses the clock: no deadline, due when the absence ends.
	back := t2.Add(4 * Day)
	cs = Recompute(p, cs, nil, Table{Version: 8, Users: users, Active: []rules.Seat{0}, Away: map[int]time.Time{0: back}}, t2.Add(time.Hour))
	if !cs[0].Paused || !cs[0].Since.IsZero() || !cs[0].Due.Equal(back) {
		t.Errorf("away: %+v", cs[0])
	}
	// Undo of seat 0's last move (version 8 → 7): the increment goes back.
	bank := cs[0].Bank
	cs = Recompute(p, cs, nil, Table{Version: 7, Users: users, Active: []rules.Seat{0}}, t2.Add(2*time.Hour))
	if cs[0].Bank != bank-Day || cs[0].LastMove != 7 {
		t.Errorf("undo: bank %v → %v, last move %d", bank, cs[0].Bank, cs[0].LastMove)
	}
	// The game is over: no clock, nothing due.
	cs = Recompute(p, cs, nil, Table{Version: 9, Over: true, Users: users}, t2.Add(3*time.Hour))
	for _, c := range cs {
		if !c.Since.IsZero() || !c.Due.IsZero() {
			t.Errorf("over: %+v", c)
		}
	}
}

func TestReminderSchedule(t *testing.T) {
	p, _ := Preset("daily")
	t0 := time.Date(2026, 1, 5, 9, 0, 0, 0, time.UTC)
	c := data.SeatClock{Bank: Day, Since: t0, TurnAt: t0}
	if r, ok := NextReminder(p, c); !ok || !r.Equal(t0.Add(12*time.Hour)) {
		t.Errorf("first reminder %v", r)
	}
	c.Reminded = t0.Add(13 * time.Hour) // sent late (quiet hours): the next counts from it
	if r, _ := NextReminder(p, c); !r.Equal(t0.Add(25 * time.Hour)) {
		t.Errorf("second reminder %v", r)
	}
	c.TimedOut = true // after the deadline: at most one a day
	if r, _ := NextReminder(p, c); !r.Equal(t0.Add(37 * time.Hour)) {
		t.Errorf("after the deadline %v", r)
	}
	if got := NextDue(p, data.SeatClock{Bank: Day, Since: t0, TurnAt: t0, NudgeBy: "x"}, time.Time{}, t0.Add(time.Minute)); !got.Equal(t0.Add(time.Minute)) {
		t.Errorf("a nudge is due at once: %v", got)
	}
}

func TestDigest(t *testing.T) {
	log := []rules.LogEntry{{Version: 1, Text: "a"}, {Version: 2, Text: "b"}, {Version: 3, Text: "c"}, {Version: 4, Text: "d"}}
	got, more := Digest(log, 2, 0)
	if len(got) != 2 || got[0].Text != "c" || more != 0 {
		t.Errorf("digest = %v %d", got, more)
	}
	got, more = Digest(log, 0, 3)
	if len(got) != 3 || got[0].Text != "b" || more != 1 {
		t.Errorf("digest capped = %v %d", got, more)
	}
}

// TestRecomputeSimultaneousStepHidesOrder: in a step where every seat acts at once (Spice
// Merchant's secret registration), whatever the order and times of the seats' moves, every
// seat's clock — bank, running time, decision start, deadline, next due time — is the same as
// every other's until the step ends, and at its end every seat has the same bank. Nothing public
// can show who moved or in what order.
func TestRecomputeSimultaneousStepHidesOrder(t *testing.T) {
	p, _ := Preset("daily")
	users := []string{"a", "b", "c"}
	all := []rules.Seat{0, 1, 2}
	for _, order := range [][]int{{0, 1, 2}, {2, 0, 1}, {1, 2, 0}} {
		t0 := time.Date(2026, 1, 5, 9, 0, 0, 0, time.UTC)
		cs := Recompute(p, nil, nil, Table{Version: 0, Users: users, Active: all}, t0)
		var moves []data.Move
		now := t0
		for k, seat := range order[:2] {
			now = now.Add(time.Duration(k+1) * 3 * time.Hour)
			moves = append(moves, data.Move{Seq: k + 1, Seat: seat, At: now})
			cs = Recompute(p, cs, moves, Table{Version: k + 1, Users: users, Active: all}, now)
			for _, c := range cs[1:] {
				d0, _ := Deadline(p, cs[0])
				d, _ := Deadline(p, c)
				if c.Bank != cs[0].Bank || c.Since != cs[0].Since || c.TurnAt != cs[0].TurnAt || !d.Equal(d0) || !c.Due.Equal(cs[0].Due) {
					t.Fatalf("order %v after %d moves: seat %d's clock %+v differs from seat 0's %+v", order, k+1, c.Seat, c, cs[0])
				}
			}
		}
		now = now.Add(time.Hour)
		moves = append(moves, data.Move{Seq: 3, Seat: order[2], At: now})
		cs = Recompute(p, cs, moves, Table{Version: 3, Users: users, Active: []rules.Seat{0}}, now)
		for _, c := range cs {
			if c.Bank != cs[0].Bank || c.Version != 3 {
				t.Errorf("order %v, the step over: seat %d %+v, seat 0 %+v", order, c.Seat, c, cs[0])
			}
		}
	}
}
