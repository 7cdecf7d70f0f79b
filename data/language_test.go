package data

import (
	"context"
	"testing"
)

func TestLanguages(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	if l, err := s.UserLocale(ctx, "u1"); err != nil || l != "" {
		t.Fatalf("unknown user's locale = %q, %v", l, err)
	}
	if err := s.SeeLocales(ctx, "u1", "fr", "c1", "en-US"); err != nil {
		t.Fatal(err)
	}
	if err := s.SeeLocales(ctx, "u2", "en-GB", "", ""); err != nil { // a DM: no channel, no server
		t.Fatal(err)
	}
	if l, _ := s.UserLocale(ctx, "u1"); l != "fr" {
		t.Errorf("u1 locale = %q, want fr", l)
	}
	if err := s.SeeLocales(ctx, "u1", "en-US", "c1", "fr"); err != nil {
		t.Fatal(err)
	}
	if l, _ := s.UserLocale(ctx, "u1"); l != "en-US" {
		t.Errorf("u1 locale after a change = %q, want en-US", l)
	}
	c, err := s.ChannelLanguage(ctx, "c1")
	if err != nil || c.GuildLocale != "fr" || c.Language != "" || c.Locale() != "fr" {
		t.Fatalf("c1 = %+v, %v", c, err)
	}
	if err := s.SetChannelLanguage(ctx, "c1", "en"); err != nil {
		t.Fatal(err)
	}
	if err := s.SeeLocales(ctx, "u3", "", "c1", "fr"); err != nil {
		t.Fatal(err)
	}
	if c, _ := s.ChannelLanguage(ctx, "c1"); c.Locale() != "en" || c.GuildLocale != "fr" {
		t.Errorf("the channel's own language must win over the server's: %+v", c)
	}
	if err := s.SetChannelLanguage(ctx, "c1", ""); err != nil {
		t.Fatal(err)
	}
	if c, _ := s.ChannelLanguage(ctx, "c1"); c.Locale() != "fr" {
		t.Errorf("cleared: %+v, want the server's fr", c)
	}
	if c, _ := s.ChannelLanguage(ctx, "nowhere"); c.Locale() != "" {
		t.Errorf("unknown channel: %+v", c)
	}
	if err := s.SetChannelLanguage(ctx, "", "fr"); err == nil {
		t.Error("an empty channel id was accepted")
	}
}
