package bot

import (
	"testing"

	"github.com/bwmarrin/discordgo"
)

// TestRequestLocales: the request carries the user's client locale, the server's preferred
// locale, and whether a clicked component is on an ephemeral message.
func TestRequestLocales(t *testing.T) {
	fr := discordgo.Locale("fr")
	i := &discordgo.Interaction{
		Type: discordgo.InteractionMessageComponent, GuildID: "g", ChannelID: "c",
		Member: &discordgo.Member{User: &discordgo.User{ID: "u"}}, Locale: "fr", GuildLocale: &fr,
		Data:    discordgo.MessageComponentInteractionData{CustomID: "x"},
		Message: &discordgo.Message{Flags: discordgo.MessageFlagsEphemeral},
	}
	req, err := toRequest(i)
	if err != nil || req.Locale != "fr" || req.GuildLocale != "fr" || !req.OnEphemeral {
		t.Fatalf("toRequest = %+v, %v", req, err)
	}
	i.Message.Flags, i.GuildLocale, i.Locale = 0, nil, "en-GB"
	req, err = toRequest(i)
	if err != nil || req.Locale != "en-GB" || req.GuildLocale != "" || req.OnEphemeral {
		t.Fatalf("toRequest of a public message in a DM = %+v, %v", req, err)
	}
}
