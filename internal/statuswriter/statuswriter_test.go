package statuswriter_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/postrules/postrules/internal/statuswriter"
)

func ExampleWriter() {
	w := &statuswriter.Writer{ResponseWriter: httptest.NewRecorder()}
	fmt.Println(w.Status)
	w.WriteHeader(http.StatusAccepted)
	w.WriteHeader(http.StatusTeapot) // the first status is the answer's
	fmt.Println(w.Status)
	// Output:
	// 0
	// 202
}

func TestWriteWithoutStatusIs200(t *testing.T) {
	rec := httptest.NewRecorder()
	w := &statuswriter.Writer{ResponseWriter: rec}
	w.Write([]byte("ok"))
	if w.Status != 200 || rec.Body.String() != "ok" || http.NewResponseController(w).Flush() != nil {
		t.Fatalf("status %d, body %q", w.Status, rec.Body)
	}
}
