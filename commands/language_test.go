package commands

import (
	"testing"

	"github.com/bwmarrin/discordgo"

	"spicebot/lang"
	"spicebot/rules"
)

func TestLocalizeReply(t *testing.T) {
	loc := lang.MustNew().For("fr")
	long := ""
	for range 30 {
		long += "x"
	}
	r := Reply{
		Content: rules.List("a", "b"),
		Components: []discordgo.MessageComponent{
			discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.Button{Label: rules.List(long, long, long), CustomID: "sb1:x"},
				&discordgo.Button{Label: rules.List("c", "d"), CustomID: "sb1:y"},
			}},
			&discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.SelectMenu{Placeholder: rules.List("e", "f"), Options: []discordgo.SelectMenuOption{{Label: rules.List("g", "h"), Value: "v"}}},
			}},
		},
		Choices: []*discordgo.ApplicationCommandOptionChoice{{Name: rules.List("i", "j"), Value: "k"}},
		Image:   &Image{},
	}
	localizeReply(loc, &r)
	row := r.Components[0].(discordgo.ActionsRow)
	b0 := row.Components[0].(discordgo.Button)
	b1 := row.Components[1].(*discordgo.Button)
	sel := r.Components[1].(*discordgo.ActionsRow).Components[0].(discordgo.SelectMenu)
	if r.Content != "a et b" || b1.Label != "c et d" || sel.Placeholder != "e et f" || sel.Options[0].Label != "g et h" ||
		r.Choices[0].Name != "i et j" || r.Image.Lang != "fr" {
		t.Errorf("not translated: %q %q %q %q %q %q", r.Content, b1.Label, sel.Placeholder, sel.Options[0].Label, r.Choices[0].Name, r.Image.Lang)
	}
	if n := len([]rune(b0.Label)); n != maxButtonLabel || b0.CustomID != "sb1:x" || sel.Options[0].Value != "v" {
		t.Errorf("button label of %d characters (want cut to %d), custom_id %q, value %q", n, maxButtonLabel, b0.CustomID, sel.Options[0].Value)
	}
}
