package commands

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"spicebot/data"
	"spicebot/games"
	"spicebot/pace"
	"spicebot/rules"
)

// fakeClock is a clock the test moves by hand.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// sent is a reminder the scheduler queued, worded as the bot would send it.
type sent struct {
	at   time.Time
	user string
	seat rules.Seat
	rem  pace.Reminder
	msg  ReminderMessage
}

// paceTable is a game in channel c1 with the long-game layer on a fake clock.
type paceTable struct {
	t       *testing.T
	ctx     context.Context
	clock   *fakeClock
	svc     *Service
	store   *data.Store
	k       *pace.Keeper
	reg     *rules.Registry
	game    int64
	users   []string // by seat
	sent    []sent
	notices []PaceNotice
}

// newPaceTable starts game for users (the first creates it) with the /game new options opts.
func newPaceTable(t *testing.T, reg *rules.Registry, game string, users []string, opts map[string]any) *paceTable {
	t.Helper()
	ctx := context.Background()
	store, err := data.Open(ctx, filepath.Join(t.TempDir(), "db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	clock := &fakeClock{t: time.Date(2026, 1, 5, 7, 0, 0, 0, time.UTC)} // a Monday
	svc := New(store, reg, nil)
	svc.now = clock.Now
	k := pace.New(store, reg, clock, nil)
	svc.SetPacer(k)
	pt := &paceTable{t: t, ctx: ctx, clock: clock, svc: svc, store: store, k: k, reg: reg}
	o := map[string]any{"game": game}
	for key, v := range opts {
		o[key] = v
	}
	if r := pt.do(users[0], Request{Kind: KindCommand, Command: "game", Sub: "new", Options: o}); !strings.Contains(r.Content, "Pace:") {
		t.Fatalf("lobby without its pace: %q", r.Content)
	}
	for _, u := range users[1:] {
		pt.do(u, Request{Kind: KindCommand, Command: "game", Sub: "join"})
	}
	if r := pt.do(users[0], Request{Kind: KindCommand, Command: "game", Sub: "start"}); !strings.Contains(r.Content, "has started") {
		t.Fatalf("start: %q", r.Content)
	}
	row, seats, err := store.Current(ctx, "c1")
	if err != nil {
		t.Fatal(err)
	}
	pt.game = row.ID
	pt.users = make([]string, len(seats))
	for _, s := range seats {
		pt.users[s.Seat] = s.UserID
	}
	pt.drain()
	return pt
}

func (pt *paceTable) do(user string, req Request) Reply {
	pt.t.Helper()
	req.ChannelID, req.GuildID, req.UserID = "c1", "g1", user
	if req.UserName == "" {
		req.UserName = strings.ToUpper(user)
	}
	if req.Options == nil {
		req.Options = map[string]any{}
	}
	r, err := pt.svc.Handle(pt.ctx, req)
	if err != nil {
		pt.t.Fatal(err)
	}
	localizeReply(pt.svc.Words().For("en"), &r) // as an English client reads it
	idScan(pt.t, r)
	return r
}

// loaded is the game now.
func (pt *paceTable) loaded() *loaded {
	pt.t.Helper()
	l, err := pt.svc.load(pt.ctx, "", pt.game)
	if err != nil {
		pt.t.Fatal(err)
	}
	return l
}

// tick runs the scheduler once and delivers what it queued (reminders and notices are worded and
// checked; everything is marked sent).
func (pt *paceTable) tick() pace.Stats {
	pt.t.Helper()
	st, _, err := pt.k.Tick(pt.ctx)
	if err != nil {
		pt.t.Fatal(err)
	}
	pt.drain()
	return st
}

// drain words the pending reminders and pace notices, checks every digest, and marks the whole
// outbox sent.
func (pt *paceTable) drain() {
	pt.t.Helper()
	items, err := pt.store.PendingOutbox(pt.ctx, 0)
	if err != nil {
		pt.t.Fatal(err)
	}
	for _, it := range items {
		switch it.Kind {
		case pace.KindReminder:
			rem, err := pace.ReminderOf(it)
			if err != nil {
				pt.t.Fatal(err)
			}
			msg, ok, err := pt.svc.Reminder(pt.ctx, it)
			if err != nil {
				pt.t.Fatal(err)
			}
			if ok {
				pt.checkDigest(rem, msg)
				pt.sent = append(pt.sent, sent{at: pt.clock.Now(), user: it.Target, seat: rem.Seat, rem: rem, msg: msg})
			}
		case pace.KindPace:
			n, ok, err := pt.svc.PaceNotice(pt.ctx, it)
			if err != nil {
				pt.t.Fatal(err)
			}
			if ok {
				pt.notices = append(pt.notices, n)
			}
		}
		if err := pt.store.MarkSent(pt.ctx, it.ID); err != nil {
			pt.t.Fatal(err)
		}
	}
}

// checkDigest checks a reminder's two texts: the DM's digest has only lines of the seat's own
// log (or public events) after its last move, the channel's only public lines; neither names a
// card hidden from its reader; both carry the deadline as Discord timestamps.
func (pt *paceTable) checkDigest(rem pace.Reminder, msg ReminderMessage) {
	pt.t.Helper()
	l := pt.loaded()
	allowed := func(viewer rules.Seat) map[string]bool {
		ok := map[string]bool{}
		en := pt.svc.Words().For("en") // the reminders below are made for English readers
		for _, e := range pt.svc.withEvents(pt.ctx, l, l.st.Log(viewer)) {
			ok[en.Text(l.expand(e.Text, nil))] = true
		}
		return ok
	}
	for _, c := range []struct {
		text   string
		viewer rules.Seat
	}{{msg.DM, rem.Seat}, {msg.Channel, rules.Observer}} {
		ok := allowed(c.viewer)
		_, digest, _ := strings.Cut(c.text, "**Since your last move:**")
		for _, line := range strings.Split(digest, "\n") {
			line = strings.TrimPrefix(line, "> ")
			if line == "" || strings.HasPrefix(line, "…") {
				continue
			}
			if !ok[line] {
				pt.t.Fatalf("digest for viewer %d shows a line not in its log: %q\n%s", c.viewer, line, c.text)
			}
		}
		scan(pt.t, "reminder", c.text, l.st.Hidden(c.viewer))
		if idPattern.MatchString(c.text) {
			pt.t.Fatalf("a reminder shows an internal id: %q", c.text)
		}
		if rem.Deadline > 0 && !strings.Contains(c.text, fmt.Sprintf("<t:%d:R> (<t:%d:f>)", rem.Deadline, rem.Deadline)) {
			pt.t.Fatalf("reminder without its deadline stamps: %q", c.text)
		}
		if !strings.Contains(c.text, "https://discord.com/channels/g1/c1") {
			pt.t.Fatalf("reminder without a link to the board: %q", c.text)
		}
	}
}

// playResponsive lets every seat whose user is responsive play one decision (its first legal
// move), like players who look in once.
func (pt *paceTable) playResponsive(responsive func(user string) bool) int {
	pt.t.Helper()
	played := 0
	done := map[rules.Seat]bool{}
	for n := 0; n < 200; n++ {
		l := pt.loaded()
		if l.st == nil || l.row.Status != data.StatusPlaying {
			return played
		}
		moved := false
		for _, seat := range l.st.Active() {
			legal := l.st.Legal(seat)
			if u := pt.users[seat]; len(legal) > 0 && responsive(u) && !done[seat] {
				done[seat] = true
				r := pt.do(u, Request{Kind: KindCommand, Command: "play", Options: map[string]any{"move": legal[0].String()}})
				if !strings.HasPrefix(r.Content, "You played") {
					pt.t.Fatalf("play %q: %q", legal[0], r.Content)
				}
				moved = true
				played++
				break
			}
		}
		if !moved {
			return played
		}
	}
	return played
}

// tryUndo lets user play their first legal move and take it back when the reply offers Undo:
// afterwards their clock runs again for the same decision. It reports whether it undid a move.
func (pt *paceTable) tryUndo(user string) bool {
	pt.t.Helper()
	l := pt.loaded()
	seat := rules.Seat(slices.Index(pt.users, user))
	if l.st == nil || !slices.Contains(l.st.Active(), seat) || len(l.st.Legal(seat)) == 0 {
		return false
	}
	r := pt.do(user, Request{Kind: KindCommand, Command: "play", Options: map[string]any{"move": l.st.Legal(seat)[0].String()}})
	b, ok := undoButton(r)
	if !ok {
		return false
	}
	if r := pt.do(user, Request{Kind: KindComponent, CustomID: b.CustomID}); !strings.Contains(strings.ToLower(r.Content), "took back") {
		pt.t.Fatalf("undo: %q", r.Content)
	}
	cs, err := pt.store.Clocks(pt.ctx, pt.game)
	if err != nil {
		pt.t.Fatal(err)
	}
	if c := cs[seat]; c.Since.IsZero() || c.Version != pt.loaded().row.Version {
		pt.t.Fatalf("after the undo %s's clock does not run: %+v", user, c)
	}
	return true
}

// openVote returns the open vote about seat, or false.
func (pt *paceTable) openVote(kind string, seat int) (data.Vote, bool) {
	v, ok, err := pt.svc.openVoteAbout(pt.ctx, pt.game, kind, seat)
	if err != nil {
		pt.t.Fatal(err)
	}
	return v, ok
}

// voteFor presses the button of choice in vote v as user.
func (pt *paceTable) voteFor(user string, v data.Vote, choice string) Reply {
	pt.t.Helper()
	i := slices.Index(v.Choices, choice)
	if i < 0 {
		pt.t.Fatalf("vote %v offers no %q", v.Choices, choice)
	}
	return pt.do(user, Request{Kind: KindComponent, CustomID: CustomID{Action: ActVote, Game: pt.game, Version: int(v.ID), Page: i}.String()})
}

// TestPaceWeeksWithSilentAndAbsentPlayers plays a 3-player Spice Merchant game at the daily pace
// over simulated weeks: u1 answers twice a day (08:00 and 15:00 UTC); u2 (quiet hours 22–7 in
// Paris) plays two days and then goes silent; u3 goes on vacation for two days; u1 once takes a
// move back. It checks every reminder (recipient,
// spacing, quiet hours, redacted digest), that a vacation pauses reminders, the timeout vote
// (extend, then end), deadlines on the board, and that reminders missed while nothing ticked
// are sent once.
func TestPaceWeeksWithSilentAndAbsentPlayers(t *testing.T) {
	pt := newPaceTable(t, games.Registry(), "spice-merchant", []string{"u1", "u2", "u3"},
		map[string]any{"pace": "daily", "timeout": "vote"})
	paris, _ := time.LoadLocation("Europe/Paris")
	r := pt.do("u2", Request{Kind: KindCommand, Command: "settings", Options: map[string]any{"timezone": "europe/paris", "quiet": "22-7"}})
	if !strings.Contains(r.Content, "Europe/Paris") || !strings.Contains(r.Content, "22:00–07:00") {
		t.Fatalf("settings: %q", r.Content)
	}
	if r := pt.do("u2", Request{Kind: KindCommand, Command: "settings", Options: map[string]any{"timezone": "Mars/Olympus"}}); !strings.Contains(r.Content, "Nothing was changed") {
		t.Fatalf("a bad zone: %q", r.Content)
	}
	start := pt.clock.Now()
	silentFrom := start.Add(2 * pace.Day)
	var awayFrom, awayUntil time.Time
	seatOf := func(u string) rules.Seat { return rules.Seat(slices.Index(pt.users, u)) }
	votes := map[string]int{}
	sawDeadline, undone := false, false
	for step := 0; step < 16*48; step++ {
		pt.clock.Add(30 * time.Minute)
		now := pt.clock.Now()
		if now.Equal(start.Add(2*pace.Day + 3*time.Hour)) {
			r := pt.do("u3", Request{Kind: KindCommand, Command: "away", Options: map[string]any{"until": "2026-01-09"}})
			if !strings.Contains(r.Content, "away until") {
				t.Fatalf("/away: %q", r.Content)
			}
			awayFrom, awayUntil = now, time.Date(2026, 1, 9, 0, 0, 0, 0, time.UTC)
		}
		if l := pt.loaded(); l.row.Status != data.StatusPlaying {
			break
		}
		if h := now.Hour(); now.Minute() == 0 && (h == 8 || h == 15) {
			if !undone {
				undone = pt.tryUndo("u1")
			}
			pt.playResponsive(func(u string) bool {
				switch u {
				case "u2":
					return now.Before(silentFrom)
				case "u3":
					return awayFrom.IsZero() || !now.Before(awayUntil)
				}
				return true
			})
			// The others vote on a timeout: the first time to extend, then to end the game.
			if v, ok := pt.openVote(pace.VoteTimeout, int(seatOf("u2"))); ok {
				choice := pace.ChoiceExtend
				if votes[pace.ChoiceExtend] > 0 {
					choice = pace.ChoiceEnd
				}
				pt.voteFor("u1", v, choice)
				if r := pt.voteFor("u2", v, choice); !strings.Contains(r.Content, "others decide") {
					t.Errorf("the late player voted on their own timeout: %q", r.Content)
				}
				if !now.Before(awayUntil) {
					if r := pt.voteFor("u3", v, choice); strings.Contains(r.Content, "**decided") {
						votes[choice]++
					}
				}
			}
		}
		pt.tick()
		if !sawDeadline {
			if l := pt.loaded(); l.st != nil {
				post, err := pt.svc.BoardPost(pt.ctx, pt.game, nil)
				if err != nil {
					t.Fatal(err)
				}
				text := pt.svc.Words().For("en").Text(post.Content) // as an English channel reads it
				sawDeadline = strings.Contains(text, "time runs out <t:") && strings.Contains(text, ":f>)")
			}
		}
	}
	if !sawDeadline {
		t.Error("the board never showed a deadline as Discord timestamps")
	}
	if !undone {
		t.Error("u1 never took a move back")
	}
	byUser := map[string][]sent{}
	for _, s := range pt.sent {
		byUser[s.user] = append(byUser[s.user], s)
		if pt.users[s.seat] != s.user {
			t.Errorf("a reminder for seat %d went to %s", s.seat, s.user)
		}
	}
	u2 := byUser["u2"]
	t.Logf("status %s at %v; reminders %d; notices %d", pt.loaded().row.Status, pt.clock.Now(), len(pt.sent), len(pt.notices))
	if len(u2) < 4 {
		t.Fatalf("the silent player got %d reminders, want several", len(u2))
	}
	for i, s := range u2 {
		lt := s.at.In(paris)
		if m := lt.Hour()*60 + lt.Minute(); m >= 22*60 || m < 7*60 {
			t.Errorf("reminder %d to u2 at %s Paris time, in their quiet hours", i, lt.Format("Mon 15:04"))
		}
		if i > 0 && s.at.Sub(u2[i-1].at) < 12*time.Hour && s.rem.NudgeBy == "" {
			t.Errorf("reminders %d and %d to u2 only %v apart", i-1, i, s.at.Sub(u2[i-1].at))
		}
		if !strings.Contains(s.msg.DM, "Reminder") {
			t.Errorf("reminder text: %q", s.msg.DM)
		}
	}
	for _, s := range byUser["u3"] {
		if !s.at.Before(awayFrom) && s.at.Before(awayUntil) {
			t.Errorf("u3 was reminded at %v while away (%v–%v)", s.at, awayFrom, awayUntil)
		}
	}
	if votes[pace.ChoiceExtend] != 1 || votes[pace.ChoiceEnd] != 1 {
		t.Errorf("timeout votes decided: %v, want one extension then the end", votes)
	}
	if l := pt.loaded(); l.row.Status != data.StatusCancelled {
		t.Errorf("the game is %s, want ended by the vote", l.row.Status)
	}
	timeouts := 0
	for _, n := range pt.notices {
		if strings.Contains(n.Content, "ran out") {
			timeouts++
			if len(n.Components) == 0 {
				t.Errorf("a timeout notice of the vote policy without buttons: %q", n.Content)
			}
		}
	}
	if timeouts < 2 {
		t.Errorf("%d timeout notices, want one per deadline passed (2)", timeouts)
	}
	evs, _ := pt.store.Events(pt.ctx, pt.game)
	var kinds []string
	for _, e := range evs {
		kinds = append(kinds, e.Kind)
	}
	for _, want := range []string{"away", "timeout", "vote-result"} {
		if !slices.Contains(kinds, want) {
			t.Errorf("events %v lack %q", kinds, want)
		}
	}
	t.Logf("reminders: u1 %d, u2 %d, u3 %d; notices %d; events %d", len(byUser["u1"]), len(u2), len(byUser["u3"]), len(pt.notices), len(evs))
}

// stepPace starts a 2-player step game (seat 0 first) at the daily pace.
func stepPace(t *testing.T, opts map[string]any) *paceTable {
	reg := &rules.Registry{}
	reg.Register(stepGame{})
	if opts == nil {
		opts = map[string]any{"pace": "daily"}
	}
	return newPaceTable(t, reg, "step", []string{"u1", "u2"}, opts)
}

// TestReminderOnceAfterRestart: a reminder due while a scheduler held its row and died is sent
// once by the next scheduler after the lease ran out; reminders missed over days without any tick
// are sent once, not once per missed tick.
func TestReminderOnceAfterRestart(t *testing.T) {
	pt := stepPace(t, nil)
	first := pt.users[0]
	pt.clock.Add(12*time.Hour + time.Minute) // the first reminder is due
	// A scheduler claims the row and dies before completing it.
	if cs, err := pt.store.ClaimClocks(pt.ctx, pt.clock.Now(), pt.clock.Now().Add(2*time.Minute), "dead", 10); err != nil || len(cs) != 1 {
		t.Fatalf("claim: %v %v", cs, err)
	}
	if st := pt.tick(); st.Clocks != 0 || len(pt.sent) != 0 {
		t.Fatalf("a leased row was handled again: %+v", st)
	}
	pt.clock.Add(3 * time.Minute) // the lease ran out
	pt.tick()
	pt.tick()
	if len(pt.sent) != 1 || pt.sent[0].user != first {
		t.Fatalf("after the restart: %d reminders, want 1 to %s", len(pt.sent), first)
	}
	// Three days without a tick (the bot was down): one reminder, plus the timeout notice.
	pt.clock.Add(3 * pace.Day)
	pt.tick()
	pt.tick()
	if len(pt.sent) != 2 {
		t.Fatalf("after a long outage: %d reminders in all, want 2", len(pt.sent))
	}
	if len(pt.notices) != 1 || !strings.Contains(pt.notices[0].Content, "ran out") {
		t.Fatalf("timeout notices: %+v", pt.notices)
	}
	if !pt.sent[1].rem.Late {
		t.Error("the reminder after the deadline does not say it passed")
	}
	// The next reminder comes a day later (after the deadline: at most one a day).
	pt.clock.Add(23 * time.Hour)
	pt.tick()
	if len(pt.sent) != 2 {
		t.Fatalf("a reminder within a day after the deadline")
	}
	pt.clock.Add(time.Hour + time.Minute)
	pt.tick()
	if len(pt.sent) != 3 {
		t.Fatalf("no reminder a day later: %d", len(pt.sent))
	}
}

// TestClocksFollowMovesAndUndo: the clock runs only for the seat that must act; an undo gives
// the seat its decision back (and takes the move's increment back).
func TestClocksFollowMovesAndUndo(t *testing.T) {
	pt := stepPace(t, nil)
	a, b := pt.users[0], pt.users[1]
	clocks := func() []data.SeatClock {
		cs, err := pt.store.Clocks(pt.ctx, pt.game)
		if err != nil || len(cs) != 2 {
			t.Fatalf("clocks %v %v", cs, err)
		}
		return cs
	}
	cs := clocks()
	if cs[0].Since.IsZero() || !cs[1].Since.IsZero() {
		t.Fatalf("at the start only seat 0's clock runs: %+v", cs)
	}
	pt.clock.Add(2 * time.Hour)
	r := pt.do(a, Request{Kind: KindCommand, Command: "play", Options: map[string]any{"move": "end"}})
	cs = clocks()
	if !cs[0].Since.IsZero() || cs[1].Since.IsZero() || cs[0].Bank != 2*pace.Day-2*time.Hour {
		t.Fatalf("after seat 0's move: %+v", cs)
	}
	undo := mustUndo(t, r)
	pt.clock.Add(time.Hour)
	if r := pt.do(a, Request{Kind: KindComponent, CustomID: undo.CustomID}); !strings.Contains(strings.ToLower(r.Content), "took back") {
		t.Fatalf("undo: %q", r.Content)
	}
	cs = clocks()
	if cs[0].Since.IsZero() || !cs[1].Since.IsZero() {
		t.Fatalf("after the undo seat 0 decides again: %+v", cs)
	}
	if cs[0].Bank != pace.Day-2*time.Hour {
		t.Errorf("after the undo seat 0's bank is %v, want its time less the 2 h it used", cs[0].Bank)
	}
	if cs[1].Bank != pace.Day-time.Hour {
		t.Errorf("seat 1 was charged %v for the hour it was waited on", pace.Day-cs[1].Bank)
	}
	_ = b
}

// TestNudge: nudges wait until the seat has kept the table waiting, at most one a day per
// player, respect quiet hours, and are logged.
func TestNudge(t *testing.T) {
	pt := stepPace(t, nil)
	a, b := pt.users[0], pt.users[1]
	nudge := func() string {
		return pt.do(b, Request{Kind: KindCommand, Command: "game", Sub: "nudge", Options: map[string]any{"player": a}}).Content
	}
	if got := nudge(); !strings.Contains(got, "not kept the table waiting long") {
		t.Fatalf("an early nudge: %q", got)
	}
	if got := pt.do(a, Request{Kind: KindCommand, Command: "game", Sub: "nudge", Options: map[string]any{"player": b}}).Content; !strings.Contains(got, "not waiting for") {
		t.Fatalf("nudging a seat the game does not wait for: %q", got)
	}
	// a's quiet hours are 20:00–08:00 UTC; at 20:30 a nudge waits until 08:00.
	pt.do(a, Request{Kind: KindCommand, Command: "settings", Options: map[string]any{"timezone": "UTC", "quiet": "20-8"}})
	pt.clock.Add(13*time.Hour + 30*time.Minute) // 20:30, the first reminder (19:00) was held by quiet hours
	pt.tick()
	if got := nudge(); !strings.Contains(got, "Nudged") {
		t.Fatalf("nudge: %q", got)
	}
	pt.tick()
	if len(pt.sent) != 0 {
		t.Fatalf("a nudge went through quiet hours: %+v", pt.sent)
	}
	if got := nudge(); !strings.Contains(got, "less than a day ago") {
		t.Fatalf("a second nudge: %q", got)
	}
	pt.clock.Add(11*time.Hour + 30*time.Minute) // 08:00
	pt.tick()
	if len(pt.sent) != 1 || pt.sent[0].rem.NudgeBy != b || !strings.Contains(pt.sent[0].msg.DM, "nudged you") {
		t.Fatalf("after the quiet hours: %+v", pt.sent)
	}
	evs, _ := pt.store.Events(pt.ctx, pt.game)
	if len(evs) == 0 || evs[0].Kind != "nudge" || !strings.Contains(english().Text(evs[0].Text), "nudged") {
		t.Errorf("events: %+v", evs)
	}
	log := pt.do(b, Request{Kind: KindCommand, Command: "log"}).Content
	if !strings.Contains(log, "nudged") {
		t.Errorf("/log does not show the nudge: %q", log)
	}
}

// TestTableVotes: /game vote opens a vote counted as the opener's yes; a strict majority
// decides; pause stops every clock until the next move; a vote expires.
func TestTableVotes(t *testing.T) {
	reg := &rules.Registry{}
	reg.Register(stepGame{})
	pt := newPaceTable(t, reg, "step", []string{"u1", "u2", "u3"}, map[string]any{"pace": "daily"})
	r := pt.do("u1", Request{Kind: KindCommand, Command: "game", Sub: "vote", Options: map[string]any{"topic": "pause"}})
	if !strings.Contains(r.Content, "2 of 3") || len(voteButtonsOf(r)) != 2 {
		t.Fatalf("vote: %q", r.Content)
	}
	if again := pt.do("u2", Request{Kind: KindCommand, Command: "game", Sub: "vote", Options: map[string]any{"topic": "pause"}}); !strings.Contains(again.Content, "already open") {
		t.Fatalf("a second pause vote: %q", again.Content)
	}
	v, ok := pt.openVote(pace.VotePause, -1)
	if !ok {
		t.Fatal("no open vote")
	}
	if r := pt.do("u4", Request{Kind: KindComponent, CustomID: voteButtonsOf(r)[0]}); !strings.Contains(r.Content, "Only the game's players") {
		t.Fatalf("an outsider voted: %q", r.Content)
	}
	if r := pt.voteFor("u2", v, pace.ChoiceYes); !strings.Contains(r.Content, "passed") {
		t.Fatalf("majority: %q", r.Content)
	}
	cs, _ := pt.store.Clocks(pt.ctx, pt.game)
	for _, c := range cs {
		if !c.Since.IsZero() || !c.Due.IsZero() {
			t.Fatalf("a clock runs while paused: %+v", c)
		}
	}
	if st := pt.do("u1", Request{Kind: KindCommand, Command: "game", Sub: "status"}); !strings.Contains(st.Content, "paused") {
		t.Errorf("status while paused: %q", st.Content)
	}
	// The next move resumes the clocks.
	first := pt.users[0]
	pt.do(first, Request{Kind: KindCommand, Command: "play", Options: map[string]any{"move": "end"}})
	cs, _ = pt.store.Clocks(pt.ctx, pt.game)
	if cs[1].Since.IsZero() {
		t.Fatalf("the clocks did not resume after a move: %+v", cs)
	}
	// An extension vote that nobody else answers expires.
	pt.do("u3", Request{Kind: KindCommand, Command: "game", Sub: "vote", Options: map[string]any{"topic": "extend"}})
	pt.clock.Add(pace.Day + time.Minute)
	if st := pt.tick(); st.Votes != 1 {
		t.Fatalf("expired votes claimed: %+v", st)
	}
	if _, ok := pt.openVote(pace.VoteExtend, -1); ok {
		t.Fatal("the vote is still open")
	}
	evs, _ := pt.store.Events(pt.ctx, pt.game)
	var texts []string
	for _, e := range evs {
		texts = append(texts, pt.svc.Words().For("en").Text(e.Text)) // events are stored as markup
	}
	all := strings.Join(texts, "\n")
	if !strings.Contains(all, "passed") || !strings.Contains(all, "expired") || strings.Count(all, "opened a vote") != 2 {
		t.Errorf("vote events:\n%s", all)
	}
}

// voteButtonsOf returns the custom ids of a reply's buttons.
func voteButtonsOf(r Reply) []string {
	var out []string
	for _, b := range replyButtons(r) {
		out = append(out, b.CustomID)
	}
	return out
}

// TestPaceOptions: /game new refuses bad pace options with a sentence and opens nothing.
func TestPaceOptions(t *testing.T) {
	svc, store := newService(t)
	for _, tc := range []struct {
		opts map[string]any
		want string
	}{
		{map[string]any{"custom": "5m"}, "at least 10 minutes"},
		{map[string]any{"pace": "daily", "custom": "2d"}, "not both"},
		{map[string]any{"pace": "custom"}, "time per decision"},
		{map[string]any{"timeout": "vote"}, "live game has no clock"},
		{map[string]any{"pace": "daily", "timeout": "ai"}, "AI can't stand in"},
	} {
		req := as("u1", newGame("count", tc.opts))
		r := call(t, svc, req)
		if !r.Ephemeral || !strings.Contains(r.Content, tc.want) {
			t.Errorf("%v: %q, want %q", tc.opts, r.Content, tc.want)
		}
		if _, _, err := store.Current(context.Background(), "c1"); err == nil {
			t.Fatalf("%v opened a lobby", tc.opts)
		}
	}
	r := call(t, svc, as("u1", newGame("count", map[string]any{"custom": "2d+12h/7d", "timeout": "vote", "away": "act"})))
	if !strings.Contains(r.Content, "custom: 2 days per decision, +12 hours per move, up to 7 days banked") || !strings.Contains(r.Content, "table votes") {
		t.Errorf("lobby: %q", r.Content)
	}
}

// TestAwayAndBack: /away pauses the player's clock (it keeps its time) and says so in the status;
// "I'm back" runs it again; bad dates change nothing.
func TestAwayAndBack(t *testing.T) {
	pt := stepPace(t, nil)
	a := pt.users[0]
	clock := func() data.SeatClock {
		cs, err := pt.store.Clocks(pt.ctx, pt.game)
		if err != nil {
			t.Fatal(err)
		}
		return cs[0]
	}
	if r := pt.do(a, Request{Kind: KindCommand, Command: "away", Options: map[string]any{"until": "last tuesday"}}); !strings.Contains(r.Content, "Nothing was changed") {
		t.Fatalf("a bad date: %q", r.Content)
	}
	pt.clock.Add(time.Hour)
	r := pt.do(a, Request{Kind: KindCommand, Command: "away", Options: map[string]any{"until": "3d"}})
	back, ok := findButton(r, "I'm back")
	if !ok || !strings.Contains(r.Content, "1 game") {
		t.Fatalf("/away: %q", r.Content)
	}
	c := clock()
	if !c.Paused || !c.Since.IsZero() || c.Bank != pace.Day-time.Hour || !c.Due.Equal(pt.clock.Now().Add(3*pace.Day)) {
		t.Fatalf("away clock: %+v", c)
	}
	if st := pt.do(pt.users[1], Request{Kind: KindCommand, Command: "game", Sub: "status"}); !strings.Contains(st.Content, "is away") {
		t.Errorf("status: %q", st.Content)
	}
	pt.clock.Add(2 * pace.Day) // no reminder while away
	pt.tick()
	if len(pt.sent) != 0 {
		t.Fatalf("reminded while away: %+v", pt.sent)
	}
	if r := pt.do(a, Request{Kind: KindComponent, CustomID: back.CustomID}); !strings.Contains(r.Content, "Welcome back") {
		t.Fatalf("I'm back: %q", r.Content)
	}
	c = clock()
	if c.Paused || c.Since.IsZero() || c.Bank != pace.Day-time.Hour {
		t.Fatalf("back: %+v", c)
	}
	// Away until a date that passes: the scheduler runs the clock again by itself.
	pt.do(a, Request{Kind: KindCommand, Command: "away", Options: map[string]any{"until": "1d"}})
	pt.clock.Add(pace.Day + time.Minute)
	pt.tick()
	if c = clock(); c.Paused || c.Since.IsZero() {
		t.Fatalf("after the absence ended: %+v", c)
	}
}

// findButton returns the reply's button with that label.
func findButton(r Reply, label string) (discordgo.Button, bool) {
	for _, b := range replyButtons(r) {
		if b.Label == label {
			return b, true
		}
	}
	return discordgo.Button{}, false
}

// TestTimeoutAIStandsIn: under the `ai` policy the AI stands in for a seat whose time ran out;
// its clock stops (the AI is never late) until its owner is back.
func TestTimeoutAIStandsIn(t *testing.T) {
	reg := &rules.Registry{}
	reg.Register(stepGame{})
	ctx := context.Background()
	store, err := data.Open(ctx, filepath.Join(t.TempDir(), "db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	// A service with the AI wired, as the bot makes it, to open the game with timeout:ai.
	svc := New(store, reg, nil)
	clock := &fakeClock{t: time.Date(2026, 1, 5, 7, 0, 0, 0, time.UTC)}
	svc.now = clock.Now
	k := pace.New(store, reg, clock, nil)
	k.SetAI(svc)
	svc.SetPacer(k)
	do := func(user string, req Request) Reply {
		t.Helper()
		req.ChannelID, req.GuildID, req.UserID, req.UserName = "c1", "g1", user, user
		r, err := svc.Handle(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		localizeReply(svc.Words().For("en"), &r) // as an English client reads it
		return r
	}
	if r := do("u1", Request{Kind: KindCommand, Command: "game", Sub: "new", Options: map[string]any{"game": "step", "pace": "fast", "timeout": "ai"}}); !strings.Contains(r.Content, "the AI plays the seat") {
		t.Fatalf("lobby: %q", r.Content)
	}
	do("u2", Request{Kind: KindCommand, Command: "game", Sub: "join"})
	do("u1", Request{Kind: KindCommand, Command: "game", Sub: "start"})
	row, _, _ := store.Current(ctx, "c1")
	clock.Add(4*time.Hour + time.Minute) // fast: 4 hours per decision
	if st, _, err := k.Tick(ctx); err != nil || st.Timeouts != 1 {
		t.Fatalf("tick: %+v %v", st, err)
	}
	sis, _ := store.StandIns(ctx, row.ID)
	if len(sis) != 1 || sis[0].Seat != 0 {
		t.Fatalf("stand-ins: %+v", sis)
	}
	cs, _ := store.Clocks(ctx, row.ID)
	if !cs[0].Since.IsZero() || !cs[0].Due.IsZero() {
		t.Errorf("the AI's seat still has a clock: %+v", cs[0])
	}
	evs, _ := store.Events(ctx, row.ID)
	if len(evs) != 1 || !strings.Contains(english().Text(evs[0].Text), "the AI plays for them") {
		t.Errorf("events: %+v", evs)
	}
}
