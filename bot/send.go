package bot

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"runtime/debug"
	"strconv"

	"github.com/bwmarrin/discordgo"

	"spicebot/commands"
)

// messageCreate is discordgo's MessageSend with the two fields it lacks: nonce and
// enforce_nonce. With enforce_nonce Discord creates the message only once for a nonce (within
// a few minutes) and answers a repeat with the message it made, so a create retried after a lost
// answer never posts twice.
type messageCreate struct {
	*discordgo.MessageSend
	Nonce        string `json:"nonce,omitempty"`
	EnforceNonce bool   `json:"enforce_nonce,omitempty"`
	// Attachments describe the files (by index) whose readers carry a description (see
	// described): the attachment's alt text, which discordgo v0.29 cannot send.
	Attachments []attachmentMeta `json:"attachments,omitempty"`
}

// attachmentMeta is a file's entry in a message's attachments: its index among the files, its
// name and its description (alt text).
type attachmentMeta struct {
	ID          string `json:"id"`
	Filename    string `json:"filename"`
	Description string `json:"description,omitempty"`
}

// described is a file's contents with the attachment's description (alt text), which
// createMessage sends with it.
type described struct {
	*bytes.Reader
	alt string
}

// attachmentsOf returns the attachments entries of files when one of them is described.
func attachmentsOf(files []*discordgo.File) []attachmentMeta {
	var out []attachmentMeta
	some := false
	for i, f := range files {
		m := attachmentMeta{ID: strconv.Itoa(i), Filename: f.Name}
		if d, ok := f.Reader.(described); ok && d.alt != "" {
			m.Description, some = d.alt, true
		}
		out = append(out, m)
	}
	if !some {
		return nil
	}
	return out
}

// nonce is the nonce of an outbox delivery: unique per item (its id and queue time, base 36,
// at most 25 characters as Discord allows), so the same delivery has the same nonce on every try,
// after a restart too.
func nonce(prefix string, id int64, queued int64) string {
	return prefix + strconv.FormatInt(id, 36) + "." + strconv.FormatInt(queued, 36)
}

// createMessage posts msg in channelID with the nonce enforced (see messageCreate), reopening the
// channel first if it is a game thread archived for inactivity (withThread). discordgo does not
// retry a rate-limited call (the outbox waits for Retry-After itself).
func (b *Bot) createMessage(ctx context.Context, channelID, nonce string, msg *discordgo.MessageSend) (*discordgo.Message, error) {
	var m *discordgo.Message
	err := b.withThread(ctx, channelID, func() error {
		var err error
		m, err = b.postMessage(ctx, channelID, nonce, msg)
		return err
	})
	return m, err
}

// postMessage is one try of createMessage. Each try sends the files from their start (a try
// after an archived thread was reopened must not send what the first one consumed).
func (b *Bot) postMessage(ctx context.Context, channelID, nonce string, msg *discordgo.MessageSend) (*discordgo.Message, error) {
	for _, f := range msg.Files {
		if s, ok := f.Reader.(io.Seeker); ok {
			if _, err := s.Seek(0, io.SeekStart); err != nil {
				return nil, fmt.Errorf("rewind %s: %w", f.Name, err)
			}
		}
	}
	body := messageCreate{MessageSend: msg, Nonce: nonce, EnforceNonce: nonce != "", Attachments: attachmentsOf(msg.Files)}
	endpoint := discordgo.EndpointChannelMessages(channelID)
	opts := []discordgo.RequestOption{discordgo.WithContext(ctx), discordgo.WithRetryOnRatelimit(false)}
	var (
		resp []byte
		err  error
	)
	if len(msg.Files) > 0 {
		contentType, data, encErr := discordgo.MultipartBodyWithJSON(body, msg.Files)
		if encErr != nil {
			return nil, fmt.Errorf("encode message: %w", encErr)
		}
		resp, err = b.session.RequestRaw("POST", endpoint, contentType, data, endpoint, 0, opts...)
	} else {
		resp, err = b.session.RequestWithBucketID("POST", endpoint, body, endpoint, opts...)
	}
	if err != nil {
		return nil, err
	}
	var m discordgo.Message
	if err := discordgo.Unmarshal(resp, &m); err != nil {
		return nil, fmt.Errorf("decode created message: %w", err)
	}
	return &m, nil
}

// messageEdit is an edit's body with the attachments described as in messageCreate: the new
// files (by index), with their alt text, replacing the message's old attachments (an empty list
// removes them). discordgo's MessageEdit cannot send a description.
type messageEdit struct {
	*discordgo.MessageEdit
	Attachments []attachmentMeta `json:"attachments"`
}

// editMessage edits a message (PATCH /channels/{id}/messages/{id}) as discordgo's
// ChannelMessageEditComplex does, but with its new files' descriptions (alt text) and the files
// sent from their start; the message's other attachments go.
func (b *Bot) editMessage(ctx context.Context, edit *discordgo.MessageEdit) error {
	body := messageEdit{MessageEdit: edit, Attachments: []attachmentMeta{}}
	for i, f := range edit.Files {
		m := attachmentMeta{ID: strconv.Itoa(i), Filename: f.Name}
		if d, ok := f.Reader.(described); ok {
			m.Description = d.alt
		}
		body.Attachments = append(body.Attachments, m)
		if s, ok := f.Reader.(io.Seeker); ok {
			if _, err := s.Seek(0, io.SeekStart); err != nil {
				return fmt.Errorf("rewind %s: %w", f.Name, err)
			}
		}
	}
	edit.Attachments = nil
	endpoint := discordgo.EndpointChannelMessage(edit.Channel, edit.ID)
	bucket := discordgo.EndpointChannelMessage(edit.Channel, "")
	opts := []discordgo.RequestOption{discordgo.WithContext(ctx), discordgo.WithRetryOnRatelimit(false)}
	if len(edit.Files) == 0 {
		_, err := b.session.RequestWithBucketID("PATCH", endpoint, body, bucket, opts...)
		return err
	}
	contentType, data, err := discordgo.MultipartBodyWithJSON(body, edit.Files)
	if err != nil {
		return fmt.Errorf("encode message edit: %w", err)
	}
	_, err = b.session.RequestRaw("PATCH", endpoint, contentType, data, bucket, 0, opts...)
	return err
}

// noPings allows no mentions: replies name people without pinging them.
var noPings = &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}

// pings allows mentions of exactly these users (none when empty).
func pings(users []string) *discordgo.MessageAllowedMentions {
	if len(users) == 0 {
		return noPings
	}
	return &discordgo.MessageAllowedMentions{Users: users}
}

// picture is a rendered PNG.
type picture struct {
	name string
	png  []byte
	alt  string // the attachment's description (commands.Image.Alt, localized)
}

// file makes a fresh attachment of the picture (each request consumes its reader); a message
// created with it (createMessage) carries its description.
func (p picture) file() *discordgo.File {
	return &discordgo.File{Name: p.name, ContentType: "image/png", Reader: described{bytes.NewReader(p.png), p.alt}}
}

// files is the picture as a list of attachments, or none when there is no picture.
func (p picture) files() []*discordgo.File {
	if p.png == nil {
		return nil
	}
	return []*discordgo.File{p.file()}
}

// renderPNG renders a board or hand image as PNG (render.Lang.BoardPNG, HandPNG: drawn, then
// encoded with the game's palette), its words in the image's language (img.Lang). A drawer
// that panics is an error here, so a bad picture never takes a reply or a board post down with
// it.
func (b *Bot) renderPNG(img commands.Image) (pic picture, err error) {
	name := "board.png"
	if img.Hand {
		name = "hand.png"
	}
	if img.File != "" {
		name = img.File
	}
	defer func() {
		if r := recover(); r != nil {
			b.log.Error("render panicked", "image", name, "panic", panicText(r), "stack", string(debug.Stack()))
			pic, err = picture{}, fmt.Errorf("render %s: panic", name)
		}
	}()
	rend := b.rend.In(img.Lang) // the reader's language: the channel's for a board post
	if img.Full {
		rend = rend.Full() // the Details button, /board full
	}
	draw := rend.BoardPNG
	if img.Hand {
		draw = rend.HandPNG
	}
	data, err := draw(img.View, img.Names)
	if err != nil {
		return picture{}, fmt.Errorf("render %s: %w", name, err)
	}
	return picture{name: name, png: data, alt: img.Alt}, nil
}

// panicText is what the log says about a recovered panic: a runtime error's message (a bug's
// kind: nil dereference, index out of range, bad type assertion), else only the value's type, as
// a panic value made by other code might quote hidden information.
func panicText(r any) string {
	if e, ok := r.(interface {
		error
		RuntimeError()
	}); ok {
		return e.Error()
	}
	return fmt.Sprintf("panic value of type %T", r) // lang:ok: for the log
}
