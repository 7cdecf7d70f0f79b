package pace

import (
	"slices"
	"time"

	"spicebot/data"
)

// The kinds of table votes.
const (
	VoteExtend  = "extend"  // add Extension to the seat's bank (or every waited-on seat's)
	VotePause   = "pause"   // stop every clock until the next move
	VoteReplace = "replace" // hand the seat to a substitute ("Take this seat")
	VoteEnd     = "end"     // end the game now, without a result
	VoteRematch = "rematch" // end the game and open a lobby with the same players
	VoteTimeout = "timeout" // a deadline passed (policy vote): Choices say what may happen
)

// The choices of a timeout vote, and of a yes/no vote.
const (
	ChoiceExtend     = "extend"
	ChoiceSkip       = "skip"
	ChoiceSubstitute = "substitute"
	ChoiceAI         = "ai"
	ChoiceEnd        = "end"
	ChoiceYes        = "yes"
	ChoiceNo         = "no"
)

// The results of a vote besides its winning choice.
const (
	ResultFailed  = "failed"  // no choice can reach a majority any more
	ResultExpired = "expired" // nobody decided in time
)

// VoteKinds are the votes a player may open with /game vote, in menu order.
var VoteKinds = []string{VoteExtend, VotePause, VoteReplace, VoteEnd, VoteRematch}

// VoteTTL is how long a vote stays open in a game of pace p: the time per decision, between one
// hour and two days (one hour for a live game).
func VoteTTL(p Pace) time.Duration {
	return min(max(p.Clock, time.Hour), 2*Day)
}

// VoteCooldown is how long after a vote failed or expired a player must wait to open a vote on
// the same topic again in a game of pace p (issue 24: a failed vote reopened at once pings the
// whole table again): a quarter of VoteTTL, so 15 minutes in a live game and up to 12 hours in a
// weekly one.
func VoteCooldown(p Pace) time.Duration {
	return VoteTTL(p) / 4
}

// Tally decides a vote among seats seats: the choice a strict majority of the seats picked wins;
// the vote fails once no choice can reach a majority with the ballots still out (a "no" majority
// fails a yes/no vote too). decided is false while it is open.
func Tally(v data.Vote, seats int) (result string, decided bool) {
	need := seats/2 + 1
	count := map[string]int{}
	for _, c := range v.Ballots {
		count[c]++
	}
	for _, c := range v.Choices {
		if count[c] >= need {
			if c == ChoiceNo {
				return ResultFailed, true
			}
			return c, true
		}
	}
	out := seats - len(v.Ballots)
	for _, c := range v.Choices {
		if c != ChoiceNo && count[c]+out >= need {
			return "", false
		}
	}
	return ResultFailed, true
}

// TimeoutChoices are the choices of a timeout vote: extend, skip when the seat may pass, a
// substitute, the AI when one can stand in, and ending the game.
func TimeoutChoices(canPass, canAI bool) []string {
	out := []string{ChoiceExtend}
	if canPass {
		out = append(out, ChoiceSkip)
	}
	out = append(out, ChoiceSubstitute)
	if canAI {
		out = append(out, ChoiceAI)
	}
	return append(out, ChoiceEnd)
}

// Offers reports whether v offers choice.
func Offers(v data.Vote, choice string) bool { return slices.Contains(v.Choices, choice) }
