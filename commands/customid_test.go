package commands

import "testing"

func TestCustomIDRoundTrip(t *testing.T) {
	ids := []CustomID{
		{Action: ActYourMove, Game: 12, Version: 37},
		{Action: ActHand, Game: 3, Version: -1},
		{Action: ActMoves, Game: 99999999, Version: 1234, Page: 2},
		{Action: ActPage, Game: 1, Version: 0, Page: 1},
		{Action: ActJoin, Game: 5, Version: -1},
		{Action: ActLeave, Game: 5, Version: -1},
		{Action: ActStart, Game: 5, Version: -1},
		{Action: ActCancel, Game: 5, Version: -1, Arg: "yes"},
	}
	for _, id := range ids {
		s := id.String()
		if len(s) > 100 {
			t.Errorf("%q longer than 100", s)
		}
		got, err := ParseCustomID(s)
		if err != nil {
			t.Fatalf("parse %q: %v", s, err)
		}
		if got != id {
			t.Errorf("parse %q = %+v, want %+v", s, got, id)
		}
	}
}

func TestParseCustomIDRejects(t *testing.T) {
	for _, s := range []string{"", "ym/1/2", "sb1:", "sb1:ym", "sb1:ym/x/2", "sb1:ym/1", "sb1:ym/1/-3",
		"sb1:mv/1/2", "sb1:mv/1/2/x", "sb1:zz/1", "sb1:cancel/1/maybe", "sb1:hand/1/2"} {
		if _, err := ParseCustomID(s); err == nil {
			t.Errorf("ParseCustomID(%q) accepted", s)
		}
	}
}
