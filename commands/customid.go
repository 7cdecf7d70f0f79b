package commands

import (
	"fmt"
	"strconv"
	"strings"
)

// customIDPrefix starts every custom_id spicebot makes, so components of other apps (or of an
// incompatible older spicebot) are recognised and refused cleanly.
const customIDPrefix = "sb1:"

// Action is what a component does, the first segment of its custom_id.
type Action string

// The component actions. Their custom_ids are path-like: "sb1:{action}/{game}/{version}/{arg}".
// They never hold hidden information: the clicker's seat always comes from the user id.
const (
	ActYourMove Action = "ym"   // "Your move" button on a board: sb1:ym/{game}/{version}
	ActHand     Action = "hand" // "My hand" button: sb1:hand/{game}
	ActMoves    Action = "mv"   // select menu of moves: sb1:mv/{game}/{version}/{page}; values are move texts
	ActPage     Action = "pg"   // page button of the move menu: sb1:pg/{game}/{version}/{page}
	ActJoin     Action = "join" // lobby buttons: sb1:join/{game}
	ActLeave    Action = "leave"
	ActStart    Action = "start"
	ActCancel   Action = "cancel"  // cancel confirmation: sb1:cancel/{game}/{yes|no}
	ActRematch  Action = "rematch" // results message: a new lobby with the same players: sb1:rematch/{game}
)

// CustomID is a decoded custom_id.
type CustomID struct {
	Action  Action
	Game    int64  // the stored game's row id
	Version int    // the game version the component was made for (-1 when not part of the id)
	Page    int    // page of a move menu
	Arg     string // free argument (cancel: "yes" or "no")
}

// String encodes c; the result is at most 100 characters, Discord's custom_id limit.
func (c CustomID) String() string {
	base := customIDPrefix + string(c.Action) + "/" + strconv.FormatInt(c.Game, 10)
	switch c.Action {
	case ActYourMove:
		return base + "/" + strconv.Itoa(c.Version)
	case ActMoves, ActPage:
		return base + "/" + strconv.Itoa(c.Version) + "/" + strconv.Itoa(c.Page)
	case ActCancel:
		return base + "/" + c.Arg
	default:
		return base
	}
}

// ParseCustomID decodes a custom_id made by CustomID.String. It returns an error for anything else.
func ParseCustomID(s string) (CustomID, error) {
	rest, ok := strings.CutPrefix(s, customIDPrefix)
	if !ok {
		return CustomID{}, fmt.Errorf("custom_id %q is not spicebot's", s)
	}
	parts := strings.Split(rest, "/")
	if len(parts) < 2 {
		return CustomID{}, fmt.Errorf("custom_id %q is too short", s)
	}
	c := CustomID{Action: Action(parts[0]), Version: -1}
	var err error
	if c.Game, err = strconv.ParseInt(parts[1], 10, 64); err != nil {
		return CustomID{}, fmt.Errorf("custom_id %q: bad game id", s)
	}
	want := 2
	switch c.Action {
	case ActYourMove:
		want = 3
	case ActMoves, ActPage:
		want = 4
	case ActCancel:
		want = 3
	case ActHand, ActJoin, ActLeave, ActStart, ActRematch:
	default:
		return CustomID{}, fmt.Errorf("custom_id %q: unknown action", s)
	}
	if len(parts) != want {
		return CustomID{}, fmt.Errorf("custom_id %q: wrong number of parts", s)
	}
	if want >= 3 && c.Action != ActCancel {
		if c.Version, err = strconv.Atoi(parts[2]); err != nil || c.Version < 0 {
			return CustomID{}, fmt.Errorf("custom_id %q: bad version", s)
		}
	}
	if want == 4 {
		if c.Page, err = strconv.Atoi(parts[3]); err != nil || c.Page < 0 {
			return CustomID{}, fmt.Errorf("custom_id %q: bad page", s)
		}
	}
	if c.Action == ActCancel {
		c.Arg = parts[2]
		if c.Arg != "yes" && c.Arg != "no" {
			return CustomID{}, fmt.Errorf("custom_id %q: bad confirmation", s)
		}
	}
	return c, nil
}
