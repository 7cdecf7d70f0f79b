package discordtest

import "encoding/json"

// ReplayInteraction sends the INTERACTION_CREATE event of interaction id again, byte for byte
// (same id and token), on the current gateway connection under a new sequence number — as Discord
// may deliver an event twice around a RESUME (its delivery is at least once). It reports whether
// the event was found and sent. The interaction's token has been answered already, so a second
// acknowledgement is refused with 40060.
func (s *Server) ReplayInteraction(id string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.current
	if c == nil || c.session == nil {
		return false
	}
	for _, ev := range c.session.events {
		var e struct {
			T string          `json:"t"`
			D json.RawMessage `json:"d"`
		}
		if json.Unmarshal(ev, &e) != nil || e.T != "INTERACTION_CREATE" {
			continue
		}
		var d struct {
			ID string `json:"id"`
		}
		if json.Unmarshal(e.D, &d) != nil || d.ID != id {
			continue
		}
		return s.dispatchLocked(c, "INTERACTION_CREATE", e.D) == nil
	}
	return false
}
