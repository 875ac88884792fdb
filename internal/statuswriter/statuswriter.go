// Package statuswriter remembers the status of an HTTP answer, for the HTTP face's
// handlers (schema/httpapi: did the caller publish the draft?) and validate serve's
// middleware (metrics and logs).
package statuswriter

import "net/http"

// Writer is an http.ResponseWriter that remembers the status it answered with.
type Writer struct {
	http.ResponseWriter
	// Status is the status written, http.StatusOK once a body is written without one,
	// 0 while nothing is written.
	Status int
}

// WriteHeader records code, the first time, and writes it.
func (s *Writer) WriteHeader(code int) {
	if s.Status == 0 {
		s.Status = code
	}
	s.ResponseWriter.WriteHeader(code)
}

// Write records 200 when nothing was written before, and writes p.
func (s *Writer) Write(p []byte) (int, error) {
	if s.Status == 0 {
		s.Status = http.StatusOK
	}
	return s.ResponseWriter.Write(p)
}

// Unwrap lets http.ResponseController reach the server's writer.
func (s *Writer) Unwrap() http.ResponseWriter { return s.ResponseWriter }
