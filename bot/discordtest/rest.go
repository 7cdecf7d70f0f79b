package discordtest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"mime"
	"mime/multipart"
	"net/http"
	"strings"
	"time"

	"golang.org/x/time/rate"
)

// apiPrefix is the REST prefix discordgo v0.29 uses.
const apiPrefix = "/api/v9"

// call is what a REST handler gets: the request, its path values and its parsed body.
type call struct {
	r     *http.Request
	body  messageBody // JSON object body (or payload_json), keys to raw values
	raw   []byte      // JSON body as sent
	files []File
}

// handler answers a call under s.mu: a status and a JSON value (nil for no body), or an error.
type handler func(c *call) (int, any, *apiError)

// routes builds the HTTP handler of the server.
func (s *Server) routes() http.Handler {
	mux := http.NewServeMux()
	h := func(route string, auth bool, fn handler) {
		method, path, _ := strings.Cut(route, " ")
		mux.HandleFunc(method+" "+apiPrefix+path, func(w http.ResponseWriter, r *http.Request) {
			s.awaitEndpointAnswer(r)
			s.serveREST(w, r, route, auth, fn)
		})
	}
	h("GET /gateway", false, s.getGateway)
	h("GET /gateway/bot", true, s.getGatewayBot)
	h("GET /users/@me", true, s.getMe)
	h("GET /oauth2/applications/@me", true, s.getApplication)
	h("GET /users/{user_id}", true, s.getUser)
	h("POST /users/@me/channels", true, s.createDM)
	h("GET /applications/{application_id}/commands", true, s.getCommands)
	h("PUT /applications/{application_id}/commands", true, s.putCommands)
	h("GET /applications/{application_id}/guilds/{guild_id}/commands", true, s.getCommands)
	h("PUT /applications/{application_id}/guilds/{guild_id}/commands", true, s.putCommands)
	h("POST /interactions/{interaction_id}/{interaction_token}/callback", false, s.postCallback)
	h("GET /webhooks/{webhook_id}/{webhook_token}/messages/@original", false, s.getWebhookMessage)
	h("PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original", false, s.patchWebhookMessage)
	h("DELETE /webhooks/{webhook_id}/{webhook_token}/messages/@original", false, s.deleteWebhookMessage)
	h("GET /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", false, s.getWebhookMessage)
	h("PATCH /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", false, s.patchWebhookMessage)
	h("DELETE /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", false, s.deleteWebhookMessage)
	h("POST /webhooks/{webhook_id}/{webhook_token}", false, s.postFollowup)
	h("GET /channels/{channel_id}", true, s.getChannel)
	h("PATCH /channels/{channel_id}", true, s.patchChannel)
	h("POST /channels/{channel_id}/threads", true, s.startThread)
	h("POST /channels/{channel_id}/messages/{message_id}/threads", true, s.startThreadFromMessage)
	h("POST /channels/{channel_id}/messages", true, s.postMessage)
	h("GET /channels/{channel_id}/messages/{message_id}", true, s.getMessage)
	h("PATCH /channels/{channel_id}/messages/{message_id}", true, s.patchMessage)
	h("DELETE /channels/{channel_id}/messages/{message_id}", true, s.deleteMessage)
	mux.HandleFunc("GET /gateway", s.serveGateway)
	mux.HandleFunc("GET /gateway/", s.serveGateway)
	mux.HandleFunc("GET /attachments/{channel_id}/{attachment_id}/{filename}", s.serveAttachment)
	mux.HandleFunc("/", s.serveUnhandled)
	return mux
}

// serveREST parses, records, validates and answers one REST request.
func (s *Server) serveREST(w http.ResponseWriter, r *http.Request, route string, auth bool, fn handler) {
	req := Request{
		Method: r.Method, Path: r.URL.Path, Route: route, Query: r.URL.Query(),
		ContentType: r.Header.Get("Content-Type"), Time: time.Now(),
	}
	c := &call{r: r}
	status, value, apiErr := func() (int, any, *apiError) {
		raw, files, err := readBody(r)
		req.Body, req.Files = raw, files
		c.raw, c.files = raw, files
		if err != nil {
			return 0, nil, err
		}
		if len(bytes.TrimSpace(raw)) > 0 && r.Method != http.MethodGet {
			if !json.Valid(raw) {
				return 0, nil, &apiError{status: 400, code: 50109, message: "The request body contains invalid JSON."}
			}
			_ = json.Unmarshal(raw, &c.body.raw) // an array body (bulk overwrite) leaves this nil
		}
		if auth && r.Header.Get("Authorization") != "Bot "+Token {
			return 0, nil, &apiError{status: 401, code: 0, message: "401: Unauthorized"}
		}
		return 0, nil, nil
	}()
	if s.spec != nil && apiErr == nil && len(bytes.TrimSpace(c.raw)) > 0 {
		for _, v := range s.spec.validate(route, c.raw) {
			s.mu.Lock()
			s.violations = append(s.violations, v)
			s.mu.Unlock()
		}
	}
	var fault Fault
	if apiErr == nil {
		fault = s.faultFor(req)
	}
	s.mu.Lock()
	if apiErr == nil && fault.Status != 0 {
		apiErr = fault.apiError()
		req.Fault = fmt.Sprint(fault.Status)
	}
	if apiErr == nil && auth && !s.globalAllowLocked(req.Time) {
		fault = Fault{Status: http.StatusTooManyRequests, RetryAfter: time.Second, Global: true,
			Message: "You are being rate limited."}
		apiErr = fault.apiError()
		req.Fault = "429 global"
	}
	if apiErr == nil {
		status, value, apiErr = fn(c)
	}
	if apiErr != nil {
		status, value = apiErr.status, apiErr.body()
		req.Error = apiErr.message
	}
	lose := fault.Lose && status < 400
	if lose {
		req.Fault = "lost"
	}
	req.Status = status
	s.requests = append(s.requests, req)
	s.notifyLocked()
	s.mu.Unlock()
	if lose {
		loseAnswer(w)
		return
	}
	if status == statusAborted {
		return // nobody is listening
	}
	if fault.Status == http.StatusTooManyRequests {
		w.Header().Set("Retry-After", fmt.Sprint(int(math.Ceil(fault.RetryAfter.Seconds()))))
		if fault.Global {
			w.Header().Set("X-RateLimit-Global", "true")
			w.Header().Set("X-RateLimit-Scope", "global")
		}
	}
	writeJSON(w, status, value)
}

// serveUnhandled answers a route the server does not serve with Discord's 404 and records it.
func (s *Server) serveUnhandled(w http.ResponseWriter, r *http.Request) {
	raw, files, _ := readBody(r)
	req := Request{
		Method: r.Method, Path: r.URL.Path, Query: r.URL.Query(), ContentType: r.Header.Get("Content-Type"),
		Body: raw, Files: files, Status: 404, Error: "404: Not Found", Time: time.Now(),
	}
	s.mu.Lock()
	s.requests = append(s.requests, req)
	s.unhandled = append(s.unhandled, req)
	s.notifyLocked()
	s.mu.Unlock()
	writeJSON(w, 404, map[string]any{"code": 0, "message": "404: Not Found"})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	if status == http.StatusNoContent || v == nil {
		w.WriteHeader(status)
		return
	}
	b, err := json.Marshal(v)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(b)
}

// statusAborted is the Status recorded for a request whose client closed it before its body was
// read (0: nothing was answered, so it is not one of Errors).
const statusAborted = 0

// readBody returns the JSON body of a request: the body itself, or the payload_json part and the
// files of a multipart/form-data body.
func readBody(r *http.Request) ([]byte, []File, *apiError) {
	body, err := io.ReadAll(io.LimitReader(r.Body, maxRequestBody+1))
	if err != nil {
		// The client went away before sending its whole body (a bot closing mid-request): no
		// answer reaches anyone, and Discord would not have acted on it.
		return nil, nil, &apiError{status: statusAborted, message: "the client closed the request before sending its body"}
	}
	if len(body) > maxRequestBody {
		return nil, nil, &apiError{status: 413, code: 40005, message: "Request entity too large"}
	}
	mt, params, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if mt != "multipart/form-data" {
		return body, nil, nil
	}
	mr := multipart.NewReader(bytes.NewReader(body), params["boundary"])
	var (
		payload []byte
		files   []File
	)
	for {
		p, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, nil, &apiError{status: 400, code: 50035, message: "Invalid Form Body"}
		}
		data, err := io.ReadAll(p)
		if err != nil {
			return nil, nil, &apiError{status: 400, code: 50035, message: "Invalid Form Body"}
		}
		switch {
		case p.FormName() == "payload_json":
			payload = data
		case p.FileName() != "":
			files = append(files, File{Name: p.FileName(), ContentType: p.Header.Get("Content-Type"), Data: data})
		}
	}
	return payload, files, nil
}

func (s *Server) getGateway(*call) (int, any, *apiError) {
	return 200, map[string]any{"url": s.GatewayURL()}, nil
}

func (s *Server) getGatewayBot(*call) (int, any, *apiError) {
	return 200, map[string]any{
		"url": s.GatewayURL(), "shards": 1,
		"session_start_limit": map[string]any{"total": 1000, "remaining": 1000 - s.readyCount, "reset_after": 86400000, "max_concurrency": 1},
	}, nil
}

func (s *Server) getMe(*call) (int, any, *apiError) {
	me := botUserJSON()
	me["verified"], me["mfa_enabled"], me["email"], me["locale"] = true, false, nil, "en-US"
	return 200, me, nil
}

func (s *Server) getUser(c *call) (int, any, *apiError) {
	id := c.r.PathValue("user_id")
	if id == BotUserID {
		return 200, botUserJSON(), nil
	}
	u := s.users[id]
	if u == nil {
		return 0, nil, &apiError{status: 404, code: 10013, message: "Unknown User"}
	}
	return 200, u.json(), nil
}

// createDM handles POST /users/@me/channels {"recipient_id"}: the user's DM channel (type 1),
// the same one every time.
func (s *Server) createDM(c *call) (int, any, *apiError) {
	var rid string
	_ = json.Unmarshal(c.body.raw["recipient_id"], &rid)
	u := s.users[rid]
	if u == nil {
		return 0, nil, formError([]string{"recipient_id"}, "NUMBER_TYPE_COERCE", fmt.Sprintf("Value %q is not snowflake.", rid))
	}
	id := s.dmByUser[rid]
	if id == "" {
		id = s.newIDLocked()
		s.dmByUser[rid] = id
		ch := s.channelLocked(id)
		ch.typ, ch.recipient, ch.name = 1, rid, ""
	}
	return 200, s.channelJSONLocked(s.channels[id]), nil
}

func (s *Server) getChannel(c *call) (int, any, *apiError) {
	return 200, s.channelJSONLocked(s.channelLocked(c.r.PathValue("channel_id"))), nil
}

// commandScope is the scope of a commands route: the guild id, or "" for global commands.
func commandScope(c *call) (string, *apiError) {
	if c.r.PathValue("application_id") != AppID {
		return "", &apiError{status: 403, code: 50001, message: "Missing Access"}
	}
	return c.r.PathValue("guild_id"), nil
}

func (s *Server) getCommands(c *call) (int, any, *apiError) {
	scope, err := commandScope(c)
	if err != nil {
		return 0, nil, err
	}
	cmds := s.commands[scope]
	if cmds == nil {
		cmds = []map[string]any{}
	}
	return 200, cloneJSON(cmds), nil
}

// putCommands handles a bulk overwrite: the list replaces the scope's commands; a command keeps
// its id when one of the same name and type existed, and gets a new version.
func (s *Server) putCommands(c *call) (int, any, *apiError) {
	scope, aerr := commandScope(c)
	if aerr != nil {
		return 0, nil, aerr
	}
	var in []map[string]any
	if err := json.Unmarshal(c.raw, &in); err != nil {
		return 0, nil, formError(nil, "ARRAY_TYPE_CONVERT", "Only iterables may be used in a ListType")
	}
	seen := map[string]bool{}
	out := make([]map[string]any, 0, len(in))
	for i, cmd := range in {
		typ := 1
		if t, ok := cmd["type"]; ok && t != nil {
			typ = toInt(t)
		}
		name := str(cmd["name"])
		key := fmt.Sprint(typ, "/", name)
		if seen[key] {
			return 0, nil, formError([]string{fmt.Sprint(i), "name"}, "APPLICATION_COMMANDS_DUPLICATE_NAME", fmt.Sprintf("Application command names must be unique (%s)", name))
		}
		seen[key] = true
		if typ == 1 && str(cmd["description"]) == "" {
			return 0, nil, formError([]string{fmt.Sprint(i), "description"}, "BASE_TYPE_REQUIRED", "This field is required")
		}
		id := ""
		for _, old := range s.commands[scope] {
			if old["name"] == name && toInt(old["type"]) == typ {
				id = str(old["id"])
			}
		}
		if id == "" {
			id = s.newIDLocked()
		}
		cmd["id"], cmd["application_id"], cmd["version"], cmd["type"] = id, AppID, s.newIDLocked(), typ
		if scope != "" {
			cmd["guild_id"] = scope
		}
		for k, v := range map[string]any{
			"default_member_permissions": nil, "nsfw": false, "description": "",
			"integration_types": []any{0}, "contexts": nil, "dm_permission": true,
		} {
			if _, ok := cmd[k]; !ok {
				cmd[k] = v
			}
		}
		out = append(out, cmd)
	}
	s.commands[scope] = out
	s.lastScope, s.lastCommands = scope, out
	return 200, cloneJSON(out), nil
}

func (s *Server) postCallback(c *call) (int, any, *apiError) {
	ix := s.interactions[c.r.PathValue("interaction_id")]
	if ix == nil || ix.Token != c.r.PathValue("interaction_token") {
		return 0, nil, &apiError{status: 404, code: 10062, message: "Unknown interaction"}
	}
	return s.callbackLocked(ix, c.body, c.files, c.r.URL.Query().Get("with_response") == "true")
}

func (s *Server) getWebhookMessage(c *call) (int, any, *apiError) {
	ix, err := s.interactionByTokenLocked(c.r.PathValue("webhook_id"), c.r.PathValue("webhook_token"))
	if err != nil {
		return 0, nil, err
	}
	m, err := s.webhookMessageLocked(ix, messageIDOf(c))
	if err != nil {
		return 0, nil, err
	}
	return 200, s.messageJSONLocked(m), nil
}

// messageIDOf is the message of a webhook route: "@original" or a followup id.
func messageIDOf(c *call) string {
	if id := c.r.PathValue("message_id"); id != "" {
		return id
	}
	return "@original"
}

func (s *Server) patchWebhookMessage(c *call) (int, any, *apiError) {
	ix, err := s.interactionByTokenLocked(c.r.PathValue("webhook_id"), c.r.PathValue("webhook_token"))
	if err != nil {
		return 0, nil, err
	}
	m, err := s.webhookMessageLocked(ix, messageIDOf(c))
	if err != nil {
		return 0, nil, err
	}
	if err := c.body.check(c.files, false); err != nil {
		return 0, nil, err
	}
	s.applyEditLocked(m, c.body, c.files)
	if messageIDOf(c) == "@original" {
		ix.resolveLocked(m.id)
	}
	return 200, s.messageJSONLocked(m), nil
}

func (s *Server) deleteWebhookMessage(c *call) (int, any, *apiError) {
	ix, err := s.interactionByTokenLocked(c.r.PathValue("webhook_id"), c.r.PathValue("webhook_token"))
	if err != nil {
		return 0, nil, err
	}
	m, err := s.webhookMessageLocked(ix, messageIDOf(c))
	if err != nil {
		return 0, nil, err
	}
	m.deleted = true
	return 204, nil, nil
}

// postFollowup handles POST /webhooks/{app}/{token}: a followup message of an interaction, which
// must have been acknowledged. With ?wait=true the message is returned, else 204.
func (s *Server) postFollowup(c *call) (int, any, *apiError) {
	ix, err := s.interactionByTokenLocked(c.r.PathValue("webhook_id"), c.r.PathValue("webhook_token"))
	if err != nil {
		return 0, nil, err
	}
	if ix.response == nil {
		return 0, nil, &apiError{status: 404, code: 10015, message: "Unknown Webhook"}
	}
	if err := c.body.check(c.files, true); err != nil {
		return 0, nil, err
	}
	m := s.newMessageLocked(ix.ChannelID, KindFollowup)
	m.interactionID, m.ix = ix.ID, ix
	s.applyCreateLocked(m, c.body, c.files)
	ix.followups = append(ix.followups, m.id)
	ix.resolveLocked(m.id)
	if c.r.URL.Query().Get("wait") != "true" {
		return 204, nil, nil
	}
	return 200, s.messageJSONLocked(m), nil
}

// postMessage handles POST /channels/{id}/messages, to a guild channel, a thread or a DM channel.
func (s *Server) postMessage(c *call) (int, any, *apiError) {
	ch := s.channelLocked(c.r.PathValue("channel_id"))
	kind := KindChannel
	if ch.typ == 1 {
		kind = KindDM
		if u := s.users[ch.recipient]; u != nil && u.dmClosed {
			return 0, nil, &apiError{status: 403, code: 50007, message: "Cannot send messages to this user"}
		}
	}
	if err := ch.archivedLocked(); err != nil {
		return 0, nil, err
	}
	if err := c.body.check(c.files, true); err != nil {
		return 0, nil, err
	}
	nonce, enforce := c.body.nonce()
	if enforce && nonce != "" {
		if old := s.byNonceLocked(ch.id, nonce); old != nil {
			s.nonceHits++
			return 200, s.messageJSONLocked(old), nil
		}
	}
	m := s.newMessageLocked(ch.id, kind)
	m.userID, m.nonce = ch.recipient, nonce
	s.applyCreateLocked(m, c.body, c.files)
	m.flags &^= FlagEphemeral // only interaction responses can be ephemeral
	return 200, s.messageJSONLocked(m), nil
}

// channelMessageLocked finds a message through the channel endpoints, which do not see
// ephemeral messages.
func (s *Server) channelMessageLocked(c *call) (*message, *apiError) {
	m := s.msgs[c.r.PathValue("message_id")]
	if m == nil || m.deleted || m.channelID != c.r.PathValue("channel_id") || m.flags&FlagEphemeral != 0 {
		return nil, &apiError{status: 404, code: 10008, message: "Unknown Message"}
	}
	return m, nil
}

func (s *Server) getMessage(c *call) (int, any, *apiError) {
	m, err := s.channelMessageLocked(c)
	if err != nil {
		return 0, nil, err
	}
	return 200, s.messageJSONLocked(m), nil
}

func (s *Server) patchMessage(c *call) (int, any, *apiError) {
	m, err := s.channelMessageLocked(c)
	if err != nil {
		return 0, nil, err
	}
	if err := s.channelLocked(m.channelID).archivedLocked(); err != nil {
		return 0, nil, err
	}
	if err := c.body.check(c.files, false); err != nil {
		return 0, nil, err
	}
	s.applyEditLocked(m, c.body, c.files)
	return 200, s.messageJSONLocked(m), nil
}

func (s *Server) deleteMessage(c *call) (int, any, *apiError) {
	m, err := s.channelMessageLocked(c)
	if err != nil {
		return 0, nil, err
	}
	m.deleted = true
	return 204, nil, nil
}

// serveAttachment serves a stored file at its attachment URL (Discord's CDN).
func (s *Server) serveAttachment(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	var found *attachment
	for _, m := range s.order {
		for i := range m.attachments {
			if a := &m.attachments[i]; a.id == r.PathValue("attachment_id") && m.channelID == r.PathValue("channel_id") {
				found = a
			}
		}
	}
	s.mu.Unlock()
	if found == nil {
		http.NotFound(w, r)
		return
	}
	if found.file.ContentType != "" {
		w.Header().Set("Content-Type", found.file.ContentType)
	}
	_, _ = w.Write(found.file.Data)
}

// DefaultGlobalLimit is Discord's global rate limit: REST requests per second per bot.
const DefaultGlobalLimit = 50

// SetGlobalLimit sets the global rate limit to n authorized REST requests in any window of one
// second (0: no limit).
func (s *Server) SetGlobalLimit(n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.globalLimit = n
}

// GlobalRefused returns how many requests got a global 429.
func (s *Server) GlobalRefused() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.globalRefused
}

// globalAllowLocked counts a request that arrived at t against the global limit and reports
// whether it is within it. A refused request is not counted.
func (s *Server) globalAllowLocked(t time.Time) bool {
	if s.globalLimit <= 0 {
		return true
	}
	if s.global == nil || s.global.Burst() != s.globalLimit {
		s.global = rate.NewLimiter(rate.Limit(s.globalLimit), s.globalLimit)
	}
	if !s.global.AllowN(t, 1) {
		s.globalRefused++
		return false
	}
	return true
}
