// Package jsonschema writes the API's contract as documents other tools read: the JSON
// Schema (2020-12) of the create-post, draft-publish, error and draft-publish-result
// bodies, and an OpenAPI 3.1 document of both endpoints.
//
// The task it solves: a team hands the contract to its own tools (ajv, an OpenAPI client
// generator, a gateway) and wants them to agree with postrules' verdict. The documents are
// generated from package schema's wire types (their json and validate tags) and from the
// rule book's declarations (package rules: each rule's limit, unit, option field and
// schema form), never written by hand, and [Document] returns the same bytes on every run.
// What JSON Schema cannot say (grapheme caps, the future-time rule, duplicate names, target
// resolution) is in x-postrules-* keywords and descriptions: a body a document refuses is
// refused by schema.CheckCreatePost too, never the reverse. docs/schema.md says what the
// documents promise; the tests hold them to it with two validators over a corpus.
package jsonschema
