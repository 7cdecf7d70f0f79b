// Package pace is spicebot's long-game layer: how fast a game is played (its pace: a time bank per
// seat with an increment per move and a cap), the seats' clocks, reminders with a "since your last
// move" digest, quiet hours and time zones, nudges, absences, what happens when a deadline passes
// (the timeout policy: wait, vote or ai), and table votes. It sits beside package commands: the
// commands translate interactions, this package holds the rules of time.
//
// # Clocks
//
// Each seat has a bank of time. Its clock runs only while the seat is among the game's active
// seats (rules.State.Active: several at once in a simultaneous step, so the public clocks never
// reveal who has acted in a secret step); it stops when the seat is no longer active. After each
// of its moves the seat's bank grows by the pace's increment, up to the cap. The seat's deadline
// is when its running clock reaches zero. Clocks are recomputed from Active() after every stored
// change (Keeper.Update), and a row stores its version, so a clock that missed a change (a crash
// between the move and the update) is recomputed by the scheduler.
//
// # Scheduler
//
// The seat_clocks rows are the scheduler's due rows: due_at is the next time something may happen
// to the seat (a reminder, its deadline, the end of quiet hours or of an absence, a nudge). Tick
// claims due rows with a lease, decides, and completes the claimed rows in one transaction with the
// outbox items they produced (data.Store.CompleteClocks), each row only while it still holds the
// lease and the row was not recomputed meanwhile. So a reminder is queued at most once, a crash mid-way leaves the
// lease to run out and the row to be claimed again, and reminders missed while the bot was down
// are sent once (the next one counts from when it was sent). Expired votes are claimed the same
// way. The bot runs Tick in a loop (bot/scheduler.go); no in-memory timer is the truth.
//
// # Text
//
// This package decides what and when; package commands words it (the reminder, the timeout
// notice, the vote message) from the outbox items' payloads defined here (KindReminder, KindPace).
// What this package says itself — durations, a pace's description, vote sentences, the events it
// records, the errors of what a player typed — is language-neutral rules text (rules.Msg, ids
// "pace.…" of the catalogue lang/messages/pace.<lang>.yaml), made in the reader's language at the
// edge.
package pace

import (
	"errors"
	"strconv"
	"strings"
	"time"

	"spicebot/data"
	"spicebot/rules"
)

// Day and Week are the units players use.
const (
	Day  = 24 * time.Hour
	Week = 7 * Day
)

// Pace is how fast a game is played: each seat's time bank at the start, the time added after each
// of its moves (up to Cap), and how often a waiting seat is reminded. The zero Pace is live: no
// clock, no deadline, no reminder.
type Pace struct {
	// Name is "live", "fast", "daily", "weekly" or "custom".
	Name string
	// Clock is each seat's bank at the start (0: no clock). Increment is added after each of the
	// seat's moves; Cap bounds the bank (0: no cap).
	Clock, Increment, Cap time.Duration
	// Remind is the reminder interval: a seat waited on that long is reminded, and again every so
	// long (0: never).
	Remind time.Duration
}

// The presets of /game new pace:. Live has no clock; the others are a bank with an increment:
// a player who answers quickly saves time for a busy day, up to the cap.
var presets = []Pace{
	{Name: "live"},
	{Name: "fast", Clock: 4 * time.Hour, Increment: time.Hour, Cap: 8 * time.Hour, Remind: time.Hour},
	{Name: "daily", Clock: Day, Increment: Day, Cap: 3 * Day, Remind: 12 * time.Hour},
	{Name: "weekly", Clock: Week, Increment: 3 * Day, Cap: 2 * Week, Remind: 2 * Day},
}

// Presets returns the preset paces, fastest first (live, fast, daily, weekly).
func Presets() []Pace { return append([]Pace(nil), presets...) }

// Preset returns the preset pace with that name, or false.
func Preset(name string) (Pace, bool) {
	for _, p := range presets {
		if p.Name == name {
			return p, true
		}
	}
	return Pace{}, false
}

// Live reports whether p has no clock.
func (p Pace) Live() bool { return p.Clock <= 0 }

// ParseCustom reads a custom pace as a player writes it: a time per decision, optionally "+" the
// time added per move and "/" the most a bank may hold: "2d", "36h", "2d+12h", "2d+12h/7d",
// "90m+15m". Units: w (weeks), d (days), h (hours), m (minutes), combinable ("1d12h"). Without an
// increment each move adds the whole time per decision again and the cap is that time (a plain
// deadline per decision). The reminder comes after half the time per decision (at least 15
// minutes, at most 2 days). Errors are sentences a player can read (rules text).
func ParseCustom(s string) (Pace, error) {
	s = strings.ToLower(strings.ReplaceAll(strings.TrimSpace(s), " ", ""))
	if s == "" {
		return Pace{}, errors.New(rules.Msg("pace.err.custom_empty"))
	}
	main, capText, hasCap := strings.Cut(s, "/")
	clockText, incText, hasInc := strings.Cut(main, "+")
	clock, err := ParseDuration(clockText)
	if err != nil {
		return Pace{}, err
	}
	p := Pace{Name: "custom", Clock: clock, Increment: clock, Cap: clock}
	if hasInc {
		if p.Increment, err = ParseDuration(incText); err != nil {
			return Pace{}, err
		}
		p.Cap = 0
	}
	if hasCap {
		if p.Cap, err = ParseDuration(capText); err != nil {
			return Pace{}, err
		}
		if p.Cap < p.Clock {
			return Pace{}, errors.New(rules.Msg("pace.err.cap_below_clock", "Cap", Words(p.Cap), "Clock", Words(p.Clock)))
		}
	}
	switch {
	case p.Clock < 10*time.Minute:
		return Pace{}, errors.New(rules.Msg("pace.err.too_short"))
	case p.Clock > 8*Week || p.Cap > 16*Week:
		return Pace{}, errors.New(rules.Msg("pace.err.too_long"))
	}
	p.Remind = min(max(p.Clock/2, 15*time.Minute), 2*Day)
	return p, nil
}

// ParseDuration reads "2d", "36h", "90m", "1w", "1d12h". Errors are sentences a player can read
// (rules text).
func ParseDuration(s string) (time.Duration, error) {
	orig := s
	if s == "" {
		return 0, errors.New(rules.Msg("pace.err.time_missing"))
	}
	var total time.Duration
	for s != "" {
		i := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == 0 || i == len(s) {
			return 0, errors.New(rules.Msg("pace.err.time_unreadable", "Text", quoted(orig)))
		}
		n, err := strconv.Atoi(s[:i])
		if err != nil || n > 100000 {
			return 0, errors.New(rules.Msg("pace.err.time_too_large", "Text", quoted(orig)))
		}
		var unit time.Duration
		switch s[i] {
		case 'w':
			unit = Week
		case 'd':
			unit = Day
		case 'h':
			unit = time.Hour
		case 'm':
			unit = time.Minute
		default:
			return 0, errors.New(rules.Msg("pace.err.time_unit", "Text", quoted(orig)))
		}
		total += time.Duration(n) * unit
		s = s[i+1:]
	}
	return total, nil
}

// quoted is a text a player typed, quoted as Go quotes it ("2x"), made safe for rules text.
func quoted(s string) string { return rules.Plain(strconv.Quote(s)) }

// Words says a duration in plain words, to the minute, as rules text: "2 days 12 hours",
// "45 minutes".
func Words(d time.Duration) string {
	days, hours, minutes := units(d)
	if days == 0 && hours == 0 && minutes == 0 {
		return rules.Msg("pace.duration.none")
	}
	var parts []string
	add := func(n int, id string) {
		if n != 0 {
			parts = append(parts, rules.Msg(id, "Count", n))
		}
	}
	add(days, "pace.duration.days")
	add(hours, "pace.duration.hours")
	add(minutes, "pace.duration.minutes")
	return strings.Join(parts, " ")
}

// units splits a duration, rounded to the minute, into the days, hours and minutes Words says
// (minutes only when under a day).
func units(d time.Duration) (days, hours, minutes int) {
	if d < 0 {
		d = -d
	}
	d = d.Round(time.Minute)
	days = int(d / Day)
	d -= time.Duration(days) * Day
	hours = int(d / time.Hour)
	d -= time.Duration(hours) * time.Hour
	if days == 0 {
		minutes = int(d / time.Minute)
	}
	return days, hours, minutes
}

// every says how often something recurs, as rules text: "every day", "every 12 hours".
func every(d time.Duration) string {
	days, hours, minutes := units(d)
	switch {
	case days == 1 && hours == 0 && minutes == 0:
		return rules.Msg("pace.every.day")
	case days == 0 && hours == 1 && minutes == 0:
		return rules.Msg("pace.every.hour")
	case days == 0 && hours == 0 && minutes == 1:
		return rules.Msg("pace.every.minute")
	case days > 0:
		return rules.Msg("pace.every.days", "Duration", Words(d))
	case hours > 0:
		return rules.Msg("pace.every.hours", "Duration", Words(d))
	}
	return rules.Msg("pace.every.minutes", "Duration", Words(d))
}

// Describe says a pace in plain words (rules text) for the lobby and /game status: "daily: 1 day
// per decision, +1 day per move, up to 3 days banked; reminders every 12 hours".
func (p Pace) Describe() string {
	if p.Live() {
		return rules.Msg("pace.describe.live")
	}
	s := rules.Msg("pace.describe.clock", "Name", p.NameText(), "Clock", Words(p.Clock))
	if p.Increment > 0 && !(p.Increment == p.Clock && p.Cap == p.Clock) {
		s += rules.Msg("pace.describe.increment", "Increment", Words(p.Increment))
		if p.Cap > 0 {
			s += rules.Msg("pace.describe.cap", "Cap", Words(p.Cap))
		}
	}
	if p.Remind > 0 {
		s += rules.Msg("pace.describe.remind", "Every", every(p.Remind))
	}
	return s
}

// NameText is the pace's name in words (rules text): "daily" in English, "quotidien" in French.
func (p Pace) NameText() string {
	switch p.Name {
	case "live", "fast", "daily", "weekly", "custom": // lang:ok: the presets' names (ids)
		return rules.Msg("pace.name." + p.Name)
	}
	return rules.Plain(p.Name)
}

// The timeout policies: what happens when a seat's deadline passes.
const (
	// TimeoutWait: the game waits; the table is told once, the player keeps being reminded.
	TimeoutWait = "wait"
	// TimeoutVote: the other seats get buttons: extend 24 h, skip (where the rules allow a pass),
	// hand the seat to a substitute, end the game (and let the AI play, when an AI is wired).
	TimeoutVote = "vote"
	// TimeoutAI: the AI plays the seat until its owner comes back.
	TimeoutAI = "ai"
)

// The absence policies: what an absence (/away) does to a game's clocks.
const (
	// AwayPause stops the absent player's clocks until they are back.
	AwayPause = "pause"
	// AwayAct lets their clocks run: the timeout policy acts after the deadline.
	AwayAct = "act"
)

// Extension is what a vote to extend adds to a seat's bank.
const Extension = 24 * time.Hour

// NudgeEvery is how often one player may be nudged in a game.
const NudgeEvery = 24 * time.Hour

// Row is the stored form of p with the game's timeout and absence policies.
func (p Pace) Row(gameID int64, timeout, away string) data.GamePace {
	return data.GamePace{GameID: gameID, Pace: p.Name, Clock: p.Clock, Increment: p.Increment, Cap: p.Cap,
		Remind: p.Remind, Timeout: timeout, Away: away}
}

// FromRow is the pace of a stored row.
func FromRow(r data.GamePace) Pace {
	return Pace{Name: r.Pace, Clock: r.Clock, Increment: r.Increment, Cap: r.Cap, Remind: r.Remind}
}
