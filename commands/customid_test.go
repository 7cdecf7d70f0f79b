package commands

import (
	"reflect"
	"testing"
)

func TestCustomIDRoundTrip(t *testing.T) {
	ids := []CustomID{
		{Action: ActYourMove, Game: 12, Version: 37},
		{Action: ActHand, Game: 3, Version: -1},
		{Action: ActDetails, Game: 3, Version: -1},
		{Action: ActJoin, Game: 5, Version: -1},
		{Action: ActLeave, Game: 5, Version: -1},
		{Action: ActStart, Game: 5, Version: -1},
		{Action: ActRematch, Game: 5, Version: -1},
		{Action: ActCancel, Game: 5, Version: -1, Arg: "yes"},
		{Action: ActGo, Game: 7, Version: -1, Hash: "1z141z3"},
		{Action: ActGo, Game: 7, Version: -1, Hash: "abc", Path: []int{3}, Page: 2},
		{Action: ActDo, Game: 7, Version: -1, Hash: "abc", Path: []int{0, 12, 3}},
		{Action: ActAsk, Game: 7, Version: -1, Hash: "abc", Path: []int{1, 2}},
		{Action: ActSelect, Game: 7, Version: -1, Hash: "abc", Path: []int{1}, Page: 3},
		{Action: ActMulti, Game: 7, Version: -1, Hash: "abc", Path: []int{4, 0}},
		// The longest a decision menu makes: the largest game id, a full hash, 12 levels of 3 digits.
		{Action: ActMulti, Game: 1<<63 - 1, Version: -1, Hash: "1z141z3", Path: []int{999, 999, 999, 999, 999, 999, 999, 999, 999, 999, 999, 999}, Page: 99},
	}
	for _, id := range ids {
		s := id.String()
		if len(s) > 100 {
			t.Errorf("%q is %d characters, more than Discord's 100", s, len(s))
		}
		got, err := ParseCustomID(s)
		if err != nil {
			t.Fatalf("parse %q: %v", s, err)
		}
		if !reflect.DeepEqual(got, id) {
			t.Errorf("parse %q = %+v, want %+v", s, got, id)
		}
	}
}

func TestParseCustomIDRejects(t *testing.T) {
	for _, s := range []string{"", "ym/1/2", "sb1:", "sb1:ym", "sb1:ym/x/2", "sb1:ym/1", "sb1:ym/1/-3",
		"sb1:mv/1/2/0", "sb1:zz/1", "sb1:cancel/1/maybe", "sb1:hand/1/2",
		"sb1:do/1/abc/p1.2", "sb1:do/1//p1/0", "sb1:do/1/abc/1.2/0", "sb1:do/1/abc/p1..2/0", "sb1:do/1/abc/p-1/0",
		"sb1:sel/1/abc/px/0", "sb1:go/1/abc/p/-1", "sb1:go/1/abcdefghijklmn/p/0"} {
		if _, err := ParseCustomID(s); err == nil {
			t.Errorf("ParseCustomID(%q) accepted", s)
		}
	}
}
