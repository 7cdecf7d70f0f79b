package batavia

import "spicebot/rules"

// ruleTopics are the keys of the rules summary's topics, in reading order; each has the messages
// "batavia.rules.<key>.title" and "batavia.rules.<key>.text".
var ruleTopics = []string{"goal", "setup", "auction", "turn", "move", "exchange", "pirates", "end"}

// Rules returns the rules summary, one topic per rulebook section.
func (game) Rules() []rules.Topic {
	out := make([]rules.Topic, len(ruleTopics))
	for i, key := range ruleTopics {
		out[i] = rules.Topic{Key: key, Title: rules.Msg("batavia.rules." + key + ".title"), Text: rules.Msg("batavia.rules." + key + ".text")}
	}
	return out
}
