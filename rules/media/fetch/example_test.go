package fetch_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"time"

	"github.com/postrules/postrules/rules/media/fetch"
)

// ExampleFetcher_Media reads two URLs of a server on loopback (allowed by name, so over
// plain http), one a PNG, one missing, into what schema.Env's Media and MediaErrors take.
func ExampleFetcher_Media() {
	srv := httptest.NewServer(http.FileServer(http.Dir("../testdata")))
	defer srv.Close()
	f := fetch.New(fetch.Options{Allow: []string{"127.0.0.1"}, FileTimeout: 5 * time.Second})
	facts, errs := f.Media(context.Background(), []string{srv.URL + "/image.png", srv.URL + "/gone.png"})
	png := facts[srv.URL+"/image.png"]
	fmt.Println(png.Format, png.Width, png.Height)
	e := errs[srv.URL+"/gone.png"]
	fmt.Println(e.Code, strings.TrimPrefix(e.Message, srv.URL))
	// Output:
	// png 32 18
	// media_not_found /gone.png: the server answered 404 Not Found
}

// ExampleFetcher_Probe: without an allow-list, a loopback address is refused before any
// connection.
func ExampleFetcher_Probe() {
	r := fetch.New(fetch.Options{}).Probe(context.Background(), "https://127.0.0.1/a.png")
	fmt.Println(r.Err.Code, r.Err.Message)
	// Output:
	// media_fetch_refused https://127.0.0.1/a.png: 127.0.0.1 is a loopback address
}
