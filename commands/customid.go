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
	ActYourMove Action = "ym"      // "Your move" button on a board: sb1:ym/{game}/{version}
	ActHand     Action = "hand"    // "My hand" button: sb1:hand/{game}
	ActJoin     Action = "join"    // lobby buttons: sb1:join/{game}
	ActLeave    Action = "leave"   //
	ActStart    Action = "start"   //
	ActCancel   Action = "cancel"  // cancel confirmation: sb1:cancel/{game}/{yes|no}
	ActRematch  Action = "rematch" // results message: a new lobby with the same players: sb1:rematch/{game}
	ActUndo     Action = "undo"    // take back one's last move (undo.go): sb1:undo/{game}/{version}/{count}/{hash}
	ActBack     Action = "back"    // "I'm back" on an AI stand-in notice: sb1:back/{game}
	ActVote     Action = "vote"    // a table vote's choice (pace.go): sb1:vote/{game}/{vote}/{choice index}
	ActTake     Action = "take"    // "Take this seat" after a vote to replace: sb1:take/{game}/{vote}/{seat}
	ActNudge    Action = "nudge"   // the board's Nudge button: sb1:nudge/{game}
	ActHome     Action = "home"    // "I'm back" after /away: sb1:home/0
	ActDetails  Action = "details" // the board's Details button: the full board, privately: sb1:details/{game}

	// The decision menu (decide.go): sb1:{action}/{game}/{hash}/{path}/{k}, where hash is the
	// short hash of the seat's legal moves the menu was made for, path is "p" and the option
	// indexes joined by dots ("p2.0"), and k is a page or the number of a select menu.
	ActGo      Action = "go"    // show the level at path (page k): an option that opens a level, Back, a page
	ActDo      Action = "do"    // play the move at path
	ActAsk     Action = "ask"   // ask to confirm the irreversible move at path
	ActSelect  Action = "sel"   // a select menu at path; each value is a path relative to it
	ActMulti   Action = "multi" // a multi-select of the level at path; values are option indexes
	ActMultiOK Action = "mok"   // the confirmation of a batch that can't be taken back: path is the level's path then the picked option indexes, k the level path's length
)

// CustomID is a decoded custom_id.
type CustomID struct {
	Action  Action
	Game    int64  // the stored game's row id
	Version int    // the game version the component was made for; a vote or take button: the vote id (-1 when not part of the id)
	Page    int    // page, or number of a select menu, of a decision menu
	Arg     string // free argument (cancel: "yes" or "no")
	Hash    string // decision menu: the hash of the seat's legal moves it was made for; undo: of the moves
	Path    []int  // decision menu: option indexes from the first level
}

// menuAction reports whether a is an action of the decision menu.
func menuAction(a Action) bool {
	switch a {
	case ActGo, ActDo, ActAsk, ActSelect, ActMulti, ActMultiOK:
		return true
	}
	return false
}

// String encodes c; the result is at most 100 characters, Discord's custom_id limit (a path of
// at most 12 levels).
func (c CustomID) String() string {
	base := customIDPrefix + string(c.Action) + "/" + strconv.FormatInt(c.Game, 10)
	switch {
	case c.Action == ActYourMove:
		return base + "/" + strconv.Itoa(c.Version)
	case menuAction(c.Action):
		return base + "/" + c.Hash + "/" + pathText(c.Path) + "/" + strconv.Itoa(c.Page)
	case c.Action == ActCancel:
		return base + "/" + c.Arg
	case c.Action == ActVote:
		return base + "/" + strconv.Itoa(c.Version) + "/" + strconv.Itoa(c.Page)
	case c.Action == ActTake:
		return base + "/" + strconv.Itoa(c.Version) + "/" + strconv.Itoa(c.Page)
	case c.Action == ActUndo:
		return base + "/" + strconv.Itoa(c.Version) + "/" + strconv.Itoa(c.Page) + "/" + c.Hash
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
	switch {
	case c.Action == ActYourMove:
		want = 3
	case menuAction(c.Action):
		want = 5
	case c.Action == ActCancel:
		want = 3
	case c.Action == ActVote:
		want = 4
	case c.Action == ActTake:
		want = 4
	case c.Action == ActNudge, c.Action == ActHome:
	case c.Action == ActUndo:
		want = 5
	case c.Action == ActHand, c.Action == ActDetails, c.Action == ActJoin, c.Action == ActLeave, c.Action == ActStart, c.Action == ActRematch, c.Action == ActBack:
	default:
		return CustomID{}, fmt.Errorf("custom_id %q: unknown action", s)
	}
	if len(parts) != want {
		return CustomID{}, fmt.Errorf("custom_id %q: wrong number of parts", s)
	}
	switch {
	case c.Action == ActYourMove:
		if c.Version, err = strconv.Atoi(parts[2]); err != nil || c.Version < 0 {
			return CustomID{}, fmt.Errorf("custom_id %q: bad version", s)
		}
	case menuAction(c.Action):
		c.Hash = parts[2]
		if c.Hash == "" || len(c.Hash) > 13 {
			return CustomID{}, fmt.Errorf("custom_id %q: bad hash", s)
		}
		p, ok := strings.CutPrefix(parts[3], "p")
		if !ok {
			return CustomID{}, fmt.Errorf("custom_id %q: bad path", s)
		}
		if c.Path, ok = parsePath(p); !ok {
			return CustomID{}, fmt.Errorf("custom_id %q: bad path", s)
		}
		if c.Page, err = strconv.Atoi(parts[4]); err != nil || c.Page < 0 {
			return CustomID{}, fmt.Errorf("custom_id %q: bad page", s)
		}
	case c.Action == ActUndo:
		if c.Version, err = strconv.Atoi(parts[2]); err != nil || c.Version < 1 {
			return CustomID{}, fmt.Errorf("custom_id %q: bad version", s)
		}
		if c.Page, err = strconv.Atoi(parts[3]); err != nil || c.Page < 1 || c.Page > c.Version {
			return CustomID{}, fmt.Errorf("custom_id %q: bad move count", s)
		}
		c.Hash = parts[4]
		if c.Hash == "" || len(c.Hash) > 13 {
			return CustomID{}, fmt.Errorf("custom_id %q: bad hash", s)
		}
	case c.Action == ActVote:
		if c.Version, err = strconv.Atoi(parts[2]); err != nil || c.Version < 1 {
			return CustomID{}, fmt.Errorf("custom_id %q: bad vote", s)
		}
		if c.Page, err = strconv.Atoi(parts[3]); err != nil || c.Page < 0 || c.Page > 9 {
			return CustomID{}, fmt.Errorf("custom_id %q: bad choice", s)
		}
	case c.Action == ActTake:
		if c.Version, err = strconv.Atoi(parts[2]); err != nil || c.Version < 1 {
			return CustomID{}, fmt.Errorf("custom_id %q: bad vote", s)
		}
		if c.Page, err = strconv.Atoi(parts[3]); err != nil || c.Page < 0 || c.Page > 9 {
			return CustomID{}, fmt.Errorf("custom_id %q: bad seat", s)
		}
	case c.Action == ActCancel:
		c.Arg = parts[2]
		if c.Arg != "yes" && c.Arg != "no" {
			return CustomID{}, fmt.Errorf("custom_id %q: bad confirmation", s)
		}
	}
	return c, nil
}
