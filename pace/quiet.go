package pace

import (
	"errors"
	"fmt"
	"strings"
	"time"
	_ "time/tzdata" // time zones work without the system's zoneinfo (slim containers)

	"spicebot/data"
	"spicebot/rules"
)

// CommonZones are IANA time zones offered by the autocomplete of /settings timezone (any valid
// IANA name is accepted).
var CommonZones = []string{
	"UTC", "Europe/London", "Europe/Dublin", "Europe/Lisbon", "Europe/Paris", "Europe/Berlin",
	"Europe/Amsterdam", "Europe/Brussels", "Europe/Madrid", "Europe/Rome", "Europe/Zurich", "Europe/Vienna",
	"Europe/Stockholm", "Europe/Oslo", "Europe/Copenhagen", "Europe/Helsinki", "Europe/Warsaw", "Europe/Prague",
	"Europe/Athens", "Europe/Istanbul", "Europe/Kyiv", "Europe/Moscow", "Africa/Cairo", "Africa/Johannesburg",
	"Africa/Lagos", "Africa/Nairobi", "Asia/Dubai", "Asia/Karachi", "Asia/Kolkata", "Asia/Dhaka", "Asia/Bangkok",
	"Asia/Jakarta", "Asia/Singapore", "Asia/Kuala_Lumpur", "Asia/Manila", "Asia/Hong_Kong", "Asia/Shanghai",
	"Asia/Taipei", "Asia/Seoul", "Asia/Tokyo", "Australia/Perth", "Australia/Adelaide", "Australia/Brisbane",
	"Australia/Sydney", "Australia/Melbourne", "Pacific/Auckland", "Pacific/Honolulu", "America/Anchorage",
	"America/Los_Angeles", "America/Vancouver", "America/Denver", "America/Phoenix", "America/Chicago",
	"America/Mexico_City", "America/New_York", "America/Toronto", "America/Halifax", "America/Bogota",
	"America/Lima", "America/Santiago", "America/Buenos_Aires", "America/Sao_Paulo", "Atlantic/Reykjavik",
}

// Zone returns the time zone of an IANA name ("" is UTC). The error is a sentence a player can
// read (rules text). Names are matched ignoring case ("europe/paris").
func Zone(name string) (*time.Location, error) {
	name = strings.TrimSpace(name)
	if name == "" || strings.EqualFold(name, "utc") {
		return time.UTC, nil
	}
	for _, z := range CommonZones {
		if strings.EqualFold(z, name) {
			name = z
		}
	}
	// Names are paths in the zone database: refuse anything that is not a plain zone name.
	if strings.Contains(name, "..") || strings.HasPrefix(name, "/") || strings.ContainsAny(name, "\\ ") {
		return nil, errors.New(rules.Msg("pace.err.zone_name", "Text", quoted(name)))
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		return nil, errors.New(rules.Msg("pace.err.zone_unknown", "Text", quoted(name)))
	}
	return loc, nil
}

// Quiet is a player's quiet hours in their time zone: no reminder is sent between From and To
// (minutes after local midnight; From > To wraps midnight). From < 0 means no quiet hours.
type Quiet struct {
	Loc      *time.Location
	From, To int
}

// QuietOf returns the quiet hours of a player's settings (UTC when their zone is unknown).
func QuietOf(u data.UserPace) Quiet {
	loc, err := Zone(u.TZ)
	if err != nil {
		loc = time.UTC
	}
	return Quiet{Loc: loc, From: u.QuietFrom, To: u.QuietTo}
}

// None reports whether there are no quiet hours.
func (q Quiet) None() bool { return q.From < 0 || q.To < 0 || q.From == q.To }

// Until returns t when t is outside the quiet hours, else the end of the quiet hours t falls in
// (the next local time To, daylight saving time included).
func (q Quiet) Until(t time.Time) time.Time {
	if q.None() {
		return t
	}
	loc := q.Loc
	if loc == nil {
		loc = time.UTC
	}
	lt := t.In(loc)
	m := lt.Hour()*60 + lt.Minute()
	in := false
	if q.From < q.To {
		in = m >= q.From && m < q.To
	} else {
		in = m >= q.From || m < q.To
	}
	if !in {
		return t
	}
	end := time.Date(lt.Year(), lt.Month(), lt.Day(), q.To/60, q.To%60, 0, 0, loc)
	if !end.After(t) {
		end = time.Date(lt.Year(), lt.Month(), lt.Day()+1, q.To/60, q.To%60, 0, 0, loc)
	}
	return end
}

// ParseQuiet reads quiet hours as a player writes them, "22-7", "22:00-07:30", "23:30-8": from
// and to in minutes after midnight. "off" or "" gives -1, -1. Errors are sentences (rules text).
func ParseQuiet(s string) (from, to int, err error) {
	s = strings.ToLower(strings.ReplaceAll(strings.TrimSpace(s), " ", ""))
	if s == "" || s == "off" || s == "none" {
		return -1, -1, nil
	}
	a, b, ok := strings.Cut(s, "-")
	if !ok {
		return 0, 0, errors.New(rules.Msg("pace.err.quiet_format"))
	}
	if from, err = clockMinutes(a); err != nil {
		return 0, 0, err
	}
	if to, err = clockMinutes(b); err != nil {
		return 0, 0, err
	}
	if from == to {
		return 0, 0, errors.New(rules.Msg("pace.err.quiet_same"))
	}
	return from, to, nil
}

// clockMinutes reads "7", "07", "7:30", "19:05", "7h" as minutes after midnight.
func clockMinutes(s string) (int, error) {
	s = strings.TrimSuffix(s, "h")
	h, m := s, "0"
	if i := strings.IndexAny(s, ":h."); i >= 0 {
		h, m = s[:i], s[i+1:]
	}
	var hh, mm int
	if _, err := fmt.Sscanf(h, "%d", &hh); err != nil || len(h) > 2 {
		return 0, errors.New(rules.Msg("pace.err.clock_unreadable", "Text", quoted(s)))
	}
	if _, err := fmt.Sscanf(m, "%d", &mm); err != nil || len(m) > 2 {
		return 0, errors.New(rules.Msg("pace.err.clock_unreadable", "Text", quoted(s)))
	}
	if hh < 0 || hh > 24 || mm < 0 || mm > 59 || (hh == 24 && mm != 0) {
		return 0, errors.New(rules.Msg("pace.err.clock_invalid", "Text", quoted(s)))
	}
	return (hh*60 + mm) % 1440, nil
}

// QuietText says quiet hours in words (rules text): "22:00–07:00 (Europe/Paris)", or "none".
func QuietText(u data.UserPace) string {
	q := QuietOf(u)
	if q.None() {
		return rules.Msg("pace.quiet.none")
	}
	return fmt.Sprintf("%02d:%02d–%02d:%02d (%s)", q.From/60, q.From%60, q.To/60, q.To%60, q.Loc.String())
}

// ParseUntil reads when an absence ends, in the player's time zone loc: a date "2026-12-24"
// (back at the start of that day), a date and time "2026-12-24 18:00", or a length from now
// "3d", "2w", "36h". The result must be in the future and at most 12 weeks away. Errors are
// sentences (rules text).
func ParseUntil(s string, now time.Time, loc *time.Location) (time.Time, error) {
	s = strings.TrimSpace(s)
	if loc == nil {
		loc = time.UTC
	}
	var t time.Time
	if d, err := ParseDuration(strings.ToLower(strings.ReplaceAll(s, " ", ""))); err == nil {
		t = now.Add(d)
	} else {
		var perr error
		for _, layout := range []string{"2006-01-02 15:04", "2006-01-02T15:04", "2006-01-02"} {
			if t, perr = time.ParseInLocation(layout, s, loc); perr == nil {
				break
			}
		}
		if perr != nil {
			return time.Time{}, errors.New(rules.Msg("pace.err.until_format"))
		}
	}
	switch {
	case !t.After(now):
		return time.Time{}, errors.New(rules.Msg("pace.err.until_past"))
	case t.Sub(now) > 12*Week:
		return time.Time{}, errors.New(rules.Msg("pace.err.until_far"))
	}
	return t, nil
}

// Away reports whether the player is away at now, and until when.
func Away(u data.UserPace, now time.Time) (time.Time, bool) {
	if u.AwayUntil.IsZero() || !u.AwayUntil.After(now) || (!u.AwayFrom.IsZero() && u.AwayFrom.After(now)) {
		return time.Time{}, false
	}
	return u.AwayUntil, true
}
