package discordtest

import (
	"encoding/json"
	"slices"
)

// Threads (issue 25): a public thread is a channel of type 11 with a parent text channel. It is
// started from a message (POST /channels/{id}/messages/{mid}/threads: the thread's id is the
// message's id) or on its own (POST /channels/{id}/threads); PATCH /channels/{id} renames it,
// archives or unarchives it. Like Discord, the server refuses to post or edit a message in an
// archived thread (400, code 50083) until it is unarchived; a locked thread stays refused
// (ArchiveThread with locked) for everyone but a moderator.

// Thread auto-archive durations in minutes, the values Discord accepts.
var autoArchiveDurations = []int{60, 1440, 4320, 10080}

// codeThreadArchived is Discord's "Thread is archived" error.
const codeThreadArchived = 50083

// ThreadInfo is what the server knows of a thread.
type ThreadInfo struct {
	ID, ParentID, Name string
	// Archived and Locked are the thread's state now; AutoArchive is its auto_archive_duration
	// in minutes.
	Archived, Locked bool
	AutoArchive      int
	// Unarchived counts the PATCHes that unarchived it.
	Unarchived int
}

// Thread returns the thread with the id, and false when there is no such thread.
func (s *Server) Thread(id string) (ThreadInfo, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.channels[id]
	if c == nil || c.typ != 11 {
		return ThreadInfo{}, false
	}
	return c.threadInfo(), true
}

// Threads returns the threads of a parent channel, oldest first.
func (s *Server) Threads(parentID string) []ThreadInfo {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []ThreadInfo
	for _, c := range s.channels {
		if c.typ == 11 && c.parentID == parentID {
			out = append(out, c.threadInfo())
		}
	}
	slices.SortFunc(out, func(a, b ThreadInfo) int {
		if len(a.ID) != len(b.ID) {
			return len(a.ID) - len(b.ID)
		}
		if a.ID < b.ID {
			return -1
		}
		if a.ID > b.ID {
			return 1
		}
		return 0
	})
	return out
}

// ArchiveThread archives a thread as Discord does after its auto-archive duration without
// activity (locked: as a moderator's lock, which the bot cannot undo).
func (s *Server) ArchiveThread(id string, locked bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.channelLocked(id)
	c.archived, c.locked = true, locked
	s.notifyLocked()
}

func (c *channel) threadInfo() ThreadInfo {
	return ThreadInfo{ID: c.id, ParentID: c.parentID, Name: c.name, Archived: c.archived, Locked: c.locked,
		AutoArchive: c.autoArchive, Unarchived: c.unarchived}
}

// archivedLocked is the error for a message posted or edited in an archived thread, or nil.
func (c *channel) archivedLocked() *apiError {
	if c.typ == 11 && c.archived {
		return &apiError{status: 400, code: codeThreadArchived, message: "Thread is archived"}
	}
	return nil
}

// threadBody reads the name and auto_archive_duration of a thread-creating request.
func threadBody(c *call) (string, int, *apiError) {
	var name string
	_ = json.Unmarshal(c.body.raw["name"], &name)
	if name == "" || len([]rune(name)) > 100 {
		return "", 0, formError([]string{"name"}, "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
	}
	dur := 4320 // the channel's default
	if raw, ok := c.body.raw["auto_archive_duration"]; ok && string(raw) != "null" {
		_ = json.Unmarshal(raw, &dur)
		if !slices.Contains(autoArchiveDurations, dur) {
			return "", 0, formError([]string{"auto_archive_duration"}, "BASE_TYPE_CHOICES", "Value must be one of {60, 1440, 4320, 10080}.")
		}
	}
	return name, dur, nil
}

// startThreadFromMessage handles POST /channels/{channel_id}/messages/{message_id}/threads: a
// public thread whose id is the message's id.
func (s *Server) startThreadFromMessage(c *call) (int, any, *apiError) {
	parent := s.channelLocked(c.r.PathValue("channel_id"))
	if parent.typ != 0 {
		return 0, nil, &apiError{status: 400, code: 50024, message: "Cannot execute action on this channel type"}
	}
	m, err := s.channelMessageLocked(c)
	if err != nil {
		return 0, nil, err
	}
	if _, ok := s.channels[m.id]; ok {
		return 0, nil, &apiError{status: 400, code: 160004, message: "A thread has already been created for this message"}
	}
	name, dur, err := threadBody(c)
	if err != nil {
		return 0, nil, err
	}
	th := s.channelLocked(m.id)
	th.typ, th.parentID, th.name, th.autoArchive = 11, parent.id, name, dur
	return 201, s.channelJSONLocked(th), nil
}

// startThread handles POST /channels/{channel_id}/threads: a public thread with no starter
// message (type 11; the server makes no private threads).
func (s *Server) startThread(c *call) (int, any, *apiError) {
	parent := s.channelLocked(c.r.PathValue("channel_id"))
	if parent.typ != 0 {
		return 0, nil, &apiError{status: 400, code: 50024, message: "Cannot execute action on this channel type"}
	}
	name, dur, err := threadBody(c)
	if err != nil {
		return 0, nil, err
	}
	th := s.channelLocked(s.newIDLocked())
	th.typ, th.parentID, th.name, th.autoArchive = 11, parent.id, name, dur
	return 201, s.channelJSONLocked(th), nil
}

// patchChannel handles PATCH /channels/{channel_id} for a thread: name, archived,
// auto_archive_duration. A locked thread cannot be unarchived by the bot (it is not a
// moderator here): 403, 50013.
func (s *Server) patchChannel(c *call) (int, any, *apiError) {
	ch := s.channelLocked(c.r.PathValue("channel_id"))
	if ch.typ != 11 {
		if raw, ok := c.body.raw["name"]; ok {
			_ = json.Unmarshal(raw, &ch.name)
		}
		return 200, s.channelJSONLocked(ch), nil
	}
	if ch.locked {
		return 0, nil, &apiError{status: 403, code: 50013, message: "Missing Permissions"}
	}
	var archived *bool
	if raw, ok := c.body.raw["archived"]; ok {
		_ = json.Unmarshal(raw, &archived)
	}
	if ch.archived && (archived == nil || *archived) {
		return 0, nil, &apiError{status: 400, code: codeThreadArchived, message: "Thread is archived"}
	}
	if archived != nil {
		if ch.archived && !*archived {
			ch.unarchived++
		}
		ch.archived = *archived
	}
	if raw, ok := c.body.raw["name"]; ok {
		var name string
		_ = json.Unmarshal(raw, &name)
		if name == "" || len([]rune(name)) > 100 {
			return 0, nil, formError([]string{"name"}, "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
		}
		ch.name = name
	}
	if raw, ok := c.body.raw["auto_archive_duration"]; ok {
		var dur int
		_ = json.Unmarshal(raw, &dur)
		if !slices.Contains(autoArchiveDurations, dur) {
			return 0, nil, formError([]string{"auto_archive_duration"}, "BASE_TYPE_CHOICES", "Value must be one of {60, 1440, 4320, 10080}.")
		}
		ch.autoArchive = dur
	}
	return 200, s.channelJSONLocked(ch), nil
}
