package jsonschema_test

import (
	"encoding/json"
	"fmt"

	"github.com/postrules/postrules/schema/jsonschema"
)

// A team hands the contract to its own tools: here, the draft-publish body's schema, read
// back as plain JSON.
func ExampleDocument() {
	doc, err := jsonschema.Document(jsonschema.DocDraftPublish)
	if err != nil {
		fmt.Println(err)
		return
	}
	var d struct {
		Schema string `json:"$schema"`
		Title  string `json:"title"`
		Ref    string `json:"$ref"`
	}
	if err := json.Unmarshal(doc, &d); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(d.Schema)
	fmt.Println(d.Title)
	fmt.Println(d.Ref)
	// Output:
	// https://json-schema.org/draft/2020-12/schema
	// POST /api/v2/drafts/{draftId}/publish request body
	// #/$defs/DraftPublish
}

func ExampleDocumentNames() {
	fmt.Println(jsonschema.DocumentNames())
	// Output: [create-post draft-publish error draft-publish-result openapi]
}
