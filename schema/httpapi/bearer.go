package httpapi

import "github.com/postrules/postrules/rules/apierror"

// ParseBearer returns the API key of an "Authorization: Bearer <key>" header value.
//
// The scheme is case-insensitive (RFC 7235 section 2.1: "bearer" and "BEARER" are the same),
// separated from the key by one or more spaces; the key is exactly one token of visible ASCII
// (RFC 6750's b64token characters are a subset) with nothing after it. Anything else, an
// empty key among them, is 401 unauthorized. The message never echoes the key.
func ParseBearer(header string) (string, error) {
	const scheme = "bearer"
	if len(header) < len(scheme) || !equalFoldASCII(header[:len(scheme)], scheme) {
		return "", apierror.New(apierror.CodeUnauthorized, "", "the Authorization header must use the Bearer scheme")
	}
	rest := header[len(scheme):]
	i := 0
	for i < len(rest) && rest[i] == ' ' {
		i++
	}
	if i == 0 {
		return "", apierror.New(apierror.CodeUnauthorized, "", "the Authorization header must be \"Bearer <key>\"")
	}
	key := rest[i:]
	if key == "" {
		return "", apierror.New(apierror.CodeUnauthorized, "", "the Authorization header has no API key")
	}
	for j := 0; j < len(key); j++ {
		if c := key[j]; c <= ' ' || c >= 0x7F {
			return "", apierror.New(apierror.CodeUnauthorized, "", "the API key must be one token of visible ASCII characters")
		}
	}
	return key, nil
}

func equalFoldASCII(s, lower string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != lower[i] {
			return false
		}
	}
	return true
}
