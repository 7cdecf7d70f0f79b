package commands

import (
	"context"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"spicebot/games"
	"spicebot/rules"
)

// TestDefinitionsFrench: every command, subcommand, group, option and choice of the real games'
// definitions carries a French name and description (or choice name) that Discord accepts: names
// lower case, of letters, digits, '-' and '_', 1–32 long, unique among their siblings in both
// languages; descriptions 1–100 characters; no markup or missing message left. The per-game
// subcommands name each game in French.
func TestDefinitionsFrench(t *testing.T) {
	defs := Definitions(games.Registry())
	fr := discordgo.French
	checkText := func(where, text string, limit int) {
		t.Helper()
		if n := utf8.RuneCountInString(text); n < 1 || n > limit {
			t.Errorf("%s: %q has %d characters (1–%d)", where, text, n, limit)
		}
		if strings.Contains(text, rules.MsgOpen) || strings.Contains(text, "[commands.") {
			t.Errorf("%s: %q is not translated", where, text)
		}
	}
	checkName := func(where, en, frName string, seenEN, seenFR map[string]bool) {
		t.Helper()
		if !validSlashName(en) || !validSlashName(frName) {
			t.Errorf("%s: invalid name %q / French %q", where, en, frName)
		}
		if seenEN[en] || seenFR[frName] {
			t.Errorf("%s: name %q / French %q is not unique among its siblings", where, en, frName)
		}
		seenEN[en], seenFR[frName] = true, true
	}
	var walk func(path string, opts []*discordgo.ApplicationCommandOption)
	walk = func(path string, opts []*discordgo.ApplicationCommandOption) {
		seenEN, seenFR := map[string]bool{}, map[string]bool{}
		for _, o := range opts {
			where := path + " " + o.Name
			checkName(where, o.Name, o.NameLocalizations[fr], seenEN, seenFR)
			checkText(where+" description", o.Description, maxSlashDesc)
			checkText(where+" French description", o.DescriptionLocalizations[fr], maxSlashDesc)
			choices := map[string]bool{}
			for _, c := range o.Choices {
				checkText(where+" choice", c.Name, maxSlashDesc)
				checkText(where+" French choice", c.NameLocalizations[fr], maxSlashDesc)
				if choices[c.NameLocalizations[fr]] {
					t.Errorf("%s: French choice %q twice", where, c.NameLocalizations[fr])
				}
				choices[c.NameLocalizations[fr]] = true
			}
			walk(where, o.Options)
		}
	}
	seenEN, seenFR := map[string]bool{}, map[string]bool{}
	var newGroup *discordgo.ApplicationCommandOption
	for _, c := range defs {
		if c.NameLocalizations == nil || c.DescriptionLocalizations == nil {
			t.Fatalf("/%s has no localizations", c.Name)
		}
		checkName("/"+c.Name, c.Name, (*c.NameLocalizations)[fr], seenEN, seenFR)
		checkText("/"+c.Name+" description", c.Description, maxSlashDesc)
		checkText("/"+c.Name+" French description", (*c.DescriptionLocalizations)[fr], maxSlashDesc)
		walk("/"+c.Name, c.Options)
		for _, o := range c.Options {
			if c.Name == "game" && o.Name == "new" {
				newGroup = o
			}
		}
	}
	if newGroup == nil || newGroup.NameLocalizations[fr] != "nouvelle" {
		t.Fatalf("/game new group = %+v", newGroup)
	}
	var borneo *discordgo.ApplicationCommandOption
	for _, o := range newGroup.Options {
		if o.Name == "borneo" {
			borneo = o
		}
	}
	if borneo == nil || borneo.NameLocalizations[fr] != "bornéo" || !strings.Contains(borneo.DescriptionLocalizations[fr], "Bornéo") ||
		!strings.Contains(borneo.Description, "Open a Borneo lobby (3–5 players)") {
		t.Errorf("/game new borneo = %+v", borneo)
	}
	// The English texts are those of before the catalogues.
	for _, c := range defs {
		if c.Name == "settings" && c.Description != "Your choices for every game: DMs, time zone, quiet hours (only you see it)" {
			t.Errorf("/settings description %q", c.Description)
		}
	}
}

// TestSettingsLanguage: /settings language by a member who can manage the channel sets the
// language of the channel's public posts (and back to the server's), ephemerally; anyone else is
// refused and nothing changes.
func TestSettingsLanguage(t *testing.T) {
	svc, store := newService(t)
	ctx := context.Background()
	set := func(user, value string, manage bool) Reply {
		t.Helper()
		return call(t, svc, Request{UserID: user, Command: "settings", CanManage: manage, GuildLocale: "en-US",
			Options: map[string]any{"language": value}})
	}
	lang := func() string {
		t.Helper()
		c, err := store.ChannelLanguage(ctx, "c1")
		if err != nil {
			t.Fatal(err)
		}
		return c.Language
	}
	r := set("u2", "fr", false)
	if !r.Ephemeral || !strings.Contains(r.Content, "Manage Channels") || !strings.Contains(r.Content, "Nothing was changed") || lang() != "" {
		t.Fatalf("a member who cannot manage the channel: %+v, language %q", r, lang())
	}
	r = set("u1", "fr", true)
	if !r.Ephemeral || !strings.Contains(r.Content, "**Français**") || lang() != "fr" {
		t.Fatalf("set French: %+v, language %q", r, lang())
	}
	if got := svc.channelLang(ctx, "c1").Lang(); got != "fr" {
		t.Errorf("the channel's posts are in %q", got)
	}
	// The lobby opened now is posted in French; the creator's own refusals stay in their language.
	lobby, err := svc.Handle(ctx, Request{Kind: KindCommand, ChannelID: "c1", GuildID: "g1", UserID: "u1", UserName: "U1",
		Command: "game", Group: "new", Sub: "count", Options: map[string]any{}})
	if err != nil {
		t.Fatal(err)
	}
	if text := svc.channelLang(ctx, "c1").Text(lobby.Content); !strings.Contains(text, "Rejoindre") {
		t.Errorf("lobby in a French channel: %q", text)
	}
	if r = set("u2", "server", false); lang() != "fr" || !strings.Contains(r.Content, "Nothing was changed") {
		t.Errorf("a non-manager cleared the language: %+v", r)
	}
	r = set("u1", "server", true)
	if !strings.Contains(r.Content, "follow the server's language") || !strings.Contains(r.Content, "**English**") || lang() != "" {
		t.Errorf("back to the server's language: %+v, language %q", r, lang())
	}
	// In French, for a French client.
	fr := svc.Words().For("fr")
	if text := fr.Text(rules.Msg("commands.settings.language.refused")); !strings.Contains(text, "Gérer les salons") {
		t.Errorf("French refusal: %q", text)
	}
	// A DM has no channel to set.
	r, err = svc.Handle(ctx, Request{Kind: KindCommand, ChannelID: "dm", UserID: "u1", Command: "settings", CanManage: true,
		Options: map[string]any{"language": "fr"}})
	if err != nil || !strings.Contains(svc.Words().For("en").Text(r.Content), "direct message has no channel language") {
		t.Errorf("in a DM: %+v, %v", r, err)
	}
}

// TestLobbyTextBothLanguages: the lobby message is markup that reads fully in English (as
// before) and in French, with no markup left.
func TestLobbyTextBothLanguages(t *testing.T) {
	for lang, want := range map[string][]string{
		"en": {"**Wide** — new game lobby (2–4 players)", "Variants: Any", "Players (1): A\\|n=n]", "Press **Join** to take a seat.", "If nobody starts it, the lobby closes <t:"},
		"fr": {"**Wide** — nouvelle partie en attente de joueurs (2 à 4 joueurs)", "Variantes : Any", "Joueurs (1) : A\\|n=n]", "Appuyez sur **Rejoindre**", "la salle d’attente ferme <t:"},
	} {
		// The lobby is public: it reads in the channel's language (here set for the channel).
		svc, store := newService(t)
		ctx := context.Background()
		if err := store.SetChannelLanguage(ctx, "c1", lang); err != nil {
			t.Fatal(err)
		}
		r, err := svc.Handle(ctx, Request{Kind: KindCommand, ChannelID: "c1", GuildID: "g1", UserID: "u1", UserName: "A|n=n⟧",
			Command: "game", Group: "new", Sub: "wide", Options: map[string]any{"any": true}})
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(r.Content, rules.MsgOpen) || strings.Contains(r.Content, "[commands.") {
			t.Errorf("%s: markup left: %q", lang, r.Content)
		}
		for _, w := range want {
			if !strings.Contains(r.Content, w) {
				t.Errorf("%s: lobby %q lacks %q", lang, r.Content, w)
			}
		}
		labels := labelsOf(r)
		if lang == "fr" && strings.Join(labels, ",") != "Rejoindre,Quitter,Lancer" {
			t.Errorf("French buttons %v", labels)
		}
	}
}

// TestReminderFrench: a reminder to a player whose Discord client was last seen in French is
// written in French — still showing only what that seat may read — while its channel fallback
// follows the channel's language (English here).
func TestReminderFrench(t *testing.T) {
	pt := stepPace(t, nil)
	a, b := pt.users[0], pt.users[1]
	if err := pt.store.SeeLocales(pt.ctx, b, "fr", "c1", "en-US"); err != nil {
		t.Fatal(err)
	}
	pt.do(a, Request{Kind: KindCommand, Command: "play", Options: map[string]any{"move": "end"}})
	pt.clock.Add(2 * pace24)
	pt.tick()
	var got *sent
	for i := range pt.sent {
		if pt.sent[i].user == b {
			got = &pt.sent[i]
		}
	}
	if got == nil {
		t.Fatalf("no reminder to %s: %+v", b, pt.sent)
	}
	dm, channel := got.msg.DM, got.msg.Channel
	if !strings.Contains(dm, "Rappel : **Step** dans <#c1> vous attend") || !strings.Contains(dm, "Aller au plateau") ||
		strings.Contains(dm, rules.MsgOpen) {
		t.Errorf("French DM: %q", dm)
	}
	if !strings.Contains(channel, "reminder: this **Step** game waits for you") || strings.Contains(channel, rules.MsgOpen) {
		t.Errorf("English channel fallback: %q", channel)
	}
	// The digest: only lines of b's own log, in French.
	_, digest, ok := strings.Cut(dm, "**Depuis votre dernier coup :**")
	if !ok {
		t.Fatalf("no digest in %q", dm)
	}
	l := pt.loaded()
	allowed := map[string]bool{}
	frLoc := pt.svc.Words().For("fr")
	for _, e := range pt.svc.withEvents(pt.ctx, l, l.st.Log(got.seat)) {
		allowed[frLoc.Text(l.expand(e.Text, nil))] = true
	}
	for _, line := range strings.Split(strings.TrimSpace(digest), "\n") {
		line = strings.TrimPrefix(line, "> ")
		if !allowed[line] && !strings.HasPrefix(line, "…") {
			t.Errorf("digest line %q is not one of the seat's log lines", line)
		}
	}
}

// pace24 is a day.
const pace24 = 24 * time.Hour
