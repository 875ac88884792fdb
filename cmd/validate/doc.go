// Command validate checks social posts before they are sent: it lints create-post and
// draft-publish request bodies kept as JSON files, checks scheduledFor values, measures
// and splits texts against a platform's cap, folds per-target outcomes into a post status,
// prints the JSON Schema documents and the rule book, probes media files, answers the
// API's two endpoints over HTTP, and writes bodies for property tests with their answers.
// It answers exactly as the API would, because every answer comes from one call into the
// packages schema or rules; the command itself only reads input and prints.
//
// Usage:
//
//	validate post   [flags] FILE...              check create-post bodies ('-' reads stdin)
//	validate draft  [flags] --draft FILE BODY    check a draft-publish body against a stored draft
//	validate time   [flags] [VALUE...]           check scheduledFor values (arguments, else stdin)
//	validate length [flags] [FILE]               measure texts, JSON lines ('-' or none: stdin)
//	validate split  [flags] [FILE]               split texts into threads ('-' or none: stdin)
//	validate fix    [flags] FILE                 apply the verdict's fixes to a body, check again
//	validate status [flags] [FILE]               aggregate per-target outcomes ('-' or none: stdin)
//	validate schema NAME                         print the JSON Schema or OpenAPI document NAME
//	validate rules  [flags]                      list the rule book (ids, limits, units, sources)
//	validate serve  [flags]                      answer the API's two endpoints over HTTP (a sandbox)
//	validate media  [flags] FILE...              probe images, videos, PDFs; judge them per platform
//	validate gen    [flags]                      write bodies for property tests, with their answers
//	validate version [flags]                     print the version and the rule book's revision
//	validate completion bash|zsh|fish            print a shell completion script
//	validate help   [COMMAND]                    print usage, or a command's
//
// The list is the command table of main.go (commands) and its usage text (mainUsage); a
// command's flags and output are in its -h text.
//
// Every command takes the common flags --format text|json (default text), -h/--help,
// --now TIME and --accounts FILE. Where one has no effect (--now on length, split and
// status; --accounts on time, length, split and status) it is still checked: a bad clock or
// a broken accounts file exits 2 on every command.
//
// Exit status: 0 when everything checked is valid, 1 when something is invalid, 2 on a
// usage error or unreadable input (with a message on stderr naming the file).
//
// Every command, flag, output format and exit status is a contract, written out in
// docs/cli.md, whose console examples cmd/validate's tests run.
package main
