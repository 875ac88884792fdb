// Command validate checks social posts before they are sent: it lints create-post and
// draft-publish request bodies kept as JSON files, checks scheduledFor values, measures
// texts against a platform's length cap, and folds per-target outcomes into a post status.
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
//	validate status [flags] [FILE]               aggregate per-target outcomes ('-' or none: stdin)
//	validate version [flags]                     print the version and the rule book's revision
//	validate completion bash|zsh|fish            print a shell completion script
//	validate help   [COMMAND]                    print usage
//
// '-' reads standard input wherever a file is taken. post and draft place each problem at
// FILE:LINE:COL (columns in UTF-16 code units) and also write --format github (workflow
// commands) and --format sarif (SARIF 2.1.0).
//
// Every command takes the common flags: --format text|json (default text), -h/--help,
// --now TIME and --accounts FILE. --now is the clock in the scheduledFor grammar (default:
// the current time for post and draft; for time, without --now only the grammar is
// checked). --accounts is a JSON array of {"platform","accountId"}; without it, post and
// draft skip target resolution. Where they have no effect (--now on length and status,
// --accounts on time, length and status) they are still checked: a bad clock or a broken
// accounts file exits 2 on every command. post and draft also take --counter
// graphemes|x-weighted, how twitter posts are counted. Flags may come before or after the
// operands; "--" ends the flags.
//
// Exit status: 0 when everything checked is valid, 1 when something is invalid, 2 on a
// usage error or unreadable input (with a message on stderr naming the file).
//
// The output formats are a contract, written out in the README's CLI section.
package main
