package main

import (
	"flag"
	"strings"

	"github.com/postrules/postrules/schema/jsonschema"
)

const schemaUsage = `usage: validate schema [flags] NAME

Prints a document of the API's contract, generated from the same wire types the checks
use (see docs/schema.md): NAME is one of
  create-post            JSON Schema 2020-12 of the POST /api/v2/posts body
  draft-publish          JSON Schema 2020-12 of the POST /api/v2/drafts/{draftId}/publish body
  error                  JSON Schema 2020-12 of the error body
  draft-publish-result   JSON Schema 2020-12 of the success body (200 draft, 202 post)
  openapi                OpenAPI 3.1 of both endpoints
The output is indented JSON with a stable key order, so a diff shows a real change. What
a schema cannot say (length caps, the clock, connected accounts) is in x-postrules-*
keywords, which stock validators ignore: a body the schema accepts may still be refused
by validate post, never the reverse.

Flags:
  --format, --now, --accounts
                       accepted and checked like everywhere (a bad value or file exits 2),
                       but they have no effect on a document
  -h, --help           print this text

Exit status: 0 printed, 2 usage error (no NAME, or an unknown one).
`

func runSchema(c *cmdIO, args []string) int {
	fs := flag.NewFlagSet("schema", flag.ContinueOnError)
	cf := addCommonFlags(fs)
	operands, code, ok := parseFlags(c, fs, schemaUsage, args)
	if !ok {
		return code
	}
	if _, ok := cf.loadAccounts(c, &inputs{c: c}); !ok {
		return exitUsage
	}
	names := strings.Join(jsonschema.DocumentNames(), ", ")
	if len(operands) != 1 {
		return usageError(c, "schema takes exactly one NAME (%s), got %d", names, len(operands))
	}
	doc, err := jsonschema.Document(operands[0])
	if err != nil {
		return usageError(c, "unknown document %q; the documents are %s", operands[0], names)
	}
	c.stdout.Write(doc)
	return exitValid
}
