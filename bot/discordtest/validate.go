package discordtest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// specURL is the base URL the OpenAPI document is registered under in the schema compiler.
const specURL = "https://discord.test/openapi.json"

// validator checks request bodies against the requestBody schemas of Discord's OpenAPI 3.1 spec.
type validator struct {
	doc map[string]any

	mu       sync.Mutex
	compiler *jsonschema.Compiler
	schemas  map[string]*jsonschema.Schema // by schema pointer; nil when the operation has none
}

// specPath finds Discord's OpenAPI spec: $SPICEBOT_SHARED/discord/openapi.json when the variable
// is set, else shared/discord/openapi.json beside the module root (the directory of go.mod found
// walking up from the working directory). It returns "" when there is none.
func specPath() string {
	var shared string
	if env := os.Getenv("SPICEBOT_SHARED"); env != "" {
		shared = env
	} else {
		dir, err := os.Getwd()
		if err != nil {
			return ""
		}
		for {
			if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
				break
			}
			parent := filepath.Dir(dir)
			if parent == dir {
				return ""
			}
			dir = parent
		}
		shared = filepath.Join(dir, "..", "shared")
	}
	path := filepath.Join(shared, "discord", "openapi.json")
	if _, err := os.Stat(path); err != nil {
		return ""
	}
	return path
}

// loadValidator reads the spec at path.
func loadValidator(path string) (*validator, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("open discord spec: %w", err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		return nil, fmt.Errorf("read discord spec %s: %w", path, err)
	}
	m, ok := doc.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("discord spec %s is not an object", path)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	if err := c.AddResource(specURL, doc); err != nil {
		return nil, fmt.Errorf("add discord spec: %w", err)
	}
	return &validator{doc: m, compiler: c, schemas: map[string]*jsonschema.Schema{}}, nil
}

// callbackSchemas are the request schemas of the interaction callback by callback type, so that
// a violation names the problem rather than the failure of a union of every callback.
var callbackSchemas = map[int]string{
	1: "PongInteractionCallbackRequest",
	4: "CreateMessageInteractionCallbackRequest",
	5: "CreateMessageInteractionCallbackRequest",
	6: "UpdateMessageInteractionCallbackRequest",
	7: "UpdateMessageInteractionCallbackRequest",
	8: "ApplicationCommandAutocompleteCallbackRequest",
	9: "ModalInteractionCallbackRequest",
}

// validate checks the JSON body of a request on route ("METHOD /spec/path") and returns one line
// per problem.
func (v *validator) validate(route string, body []byte) []string {
	method, path, _ := strings.Cut(route, " ")
	ptr := "/paths/" + escapePointer(path) + "/" + strings.ToLower(method) + "/requestBody/content/application~1json/schema"
	if strings.HasSuffix(path, "/callback") {
		var cb struct {
			Type int `json:"type"`
		}
		if json.Unmarshal(body, &cb) == nil && callbackSchemas[cb.Type] != "" {
			ptr = "/components/schemas/" + callbackSchemas[cb.Type]
		}
	}
	sch, err := v.schema(ptr)
	if err != nil {
		return []string{fmt.Sprintf("%s: cannot compile the spec's schema: %v", route, err)}
	}
	if sch == nil {
		return nil
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(body))
	if err != nil {
		return []string{fmt.Sprintf("%s: body is not JSON: %v", route, err)}
	}
	err = sch.Validate(inst)
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return nil
	}
	var out []string
	for _, leaf := range leaves(ve.Error()) {
		out = append(out, route+": "+leaf)
	}
	return out
}

// schema compiles (once) the schema at the JSON pointer in the spec; nil when the spec has none
// there.
func (v *validator) schema(ptr string) (*jsonschema.Schema, error) {
	v.mu.Lock()
	defer v.mu.Unlock()
	if sch, ok := v.schemas[ptr]; ok {
		return sch, nil
	}
	if !v.exists(ptr) {
		v.schemas[ptr] = nil
		return nil, nil
	}
	sch, err := v.compiler.Compile(specURL + "#" + ptr)
	if err != nil {
		return nil, err
	}
	v.schemas[ptr] = sch
	return sch, nil
}

// exists reports whether the JSON pointer resolves in the spec document.
func (v *validator) exists(ptr string) bool {
	var cur any = v.doc
	for _, tok := range strings.Split(strings.TrimPrefix(ptr, "/"), "/") {
		tok = strings.NewReplacer("~1", "/", "~0", "~").Replace(tok)
		m, ok := cur.(map[string]any)
		if !ok {
			return false
		}
		if cur, ok = m[tok]; !ok {
			return false
		}
	}
	return true
}

func escapePointer(s string) string {
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(s)
}

// leaves extracts the innermost errors from the library's indented error text ("- at '/x': ..."),
// leaving out the "want null" branches of nullable unions when another cause explains the error.
func leaves(text string) []string {
	lines := strings.Split(text, "\n")
	indent := func(l string) int { return len(l) - len(strings.TrimLeft(l, " ")) }
	var all, useful []string
	for i, l := range lines {
		if !strings.Contains(l, "- at ") {
			continue
		}
		if i+1 < len(lines) && indent(lines[i+1]) > indent(l) && strings.Contains(lines[i+1], "- at ") {
			continue
		}
		leaf := strings.TrimPrefix(strings.TrimSpace(l), "- ")
		all = append(all, leaf)
		if !strings.HasSuffix(leaf, "want null") {
			useful = append(useful, leaf)
		}
	}
	if len(useful) > 0 {
		return useful
	}
	if len(all) == 0 {
		return []string{strings.TrimSpace(text)}
	}
	return all
}
