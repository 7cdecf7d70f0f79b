package discordtest

import (
	"encoding/json"
	"net/http"
	"sync"
	"time"

	"github.com/gorilla/websocket"
)

// Gateway opcodes (Discord's "Gateway Opcodes").
const (
	opDispatch       = 0
	opHeartbeat      = 1
	opIdentify       = 2
	opPresenceUpdate = 3
	opVoiceState     = 4
	opResume         = 6
	opReconnect      = 7
	opRequestMembers = 8
	opInvalidSession = 9
	opHello          = 10
	opHeartbeatACK   = 11
)

// HeartbeatInterval is the heartbeat_interval of HELLO, in milliseconds (Discord's usual value).
const HeartbeatInterval = 41250

// privilegedIntents are GUILD_MEMBERS, GUILD_PRESENCES and MESSAGE_CONTENT, which the test
// application has not been granted: identifying with them closes the connection with 4014.
const privilegedIntents = 1<<1 | 1<<8 | 1<<15

const writeTimeout = 5 * time.Second

// gwConn is one websocket connection to the gateway.
type gwConn struct {
	ws      *websocket.Conn
	wmu     sync.Mutex
	session *gwSession // once identified or resumed
}

// gwSession is a gateway session: its sequence and the events sent, for RESUME.
type gwSession struct {
	id     string
	seq    int64
	events [][]byte // event with sequence i+1 at index i
}

func (c *gwConn) write(payload []byte) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	_ = c.ws.SetWriteDeadline(time.Now().Add(writeTimeout))
	return c.ws.WriteMessage(websocket.TextMessage, payload)
}

func (c *gwConn) writeJSON(v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return c.write(b)
}

// close sends a close frame with the code and closes the connection.
func (c *gwConn) close(code int, reason string) {
	c.wmu.Lock()
	_ = c.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(code, reason), time.Now().Add(time.Second))
	c.wmu.Unlock()
	_ = c.ws.Close()
}

// serveGateway upgrades a request to a gateway connection and runs it until it closes.
func (s *Server) serveGateway(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	ws, err := s.upgrader.Upgrade(w, r, nil)
	if err != nil {
		return // the upgrader has answered
	}
	c := &gwConn{ws: ws}
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		c.close(websocket.CloseGoingAway, "server closing")
		return
	}
	s.conns[c] = struct{}{}
	s.mu.Unlock()
	defer s.dropConn(c)

	if v := q.Get("v"); v != "9" && v != "10" {
		c.close(4012, "Invalid API version")
		return
	}
	if enc := q.Get("encoding"); enc != "" && enc != "json" {
		c.close(4002, "Error while decoding payload.")
		return
	}
	hello := map[string]any{"op": opHello, "s": nil, "t": nil, "d": map[string]any{
		"heartbeat_interval": HeartbeatInterval, "_trace": []string{`["gateway-loopback",{"micros":0}]`},
	}}
	if err := c.writeJSON(hello); err != nil {
		return
	}
	for {
		_, raw, err := ws.ReadMessage()
		if err != nil {
			return
		}
		var p struct {
			Op int             `json:"op"`
			D  json.RawMessage `json:"d"`
		}
		if err := json.Unmarshal(raw, &p); err != nil {
			c.close(4002, "Error while decoding payload.")
			return
		}
		if !s.handleOp(c, p.Op, p.D) {
			return
		}
	}
}

// handleOp handles one payload from a client; false ends the connection.
func (s *Server) handleOp(c *gwConn, op int, d json.RawMessage) bool {
	switch op {
	case opHeartbeat:
		return c.writeJSON(map[string]any{"op": opHeartbeatACK, "d": nil, "s": nil, "t": nil}) == nil
	case opIdentify:
		return s.identify(c, d)
	case opResume:
		return s.resume(c, d)
	case opPresenceUpdate, opVoiceState, opRequestMembers:
		s.mu.Lock()
		authed := c.session != nil
		s.mu.Unlock()
		if !authed {
			c.close(4003, "Not authenticated.")
			return false
		}
		return true
	default:
		c.close(4001, "Unknown opcode.")
		return false
	}
}

func validToken(tok string) bool { return tok == Token || tok == "Bot "+Token }

func (s *Server) identify(c *gwConn, d json.RawMessage) bool {
	var raw map[string]any
	_ = json.Unmarshal(d, &raw)
	var id struct {
		Token   string `json:"token"`
		Intents int64  `json:"intents"`
	}
	if err := json.Unmarshal(d, &id); err != nil {
		c.close(4002, "Error while decoding payload.")
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.identifies = append(s.identifies, Identify{Token: id.Token, Intents: id.Intents, Raw: raw})
	s.notifyLocked()
	switch {
	case c.session != nil:
		c.close(4005, "Already authenticated.")
		return false
	case !validToken(id.Token):
		c.close(4004, "Authentication failed.")
		return false
	case id.Intents&privilegedIntents != 0:
		c.close(4014, "Disallowed intent(s).")
		return false
	}
	sess := &gwSession{id: randomHex(16)}
	s.sessions[sess.id] = sess
	c.session = sess
	ready := map[string]any{
		"v": 9, "user": botUserJSON(), "session_id": sess.id, "session_type": "normal",
		"resume_gateway_url": s.GatewayURL(),
		"guilds":             []any{map[string]any{"id": GuildID, "unavailable": true}},
		"private_channels":   []any{}, "presences": []any{}, "relationships": []any{},
		"guild_join_requests": []any{}, "geo_ordered_rtc_regions": []string{"loopback"},
		"auth": map[string]any{}, "user_settings": map[string]any{},
		"application": map[string]any{"id": AppID, "flags": 1 << 23}, // GATEWAY_MESSAGE_CONTENT_LIMITED
		"_trace":      []string{`["gateway-loopback",{"micros":0}]`},
	}
	if err := s.dispatchLocked(c, "READY", ready); err != nil {
		return false
	}
	s.readyCount++
	s.current = c
	s.flushPendingLocked()
	s.notifyLocked()
	return true
}

func (s *Server) resume(c *gwConn, d json.RawMessage) bool {
	var p struct {
		Token     string `json:"token"`
		SessionID string `json:"session_id"`
		Seq       int64  `json:"seq"`
	}
	if err := json.Unmarshal(d, &p); err != nil {
		c.close(4002, "Error while decoding payload.")
		return false
	}
	if !validToken(p.Token) {
		c.close(4004, "Authentication failed.")
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	sess := s.sessions[p.SessionID]
	if sess == nil || p.Seq > sess.seq || p.Seq < 0 {
		// Not resumable: the client must identify again.
		return c.writeJSON(map[string]any{"op": opInvalidSession, "d": false, "s": nil, "t": nil}) == nil
	}
	for other := range s.conns {
		if other != c && other.session == sess {
			other.session = nil
			go other.close(4009, "Session timed out.")
		}
	}
	c.session = sess
	for _, ev := range sess.events[p.Seq:] {
		if c.write(ev) != nil {
			return false
		}
	}
	if err := s.dispatchLocked(c, "RESUMED", map[string]any{"_trace": []string{`["gateway-loopback",{"micros":0}]`}}); err != nil {
		return false
	}
	s.current = c
	s.flushPendingLocked()
	s.notifyLocked()
	return true
}

// dispatchLocked sends an op 0 event with the session's next sequence number.
func (s *Server) dispatchLocked(c *gwConn, t string, d any) error {
	sess := c.session
	sess.seq++
	b, err := json.Marshal(map[string]any{"op": opDispatch, "s": sess.seq, "t": t, "d": d})
	if err != nil {
		return err
	}
	sess.events = append(sess.events, b)
	return c.write(b)
}

// dispatchInteractionLocked sends INTERACTION_CREATE to the newest connected session, or queues
// it until one connects.
func (s *Server) dispatchInteractionLocked(ix *Interaction, payload map[string]any) {
	b, err := json.Marshal(payload)
	if err != nil {
		s.t.Errorf("discordtest: encoding interaction: %v", err)
		return
	}
	if s.endpoint != nil {
		s.postInteractionLocked(ix, b) // HTTP interactions mode: see endpoint.go
		return
	}
	s.pending = append(s.pending, b)
	s.pendingIx = append(s.pendingIx, ix)
	s.flushPendingLocked()
}

func (s *Server) flushPendingLocked() {
	for s.current != nil && len(s.pending) > 0 {
		ix := s.pendingIx[0]
		ix.sentAt = time.Now()
		if err := s.dispatchLocked(s.current, "INTERACTION_CREATE", json.RawMessage(s.pending[0])); err != nil {
			// The connection is gone; the event stays in the session for a RESUME.
			s.current = nil
		}
		s.pending, s.pendingIx = s.pending[1:], s.pendingIx[1:]
	}
}

// dropConn forgets a closed connection.
func (s *Server) dropConn(c *gwConn) {
	_ = c.ws.Close()
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.conns, c)
	if s.current == c {
		s.current = nil
		for other := range s.conns {
			if other.session != nil {
				s.current = other
			}
		}
	}
	s.notifyLocked()
}

// DropGateway closes the current gateway connection abruptly, as a network failure would, without
// ending its session: discordgo reconnects and resumes it. It reports whether a connection was
// open.
func (s *Server) DropGateway() bool {
	s.mu.Lock()
	c := s.current
	s.mu.Unlock()
	if c == nil {
		return false
	}
	_ = c.ws.Close()
	return true
}

// Reconnect asks the current gateway connection to reconnect (op 7), as Discord does before
// maintenance; discordgo closes it and resumes the session on a new connection.
func (s *Server) Reconnect() bool {
	s.mu.Lock()
	c := s.current
	s.mu.Unlock()
	if c == nil {
		return false
	}
	return c.writeJSON(map[string]any{"op": opReconnect, "d": nil, "s": nil, "t": nil}) == nil
}
