package bot_test

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"

	"spicebot/bot/discordtest"
	"spicebot/data"
	"spicebot/rules"
	"spicebot/rules/spicemerchant"
)

// storeFinished stores a finished game of Spice Merchant in the harness's store, as the bot
// would have: seats users in seat order in a channel of its own, random legal moves from seed,
// each by its seat's user; it returns the game's id.
func storeFinished(t *testing.T, h *harness, users []string, seed uint64) int64 {
	t.Helper()
	ctx := ctxT(t)
	g := spicemerchant.Game
	channel := "90000000000000" + strconv.FormatUint(1000+seed, 10)
	row, err := h.store.CreateLobby(ctx, data.Game{GuildID: discordtest.GuildID, ChannelID: channel, Game: g.ID(), Players: len(users)},
		data.Seat{Seat: -1, UserID: users[0], Name: users[0]})
	if err != nil {
		t.Fatal(err)
	}
	var others []data.Seat
	for _, u := range users[1:] {
		others = append(others, data.Seat{Seat: -1, UserID: u, Name: u})
	}
	if err := h.store.SeatAll(ctx, row.ID, others); err != nil {
		t.Fatal(err)
	}
	st, err := g.New(len(users), nil, seed)
	if err != nil {
		t.Fatal(err)
	}
	start, _ := rules.Marshal(st)
	if err := h.store.Start(ctx, row.ID, users, seed, start, st.Version()); err != nil {
		t.Fatal(err)
	}
	rng := rules.NewRNG(seed)
	var ms []data.Move
	at := time.Now() // after the game played through Discord: the ratings follow the order games end in
	for step := 0; ; step++ {
		if _, over := st.Outcome(); over {
			break
		}
		if step > 5000 {
			t.Fatal("the stored game does not end")
		}
		for _, seat := range st.Active() {
			legal := st.Legal(seat)
			if len(legal) == 0 {
				continue
			}
			m := legal[rng.Intn(len(legal))]
			if err := st.Apply(seat, m); err != nil {
				t.Fatal(err)
			}
			at = at.Add(10 * time.Second)
			ms = append(ms, data.Move{Seat: int(seat), Move: m.String(), UserID: users[seat], At: at})
			break
		}
	}
	final, _ := rules.Marshal(st)
	if _, err := h.store.CommitMoves(ctx, row.ID, 0, ms, final, st.Version(), data.StatusFinished, nil); err != nil {
		t.Fatal(err)
	}
	return row.ID
}

// waitRated waits until player has a rating of Spice Merchant after games rated games.
func waitRated(t *testing.T, h *harness, player string, games int) data.Rating {
	t.Helper()
	ctx := ctxT(t)
	for {
		rts, err := h.store.PlayerRatings(ctx, discordtest.GuildID, player)
		if err != nil {
			t.Fatal(err)
		}
		if len(rts) == 1 && rts[0].Games == games {
			return rts[0]
		}
		select {
		case <-ctx.Done():
			t.Fatalf("%s has ratings %+v, want %d games of Spice Merchant", player, rts, games)
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// TestRatingsEndToEnd: a game of Spice Merchant played through Discord to its end (two people
// and an AI seat) is rated when it ends; two more finished games in the store are rated when the
// bot starts again (the catch-up). Then /profile answers each player privately with their record
// — in English, and in French for a French player — and /leaderboard posts the server's best
// players and its record publicly, in the channel's language. A player who hides their
// statistics (/settings stats:off) is left off the leaderboard and others may not see their
// profile, but their games still count for the others' ratings.
func TestRatingsEndToEnd(t *testing.T) {
	h, _ := newAIHarness(t, 2)
	ann, bob, cy := h.users[0], h.users[1], h.users[2]

	// A real game, to its end.
	lobby := h.final(h.srv.Command(ann, h.channel, "game", newGame("spice-merchant", discordtest.Int("players", 3),
		discordtest.Int("bots", 1), discordtest.Str("level", "easy"))))
	h.lobbyID = msgID(lobby)
	join, _ := lobby.Button("Join")
	if started := h.final(h.srv.Button(bob, h.channel, lobby.ID, join.CustomID)); !strings.Contains(started.Content, "has started") {
		t.Fatalf("the table did not start: %q", started.Content)
	}
	row, seats, _ := h.state()
	h.lastGame = row.ID
	ai := aiSeatsOf(seats)
	h.playWithAI(rand.New(rand.NewPCG(28, 1)), 5000, func() map[rules.Seat]bool { return ai }, nil, nil)
	annRating := waitRated(t, h, ann, 1)
	waitRated(t, h, "ai:easy", 1)

	// Two more finished games, stored while the bot is away: rated when it starts again.
	h.stop()
	h.start()
	storeFinished(t, h, []string{bob, ann, "ai:easy:1"}, 5)
	storeFinished(t, h, []string{"ai:easy:1", bob, ann}, 6)
	h.stop()
	h.start()
	annRating = waitRated(t, h, ann, 3)
	bobRating := waitRated(t, h, bob, 3)

	// /profile, in English.
	p := h.final(h.srv.Command(ann, h.channel, "profile"))
	t.Logf("Ann's /profile:\n%s", p.Content)
	trend := "(▼ −"
	if annRating.Mu-3*annRating.Sigma > 0 {
		trend = "(▲ +"
	}
	for _, want := range []string{"Your record on this server", "Favourite game: **Spice Merchant**", "**Spice Merchant** — rating **", trend, "over the last 3 games)",
		"3 games", "places: ", "timeouts", "replaced 0 times"} {
		if !p.Ephemeral || !strings.Contains(p.Content, want) {
			t.Errorf("Ann's /profile (ephemeral %v) lacks %q:\n%s", p.Ephemeral, want, p.Content)
		}
	}
	if strings.Contains(p.Content, "ai:") || strings.Contains(p.Content, "⟦") {
		t.Errorf("/profile shows an internal id or markup:\n%s", p.Content)
	}
	// Someone else's profile; a watcher without games.
	pb := h.final(h.srv.Command(ann, h.channel, "profile", discordtest.User("player", bob)))
	if !pb.Ephemeral || !strings.Contains(pb.Content, "<@"+bob+">'s record on this server") || !strings.Contains(pb.Content, "3 games") {
		t.Errorf("Ann's /profile of Bob:\n%s", pb.Content)
	}
	if pc := h.final(h.srv.Command(cy, h.channel, "profile")); !strings.Contains(pc.Content, "You have no rated game on this server yet") {
		t.Errorf("Cy's /profile:\n%s", pc.Content)
	}

	// /profile, in French.
	h.srv.SetLocale(bob, "fr")
	pf := h.final(h.srv.Command(bob, h.channel, "profile"))
	t.Logf("Bob's /profile in French:\n%s", pf.Content)
	for _, want := range []string{"Votre palmarès sur ce serveur", "Jeu préféré : **Spice Merchant**", "— classement **", "3 parties", "places : "} {
		if !pf.Ephemeral || !strings.Contains(pf.Content, want) {
			t.Errorf("Bob's French /profile lacks %q:\n%s", want, pf.Content)
		}
	}

	// /leaderboard, public, in English.
	lb := h.final(h.srv.Command(ann, h.channel, "leaderboard", discordtest.Str("game", "spice-merchant")))
	t.Logf("/leaderboard:\n%s", lb.Content)
	for _, want := range []string{"**Spice Merchant** — this server's best players (all time)", "<@" + ann + ">", "<@" + bob + ">",
		"**AI (easy)**", "**The server's record**", "3 games played to the end", "longest game: ", "biggest win: "} {
		if lb.Ephemeral || !strings.Contains(lb.Content, want) {
			t.Errorf("/leaderboard (ephemeral %v) lacks %q:\n%s", lb.Ephemeral, want, lb.Content)
		}
	}
	// Best first: the order of the lines follows the ratings.
	first, second := ann, bob
	if ordinal(bobRating.Skill) > ordinal(annRating.Skill) {
		first, second = bob, ann
	}
	if strings.Index(lb.Content, "<@"+first+">") > strings.Index(lb.Content, "<@"+second+">") {
		t.Errorf("the leaderboard does not put the better rating first:\n%s", lb.Content)
	}
	// A period without games.
	if w := h.final(h.srv.Command(ann, h.channel, "leaderboard", discordtest.Str("game", "borneo"), discordtest.Str("period", "week"))); !strings.Contains(w.Content, "Nobody has played 3 rated games here yet") ||
		!strings.Contains(w.Content, "0 games played to the end") {
		t.Errorf("/leaderboard of Borneo this week:\n%s", w.Content)
	}

	// /leaderboard, in French in a French server.
	h.srv.SetGuildLocale("fr")
	lf := h.final(h.srv.Command(ann, h.channel, "leaderboard", discordtest.Str("game", "spice-merchant"), discordtest.Str("period", "month")))
	t.Logf("/leaderboard in French:\n%s", lf.Content)
	for _, want := range []string{"les meilleurs joueurs du serveur (les 30 derniers jours)", "**Les records du serveur**",
		"3 parties jouées jusqu’au bout", "**IA (easy)**"} {
		if lf.Ephemeral || !strings.Contains(lf.Content, want) {
			t.Errorf("the French /leaderboard lacks %q:\n%s", want, lf.Content)
		}
	}
	h.srv.SetGuildLocale("en-US")

	// Bob hides his statistics.
	h.srv.SetLocale(bob, "en-US")
	off := h.final(h.srv.Command(bob, h.channel, "settings", discordtest.Str("stats", "off")))
	if !off.Ephemeral || !strings.Contains(off.Content, "Your statistics are hidden") {
		t.Errorf("/settings stats:off: %q", off.Content)
	}
	// /settings with no option shows every setting, the statistics' too.
	if all := h.final(h.srv.Command(bob, h.channel, "settings")); !strings.Contains(all.Content, "Your statistics are hidden") ||
		!strings.Contains(all.Content, "Notifications:") || !strings.Contains(all.Content, "Your direct messages are") {
		t.Errorf("/settings shows: %q", all.Content)
	}
	lb = h.final(h.srv.Command(ann, h.channel, "leaderboard", discordtest.Str("game", "spice-merchant")))
	if strings.Contains(lb.Content, bob) || !strings.Contains(lb.Content, "<@"+ann+">") {
		t.Errorf("the leaderboard after Bob hid his statistics:\n%s", lb.Content)
	}
	if pb := h.final(h.srv.Command(ann, h.channel, "profile", discordtest.User("player", bob))); !pb.Ephemeral ||
		!strings.Contains(pb.Content, "<@"+bob+"> keeps their statistics private") || strings.Contains(pb.Content, "3 games") {
		t.Errorf("Ann's /profile of Bob after he hid his statistics:\n%s", pb.Content)
	}
	if own := h.final(h.srv.Command(bob, h.channel, "profile")); !strings.Contains(own.Content, "3 games") || !strings.Contains(own.Content, "Only you see it") {
		t.Errorf("Bob's own /profile after he hid his statistics:\n%s", own.Content)
	}
	// His games still count for the others: a rebuild gives Ann the same rating.
	if got := waitRated(t, h, ann, 3); got.Skill != annRating.Skill {
		t.Errorf("Ann's rating changed when Bob hid his statistics: %+v, was %+v", got.Skill, annRating.Skill)
	}
	on := h.final(h.srv.Command(bob, h.channel, "settings", discordtest.Str("stats", "on")))
	if !strings.Contains(on.Content, "Your statistics are shown") {
		t.Errorf("/settings stats:on: %q", on.Content)
	}
	if lb = h.final(h.srv.Command(ann, h.channel, "leaderboard", discordtest.Str("game", "spice-merchant"))); !strings.Contains(lb.Content, "<@"+bob+">") {
		t.Errorf("the leaderboard after Bob showed his statistics again:\n%s", lb.Content)
	}
}

// ordinal is a rating's cautious value μ − 3σ (the leaderboard's order).
func ordinal(s data.Skill) float64 { return s.Mu - 3*s.Sigma }
