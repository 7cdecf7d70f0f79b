// Package discordtest is a loopback Discord for end-to-end tests of the bot, in the manner of
// net/http/httptest: New starts a REST API and a gateway on 127.0.0.1 that a real
// github.com/bwmarrin/discordgo session talks to, and the test drives it from the user's side.
//
// # Wiring
//
// The bot points discordgo at the server with an http.RoundTripper on Session.Client that rewrites
// https://discord.com/... to URL() (same path, /api/v9/...). The gateway is discovered as usual
// with GET /api/v9/gateway, which answers ws://127.0.0.1:PORT/gateway. The REST API requires
// "Authorization: Bot test-token" (Token) except on the interaction callback and the interaction
// webhooks, whose token is in the path, as on Discord.
//
// # What it does
//
//   - Gateway (API v9, JSON, no compression): op 10 HELLO, op 2 IDENTIFY → READY, op 1 → op 11,
//     op 6 RESUME → replay of missed events and RESUMED (op 9 for an unknown session), privileged
//     intents closed with 4014. IDENTIFY payloads are recorded (Identifies). Sessions may close and
//     a new one connect later (a bot restart); interactions go to the newest identified connection
//     and wait in a queue while none is connected.
//   - Interactions: Command, Autocomplete, Button and Select send INTERACTION_CREATE with the payload
//     Discord sends (member with permissions, channel, app_permissions, locale, the clicked message
//     for components). The Interaction handle returns the initial callback (Response) and the
//     message the bot ends with (Final), including deferred replies completed by PATCH @original
//     or a followup. An interaction can be acknowledged once (40060), within the deadline (3 s as on
//     Discord, see SetAckDeadline, else 10062).
//   - Messages: channel messages, DMs (CloseDMs makes them fail with 50007), interaction replies and
//     followups are stored with their edits applied and their files parsed out of multipart bodies
//     (Messages, DMs, Timeline, Message, WaitFor). An edit with "attachments": [] and new files
//     replaces the files; without "attachments", new files are appended (Discord's rules).
//   - Discord's own limits that the OpenAPI spec does not carry are enforced with Discord's errors:
//     content over 2000 characters (50035), an empty message (50006), a file over 10 MiB (40005),
//     more than 10 files, more than 25 autocomplete choices, a callback type that does not fit the
//     interaction, duplicate command names.
//   - Discord's global rate limit, "50 requests per second": authorized REST requests (not the
//     interaction callbacks and webhooks, as on Discord) take a token of a bucket of
//     SetGlobalLimit (DefaultGlobalLimit, 50) tokens refilled at as many per second
//     (golang.org/x/time/rate), counted at their arrival; without one, a 429 with "global": true,
//     X-RateLimit-Global and Retry-After (GlobalRefused counts them). A bucket rather than a
//     sliding window: the arrival times on a loaded machine bunch up by tens of milliseconds.
//   - Every REST request is recorded (Requests); answers with an error status are listed by Errors;
//     requests to routes the server does not know get a Discord-shaped 404 and are listed by
//     Unhandled.
//   - Contract validation: when Discord's OpenAPI spec (shared/discord/openapi.json, found beside the
//     module root or under $SPICEBOT_SHARED) is present, the JSON body of every request is validated
//     against the operation's requestBody schema (github.com/santhosh-tekuri/jsonschema, draft
//     2020-12) and violations are recorded (Violations); they do not change the answer. Without the
//     spec, validation is skipped (SpecLoaded reports false).
//
// A test closes its discordgo session before the server (register the session's cleanup after
// calling New, so that it runs first); a session whose server went away keeps trying to
// reconnect when ShouldReconnectOnError is set.
//
// Test-side checks are reported with t.Errorf: a command or option the bot did not register, a
// button or select the message does not carry, a select value that is not an option.
//
// All methods are safe for concurrent use.
package discordtest

import (
	"context"
	"crypto/ed25519"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	"golang.org/x/time/rate"
)

// Identities of the loopback Discord: the bot's application, its bot user and the one guild
// everything happens in. They are snowflakes, like Discord's.
const (
	AppID       = "1187653098129612801"
	BotUserID   = "1187653098129612802"
	GuildID     = "1187653098129612803"
	BotUsername = "spicebot"
	Token       = "test-token"
)

// Permission bits (Discord's "Permissions" table) used for the default member and app permissions.
const (
	permAddReactions          = 1 << 6
	permViewChannel           = 1 << 10
	permSendMessages          = 1 << 11
	permEmbedLinks            = 1 << 14
	permAttachFiles           = 1 << 15
	permReadMessageHistory    = 1 << 16
	permUseExternalEmojis     = 1 << 18
	permUseApplicationCommand = 1 << 31
	permCreatePublicThreads   = 1 << 35
	permSendInThreads         = 1 << 38
	permManageMessages        = 1 << 13
)

// Permissions sent in interactions (member.permissions and app_permissions).
const (
	// DefaultPermissions is the channel permission set of a member who was not given others with
	// WithPermissions: an ordinary member of a text channel.
	DefaultPermissions int64 = permAddReactions | permViewChannel | permSendMessages | permEmbedLinks |
		permAttachFiles | permReadMessageHistory | permUseExternalEmojis | permUseApplicationCommand |
		permCreatePublicThreads | permSendInThreads
	// AppPermissions is the bot's permission set in every channel (app_permissions).
	AppPermissions int64 = DefaultPermissions | permManageMessages
)

// Message flags (Discord's "Message Flags").
const (
	FlagSuppressEmbeds = 1 << 2
	FlagEphemeral      = 1 << 6
	FlagLoading        = 1 << 7
	FlagComponentsV2   = 1 << 15
)

// discordEpoch is the first millisecond of 2015 (Unix ms), the epoch of Discord snowflakes.
const discordEpoch = 1420070400000

// Server is a loopback Discord: REST API and gateway on 127.0.0.1. Create it with New.
type Server struct {
	t        testing.TB
	hs       *httptest.Server
	spec     *validator
	upgrader websocket.Upgrader

	mu          sync.Mutex
	changed     chan struct{} // closed and replaced on every change of state
	closed      bool
	lastID      int64
	ackDeadline time.Duration

	users       map[string]*user
	guildLocale string // the guild's preferred locale ("" is DefaultLocale)
	channels    map[string]*channel
	dmByUser    map[string]string // user id → DM channel id

	msgs  map[string]*message
	order []*message

	interactions map[string]*Interaction // by id
	byToken      map[string]*Interaction

	requests   []Request
	unhandled  []Request
	violations []string

	commands     map[string][]map[string]any // scope ("" global, else guild id) → commands
	lastScope    string
	lastCommands []map[string]any

	identifies []Identify
	sessions   map[string]*gwSession
	conns      map[*gwConn]struct{}
	current    *gwConn  // newest identified connection
	pending    [][]byte // INTERACTION_CREATE payloads waiting for a connection
	pendingIx  []*Interaction
	readyCount int

	faults    func(Request) Fault
	nonceHits int

	// Discord's global rate limit (SetGlobalLimit): its bucket, made at the first request, and
	// how many requests it refused.
	globalLimit   int
	global        *rate.Limiter
	globalRefused int
	watchers      []func(Message, bool)

	// HTTP interactions mode (endpoint.go)
	endpoint   func(*Interaction) []string
	signKey    ed25519.PrivateKey
	deliveries []Delivery
}

type user struct {
	id, name, nick string
	locale         string // the client's locale in the user's interactions ("" is DefaultLocale)
	perms          int64
	roles          []string
	dmClosed       bool
	joined         time.Time
}

type channel struct {
	id, name, parentID string
	typ                int // 0 guild text, 1 DM, 11 public thread
	recipient          string
	lastMessageID      string
	// Threads (threads.go): archived and locked state, auto_archive_duration in minutes, and how
	// many times the thread was unarchived by a PATCH.
	archived, locked bool
	autoArchive      int
	unarchived       int
}

// New starts a loopback Discord on 127.0.0.1:0 and closes it on t.Cleanup. It loads Discord's
// OpenAPI spec for contract validation when it is found (see the package documentation); a spec
// that is present but cannot be loaded fails the test.
func New(t testing.TB) *Server {
	t.Helper()
	s := &Server{
		t:            t,
		changed:      make(chan struct{}),
		ackDeadline:  3 * time.Second,
		users:        map[string]*user{},
		channels:     map[string]*channel{},
		dmByUser:     map[string]string{},
		msgs:         map[string]*message{},
		interactions: map[string]*Interaction{},
		byToken:      map[string]*Interaction{},
		commands:     map[string][]map[string]any{},
		sessions:     map[string]*gwSession{},
		conns:        map[*gwConn]struct{}{},
		globalLimit:  DefaultGlobalLimit,
	}
	if path := specPath(); path != "" {
		v, err := loadValidator(path)
		if err != nil {
			t.Fatalf("discordtest: %v", err)
		}
		s.spec = v
	}
	s.hs = httptest.NewServer(s.routes())
	t.Cleanup(s.Close)
	return s
}

// URL is the base URL of the server, "http://127.0.0.1:PORT": what DISCORD_API_URL is set to.
// REST lives under URL()+"/api/v9", the gateway at "ws://127.0.0.1:PORT/gateway".
func (s *Server) URL() string { return s.hs.URL }

// GatewayURL is the websocket URL that GET /api/v9/gateway returns.
func (s *Server) GatewayURL() string {
	return "ws" + strings.TrimPrefix(s.hs.URL, "http") + "/gateway"
}

// Close closes every gateway connection (close code 1001, as when Discord goes away) and stops the
// server. It is called on t.Cleanup; calling it again does nothing.
func (s *Server) Close() {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	s.closed = true
	conns := make([]*gwConn, 0, len(s.conns))
	for c := range s.conns {
		conns = append(conns, c)
	}
	s.current = nil
	s.notifyLocked()
	s.mu.Unlock()
	for _, c := range conns {
		c.close(websocket.CloseGoingAway, "server closing")
	}
	s.hs.Close()
}

// SpecLoaded reports whether Discord's OpenAPI spec was found, so that REST bodies are validated.
// A test that needs validation calls t.Skip when it is false.
func (s *Server) SpecLoaded() bool { return s.spec != nil }

// SetAckDeadline sets how long after INTERACTION_CREATE the bot may send the initial callback
// (Discord: 3 s); a later callback gets 404 {"code":10062,"message":"Unknown interaction"}.
// Zero disables the deadline.
func (s *Server) SetAckDeadline(d time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.ackDeadline = d
}

// AddUser adds a guild member with the username and global name name. Adding an existing user
// renames it. Users that act in an interaction without having been added are added as
// "user<id>".
func (s *Server) AddUser(id, name string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.userLocked(id).name = name
}

// WithPermissions sets the channel permissions (Discord permission bits) a member has in the
// interactions it makes from now on; the default is DefaultPermissions.
func (s *Server) WithPermissions(userID string, perms int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.userLocked(userID).perms = perms
}

// WithRoles sets the role ids and server nickname of a member, as sent in interactions.
func (s *Server) WithRoles(userID, nick string, roles ...string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	u := s.userLocked(userID)
	u.nick = nick
	u.roles = slices.Clone(roles)
}

// CloseDMs makes later DMs to the user fail, as when the user does not accept DMs from server
// members: the DM channel can still be opened, but POST /channels/{dm}/messages answers 403
// {"code":50007,"message":"Cannot send messages to this user"}.
func (s *Server) CloseDMs(userID string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.userLocked(userID).dmClosed = true
}

// DefaultLocale is the locale of users' clients and of the guild's preferred locale in the
// interactions the server sends, unless SetLocale or SetGuildLocale changed them.
const DefaultLocale = "en-US"

// SetLocale sets the locale of a user's Discord client ("fr", "en-GB"): the "locale" of the
// interactions the user makes from now on. The default is DefaultLocale.
func (s *Server) SetLocale(userID, locale string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.userLocked(userID).locale = locale
}

// SetGuildLocale sets the guild's preferred locale ("fr"): the "guild_locale" (and the guild's
// "locale") of the interactions sent from now on. The default is DefaultLocale.
func (s *Server) SetGuildLocale(locale string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.guildLocale = locale
}

// OpenDMs undoes CloseDMs.
func (s *Server) OpenDMs(userID string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.userLocked(userID).dmClosed = false
}

// AddChannel names a guild text channel. Any other channel id used by the test or the bot is a
// guild text channel too, named "channel-<id>".
func (s *Server) AddChannel(id, name string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.channelLocked(id).name = name
}

// AddThread adds a public thread (channel type 11) of a parent text channel; a thread is a
// channel for messages and interactions.
func (s *Server) AddThread(id, parentID, name string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.channelLocked(parentID)
	c := s.channelLocked(id)
	c.typ, c.parentID, c.name, c.autoArchive = 11, parentID, name, 1440
}

func (s *Server) userLocked(id string) *user {
	u := s.users[id]
	if u == nil {
		u = &user{id: id, name: "user" + id, perms: DefaultPermissions, joined: time.Now().UTC()}
		s.users[id] = u
	}
	return u
}

func (s *Server) channelLocked(id string) *channel {
	c := s.channels[id]
	if c == nil {
		c = &channel{id: id, name: "channel-" + id}
		s.channels[id] = c
	}
	return c
}

// newIDLocked returns a fresh snowflake: milliseconds since the Discord epoch in the top bits,
// strictly increasing.
func (s *Server) newIDLocked() string {
	id := (time.Now().UnixMilli() - discordEpoch) << 22
	if id <= s.lastID {
		id = s.lastID + 1
	}
	s.lastID = id
	return fmt.Sprint(id)
}

// notifyLocked wakes everything waiting for a change.
func (s *Server) notifyLocked() {
	close(s.changed)
	s.changed = make(chan struct{})
}

// wait calls check under the lock until it reports done, waking on every change, or until ctx
// ends; what is the description used in the error.
func (s *Server) wait(ctx context.Context, what string, check func() bool) error {
	for {
		s.mu.Lock()
		if check() {
			s.mu.Unlock()
			return nil
		}
		ch := s.changed
		s.mu.Unlock()
		select {
		case <-ch:
		case <-ctx.Done():
			return fmt.Errorf("discordtest: waiting for %s: %w", what, ctx.Err())
		}
	}
}

// Request is one REST request the server received.
type Request struct {
	Method string
	Path   string // e.g. /api/v9/channels/123/messages
	// Route is the matched route in the spec's terms, e.g. "POST /channels/{channel_id}/messages";
	// empty for an unhandled request.
	Route       string
	Query       url.Values
	ContentType string
	Body        []byte // the JSON body, or the payload_json part of a multipart body
	Files       []File
	Status      int // the status code answered; 0 when the client closed the request before sending its body
	Error       string
	// Fault is the misbehaviour injected with SetFaults: the status ("503", "429", ...) or
	// "lost" for an answer lost after handling; "" for none.
	Fault string
	Time  time.Time
}

// JSON decodes the request body into a map (nil when the body is empty or not an object).
func (r Request) JSON() map[string]any {
	var m map[string]any
	_ = json.Unmarshal(r.Body, &m)
	return m
}

// Requests returns every REST request received so far, in order.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.requests)
}

// Errors returns the REST requests answered with an error status (4xx or 5xx), including
// unhandled ones: what a test asserts to be empty when the bot should never have failed a call.
func (s *Server) Errors() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Request
	for _, r := range s.requests {
		if r.Status >= 400 {
			out = append(out, r)
		}
	}
	return out
}

// Unhandled returns the requests to routes the server does not serve (answered 404 with
// {"code":0,"message":"404: Not Found"}).
func (s *Server) Unhandled() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.unhandled)
}

// Violations returns the contract violations found so far: request bodies that do not match the
// requestBody schema of their operation in Discord's OpenAPI spec, one line each, "METHOD
// /route: at '/json/pointer': problem". It is empty when the spec is absent.
func (s *Server) Violations() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.violations)
}

// Commands returns the application commands of the last bulk overwrite (global or guild), as
// the server stored them: with id, application_id, version and defaults filled in.
func (s *Server) Commands() []map[string]any {
	s.mu.Lock()
	defer s.mu.Unlock()
	return cloneJSON(s.lastCommands)
}

// CommandsGuild returns the scope of the last bulk overwrite: the guild id for guild commands,
// "" for global commands.
func (s *Server) CommandsGuild() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.lastScope
}

// Identify is one IDENTIFY payload (op 2) a gateway client sent.
type Identify struct {
	Token   string
	Intents int64
	Raw     map[string]any // the whole "d" object
}

// Identifies returns every IDENTIFY received, in order.
func (s *Server) Identifies() []Identify {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.identifies)
}

// WaitReady waits until a gateway session is identified and connected (READY was sent on a
// connection that is still open). After a session closes it waits for the next one.
func (s *Server) WaitReady(ctx context.Context) error {
	return s.wait(ctx, "a gateway session", func() bool { return s.current != nil })
}

// Readies returns how many READY events were sent (one per IDENTIFY that succeeded).
func (s *Server) Readies() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.readyCount
}

var mentionRE = regexp.MustCompile(`<@!?([0-9]+)>`)

// mentions returns the user ids mentioned as <@id> or <@!id> in content, without repeats.
func mentions(content string) []string {
	var out []string
	for _, m := range mentionRE.FindAllStringSubmatch(content, -1) {
		if !slices.Contains(out, m[1]) {
			out = append(out, m[1])
		}
	}
	return out
}

// cloneJSON deep-copies a JSON-shaped value.
func cloneJSON[T any](v T) T {
	b, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("discordtest: clone: %v", err))
	}
	var out T
	if err := json.Unmarshal(b, &out); err != nil {
		panic(fmt.Sprintf("discordtest: clone: %v", err))
	}
	return out
}

func timestamp(t time.Time) string {
	return t.UTC().Format("2006-01-02T15:04:05.000000+00:00")
}
