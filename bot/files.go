package bot

import (
	"bytes"

	"github.com/bwmarrin/discordgo"

	"spicebot/commands"
)

// attach is the files of a reply: its rendered picture (pic, when drawn) and its File (a text
// log, a JSON export), or none.
func attach(reply commands.Reply, pic picture) []*discordgo.File {
	files := pic.files()
	if f := reply.File; f != nil {
		files = append(files, &discordgo.File{Name: f.Name, ContentType: f.ContentType, Reader: bytes.NewReader(f.Data)})
	}
	return files
}

// resolvedUsers are the users a command's user options picked, by id, with the name to show
// (guild nickname, global name or username) and whether they are bots; nil when there are none.
func resolvedUsers(r *discordgo.ApplicationCommandInteractionDataResolved) map[string]commands.ResolvedUser {
	if r == nil || len(r.Users) == 0 {
		return nil
	}
	out := make(map[string]commands.ResolvedUser, len(r.Users))
	for id, u := range r.Users {
		if u == nil {
			continue
		}
		ru := commands.ResolvedUser{Name: u.GlobalName, Bot: u.Bot}
		if m := r.Members[id]; m != nil && m.Nick != "" {
			ru.Name = m.Nick
		}
		if ru.Name == "" {
			ru.Name = u.Username
		}
		out[id] = ru
	}
	return out
}
