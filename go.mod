module github.com/postrules/postrules

go 1.24.0

require (
	github.com/go-chi/chi/v5 v5.2.3
	github.com/go-playground/validator/v10 v10.28.0
	github.com/leanovate/gopter v0.2.11
	github.com/rivo/uniseg v0.4.7
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.2
	golang.org/x/text v0.29.0
)

require (
	github.com/gabriel-vasile/mimetype v1.4.10 // indirect
	github.com/go-playground/locales v0.14.1 // indirect
	github.com/go-playground/universal-translator v0.18.1 // indirect
	github.com/leodido/go-urn v1.4.0 // indirect
	golang.org/x/crypto v0.42.0 // indirect
	golang.org/x/sys v0.36.0 // indirect
)
