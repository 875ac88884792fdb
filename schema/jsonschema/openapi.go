package jsonschema

import (
	"reflect"
	"strconv"

	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/schema"
)

// draftOnlyCodes can only answer a draft publish.
func draftOnlyCodes() map[apierror.Code]bool {
	return map[apierror.Code]bool{apierror.CodeDraftNotFound: true, apierror.CodeDraftAlreadyPublishing: true}
}

// openAPIPrefix is where the OpenAPI document keeps its schemas.
const openAPIPrefix = "#/components/schemas/"

// openAPI is the OpenAPI 3.1 document of both endpoints. Its schemas are the same
// definitions as the standalone documents (OpenAPI 3.1 schema objects are JSON Schema
// 2020-12), under #/components/schemas. Its length (about 90 lines) is the document's
// literal, in the order it is written out.
func openAPI() (any, error) {
	g := newGenerator(openAPIPrefix)
	createBody := g.ref(reflect.TypeOf(schema.CreatePost{}))
	publishBody := g.ref(reflect.TypeOf(schema.DraftPublish{}))
	result := g.ref(reflect.TypeOf(schema.DraftPublishResult{}))
	errBody := g.ref(reflect.TypeOf(schema.ErrorBody{}))
	if g.err != nil {
		return nil, g.err
	}
	statuses := errorStatuses()
	// A status whose codes include draft-only ones has a second response for createPost
	// without them ("CreatePostError404"), so each operation lists only codes it can answer.
	responses := obj{}
	for _, st := range statuses {
		responses = append(responses, member{errorResponseName("", st.status), errorResponse(g, st, errBody)})
		if create := withoutDraftCodes(st); len(create.codes) != len(st.codes) && len(create.codes) > 0 {
			responses = append(responses, member{errorResponseName("CreatePost", st.status), errorResponse(g, create, errBody)})
		}
	}
	operation := func(id, summary string, body obj, draft bool, params []any) obj {
		op := obj{
			{"operationId", id},
			{"summary", summary},
			{"security", []any{obj{{"bearerAuth", []any{}}}}},
		}
		if params != nil {
			op = append(op, member{"parameters", params})
		}
		op = append(op, member{"requestBody", obj{
			{"required", true},
			{"content", obj{{"application/json", obj{{"schema", body}}}}},
		}})
		// A created post answers 202; a published draft 200 (the seed's contract).
		ok := obj{{"202", obj{
			{"description", "Accepted: published now (status publishing) or scheduled (status pending)."},
			{"content", obj{{"application/json", obj{{"schema", result}}}}},
		}}}
		if draft {
			ok = obj{{"200", obj{
				{"description", "OK: the draft is published now (status publishing) or scheduled (status scheduled)."},
				{"content", obj{{"application/json", obj{{"schema", result}}}}},
			}}}
		}
		rs := ok
		for _, st := range statuses {
			name := errorResponseName("", st.status)
			if !draft {
				create := withoutDraftCodes(st)
				if len(create.codes) == 0 {
					continue
				}
				if len(create.codes) != len(st.codes) {
					name = errorResponseName("CreatePost", st.status)
				}
			}
			rs = append(rs, member{strconv.Itoa(st.status), obj{{"$ref", "#/components/responses/" + name}}})
		}
		return op.set("responses", rs)
	}
	doc := obj{
		{"openapi", "3.1.0"},
		{"info", obj{
			{"title", "postrules: the publishing API's contract"},
			{"version", "2"},
			{"description", "Generated from postrules' wire types and rule book (schema.Document). Every body the rule book " +
				"accepts, these schemas accept; x-postrules-* keywords name the rules a schema cannot check."},
			// redocly's recommended rules (info-license, info-license-strict) want the license
			// with an SPDX identifier; postrules is MIT (LICENSE).
			{"license", obj{{"name", "MIT"}, {"identifier", "MIT"}}},
		}},
		// One server entry (redocly's no-empty-servers): "/" is the origin the document is
		// served from, which a client replaces with its own API's address.
		{"servers", []any{obj{{"url", "/"}, {"description", "The API server that serves this document."}}}},
		{"jsonSchemaDialect", "https://json-schema.org/draft/2020-12/schema"},
		{"security", []any{obj{{"bearerAuth", []any{}}}}},
		{"paths", obj{
			{"/api/v2/posts", obj{{"post", operation("createPost", "Create a post for one or more platforms, now or scheduled.", createBody, false, nil)}}},
			{"/api/v2/drafts/{draftId}/publish", obj{{"post", operation("publishDraft", "Publish a saved draft, now or scheduled.", publishBody, true, []any{
				obj{{"name", "draftId"}, {"in", "path"}, {"required", true}, {"description", "The saved draft's id."}, {"schema", obj{{"type", "string"}, {"minLength", 1}}}},
			})}}},
		}},
		{"components", obj{
			{"securitySchemes", obj{{"bearerAuth", obj{
				{"type", "http"}, {"scheme", "bearer"},
				{"description", "The API key as a bearer token; missing or wrong: 401 unauthorized."},
			}}}},
			{"responses", responses},
			{"schemas", g.strictNode(obj{{"$defs", g.defs}}).get("$defs")},
		}},
	}
	return doc, g.err
}

// withoutDraftCodes is st without the codes only a draft publish can answer.
func withoutDraftCodes(st statusCodes) statusCodes {
	out := statusCodes{status: st.status, title: st.title}
	for _, c := range st.codes {
		if !draftOnlyCodes()[apierror.Code(c)] {
			out.codes = append(out.codes, c)
		}
	}
	return out
}

// errorResponseName names the response of an error status under components/responses,
// with the operation's prefix when its codes are a subset.
func errorResponseName(prefix string, status int) string {
	return prefix + "Error" + strconv.Itoa(status)
}

// errorResponse is the response of one error status: the error body with that status's
// title and codes, and its extras required.
func errorResponse(g *generator, st statusCodes, errBody obj) obj {
	narrow := obj{{"properties", obj{
		{"error", obj{{"const", st.title}}},
		{"code", obj{{"enum", st.codes}}},
	}}}
	desc := st.title + "."
	switch st.status {
	case 402:
		desc += " subscribeUrl says where to subscribe."
	case 403:
		desc += " limit, used and connected describe the plan."
		narrow = narrow.set("required", []string{"limit", "used", "connected"})
	}
	return obj{
		{"description", desc},
		{xCodes, st.codes},
		{"content", obj{{"application/json", obj{{"schema", g.strictSchema(obj{{"allOf", []any{errBody, narrow}}})}}}}},
	}
}
