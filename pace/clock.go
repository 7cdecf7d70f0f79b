package pace

import (
	"slices"
	"time"

	"spicebot/data"
	"spicebot/rules"
)

// Table is what a recompute of the clocks needs to know about a game now.
type Table struct {
	// Version is the game's version; Over is true once it has ended (no clock runs).
	Version int
	Over    bool
	// Users are the seats' user ids, by seat.
	Users []string
	// Active are the seats that must act now (rules.State.Active).
	Active []rules.Seat
	// Paused is true while the table paused every clock (a vote; the next move resumes them).
	Paused bool
	// Away maps a seat whose player is away, in a game whose absence policy pauses the clock, to
	// when the absence ends.
	Away map[int]time.Time
	// NoClock are the seats the AI plays (AI seats and stand-ins): no clock, no reminder.
	NoClock map[int]bool
}

// Recompute returns the seats' clocks after a change of the game (moves, an undo, a
// replacement, a pause, an absence): each running clock is charged the time since it started;
// each seat that moved since its row's version gets the increment (once per change, up to the
// cap) and a fresh decision; a seat whose last move was taken back (the game's version went
// back below it) gives its increment back and decides afresh; the clocks of the active seats run again from now unless paused.
//
// A step where several seats act at once (Spice Merchant's secret registration) is held as one:
// a seat that moved in it and is still among its active seats keeps its clock running, gets no
// increment and no fresh decision until the step ends (its row's version stays before its move
// until then). Its clock, deadline and reminders so look exactly like those of the seats still
// deciding, and nothing public shows who has moved or in what order (issue 26); at the end every
// seat that moved gets its increment at once.
// old are the stored clocks (any order; a seat without one starts with the pace's bank); moves are
// the game's moves since the oldest of their versions. It is a pure function.
func Recompute(p Pace, old []data.SeatClock, moves []data.Move, t Table, now time.Time) []data.SeatClock {
	out := make([]data.SeatClock, len(t.Users))
	for i := range out {
		c := data.SeatClock{Seat: i, Bank: p.Clock, UserID: t.Users[i], Version: -1}
		for _, o := range old {
			if o.Seat == i {
				c = o
			}
		}
		if c.UserID != t.Users[i] {
			// A new player took the seat: the bank stays with the seat, the nudges do not.
			c.UserID, c.Nudged, c.NudgeBy = t.Users[i], time.Time{}, ""
		}
		if !c.Since.IsZero() {
			c.Bank -= now.Sub(c.Since)
			c.Since = time.Time{}
		}
		if c.LastMove > t.Version && c.Version > t.Version {
			// The seat's last move was taken back (an undo): so is its increment.
			if !p.Live() {
				c.Bank -= p.Increment
			}
			c.LastMove, c.TurnAt = t.Version, time.Time{}
		}
		moved := false
		for _, m := range moves {
			if m.Seq > c.Version && m.Seat == i {
				moved = true
				c.LastMove = max(c.LastMove, m.Seq)
			}
		}
		active := !t.Over && slices.Contains(t.Active, rules.Seat(i)) && !t.NoClock[i]
		held := moved && active && len(t.Active) > 1 // moved within a step it shares: held until it ends
		if held {
			moved = false
		}
		if moved && !p.Live() {
			c.Bank += p.Increment
			if p.Cap > 0 && c.Bank > p.Cap {
				c.Bank = p.Cap
			}
		}
		awayUntil, away := t.Away[i]
		wasPaused := c.Paused
		c.Paused = active && away
		if !active {
			c.TurnAt, c.Reminded, c.Reminders, c.TimedOut, c.Paused = time.Time{}, time.Time{}, 0, false, false
			if t.Over {
				c.NudgeBy = ""
			}
		} else {
			if c.TurnAt.IsZero() || moved || (wasPaused && !c.Paused) {
				c.TurnAt, c.Reminded, c.Reminders, c.TimedOut = now, time.Time{}, 0, false
			}
			if !c.Paused && !t.Paused {
				c.Since = now
			}
		}
		if !held {
			c.Version = t.Version
		}
		c.Due = NextDue(p, c, awayUntil, now)
		out[i] = c
	}
	return out
}

// Held reports whether c is held with a step several seats act in at once (see Recompute): its
// seat moved in the step (its last move is after its row's version) and is still among the
// active seats. Its row's version is behind the game's on purpose, not because it missed a
// change.
func Held(c data.SeatClock, active []rules.Seat) bool {
	return c.LastMove > c.Version && len(active) > 1 && slices.Contains(active, rules.Seat(c.Seat))
}

// Deadline returns when c's running clock reaches zero, and false when it is not running or the
// pace has no clock.
func Deadline(p Pace, c data.SeatClock) (time.Time, bool) {
	if p.Live() || c.Since.IsZero() {
		return time.Time{}, false
	}
	return c.Since.Add(c.Bank), true
}

// Remaining is the time left on c's clock at now (negative when overdue; the bank when stopped).
func Remaining(c data.SeatClock, now time.Time) time.Duration {
	if c.Since.IsZero() {
		return c.Bank
	}
	return c.Bank - now.Sub(c.Since)
}

// AfterDeadline is the least time between reminders once a seat's deadline has passed.
const AfterDeadline = 24 * time.Hour

// NextReminder returns when c's next reminder is due (counted from the start of its decision or
// its last reminder), and false when none is (no reminders in this pace, or the seat is not
// waited on). Once the deadline passed, reminders come at most once per AfterDeadline.
func NextReminder(p Pace, c data.SeatClock) (time.Time, bool) {
	if p.Remind <= 0 || c.Since.IsZero() || c.TurnAt.IsZero() {
		return time.Time{}, false
	}
	base := c.TurnAt
	if c.Reminded.After(base) {
		base = c.Reminded
	}
	iv := p.Remind
	if c.TimedOut {
		iv = max(iv, AfterDeadline)
	}
	return base.Add(iv), true
}

// NextDue returns when the scheduler must next look at c: now for a nudge waiting to be sent,
// the end of the absence for a clock paused by one, else the earlier of its deadline (until the
// timeout policy acted) and its next reminder; zero for nothing.
func NextDue(p Pace, c data.SeatClock, awayUntil, now time.Time) time.Time {
	if c.NudgeBy != "" {
		return now
	}
	if c.Paused {
		return awayUntil
	}
	var due time.Time
	if d, ok := Deadline(p, c); ok && !c.TimedOut {
		due = d
	}
	if r, ok := NextReminder(p, c); ok && (due.IsZero() || r.Before(due)) {
		due = r
	}
	return due
}
