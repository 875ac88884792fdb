package generate

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/schema"
)

func params(t *testing.T, n int) *gopter.TestParameters {
	p := gopter.DefaultTestParametersWithSeed(36)
	p.MinSuccessfulTests = n
	if testing.Short() {
		p.MinSuccessfulTests = n / 10
	}
	p.MaxSize = maxChoices
	return p
}

// TestScheduledForByTheGrammar: valid values parse and are after the clock; past ones
// parse and are not; broken ones are refused with invalid_scheduled_for at their byte.
func TestScheduledForByTheGrammar(t *testing.T) {
	ps := gopter.NewProperties(params(t, 5000))
	ps.Property("each scheduledFor keeps its case", prop.ForAll(func(c []uint16, minutes int) string {
		d := &draws{c: c}
		clock := now.Add(timeMinutes(minutes))
		v := validScheduled(d, clock)
		if at, err := rules.ParseScheduledFor(v); err != nil || !at.After(clock) {
			return "valid " + v + " is not after the clock"
		}
		past := pastScheduled(d, clock)
		if at, err := rules.ParseScheduledFor(past); err != nil || at.After(clock) {
			return "past " + past + " is after the clock or broken"
		}
		b := brokenScheduled(d, clock)
		_, err := rules.ParseScheduledFor(b.Value)
		e := apierror.As(err)
		if e == nil || e.Code != apierror.CodeInvalidScheduledFor || e.Offset != b.Offset {
			return "broken " + b.Value + " is not refused at its byte"
		}
		return ""
	}, gen.SliceOf(gen.UInt16()), gen.IntRange(0, 60*24*365*50)))
	reportProps(t, ps)
}

// TestTextsAtBelowAndOverTheCap: for every rule that measures a string in a unit, a text
// drawn at the cap, below it and one over measures exactly that long in the rule's unit
// (graphemes, bytes, UTF-16, X's weight), and fits exactly when it is not over.
func TestTextsAtBelowAndOverTheCap(t *testing.T) {
	var rs []rules.Rule
	for _, r := range rules.TextRules() {
		if m, _ := limits.MeasureRule(r.ID, "a"); m.Measures && r.Limit > 0 && r.Unit != "" && r.Unit != "forbidden" {
			if _, isCounter := rules.CounterByName(r.Unit); isCounter || r.Unit == "bytes" || r.Unit == "utf16" {
				rs = append(rs, r)
			}
		}
	}
	if len(rs) < 20 {
		t.Fatalf("only %d length rules found; the filter is wrong", len(rs))
	}
	ps := gopter.NewProperties(params(t, 3000))
	ps.Property("a text of n units measures n", prop.ForAll(func(c []uint16, k, where int) string {
		r := rs[k%len(rs)]
		n := []int{r.Limit - 1, r.Limit, r.Limit + 1, where % (r.Limit + 1)}[where%4]
		s, ok := textOf(&draws{c: c}, r.ID, n, nil)
		if !ok {
			return r.ID + ": no text"
		}
		m, err := limits.MeasureRule(r.ID, s)
		if err != nil || m.Length != n || m.Fits() != (n <= r.Limit) {
			return r.ID + ": wrong length or fit"
		}
		return ""
	}, gen.SliceOf(gen.UInt16()), gen.IntRange(0, 1000), gen.IntRange(0, 1<<20)))
	reportProps(t, ps)
}

// TestShrinkingEndsSmall: a property that fails on any body with more than one target
// (false for most valid bodies) shrinks, through the choices, to a body with two targets
// and little else, still accepted by the book.
func TestShrinkingEndsSmall(t *testing.T) {
	g, err := Gen(Valid, Options{})
	if err != nil {
		t.Fatal(err)
	}
	p := prop.ForAll(func(c *Case) bool {
		var b struct{ Platforms []json.RawMessage }
		json.Unmarshal(c.Body, &b)
		return len(b.Platforms) < 2
	}, g)
	params := gopter.DefaultTestParametersWithSeed(9)
	params.MaxSize = maxChoices
	res := p.Check(params)
	if res.Status != gopter.TestFailed {
		t.Fatalf("the property was not falsified: %v", res.Status)
	}
	orig, shrunk := res.Args[0].OrigArg.(*Case), res.Args[0].Arg.(*Case)
	if err := shrunk.Keeps(shrunk.Check()); err != nil {
		t.Fatalf("the shrunk case breaks its promise: %v", err)
	}
	if len(shrunk.Body) >= len(orig.Body) || len(shrunk.Body) > 200 {
		t.Errorf("shrunk from %d to %d bytes, want a small body:\n%s", len(orig.Body), len(shrunk.Body), shrunk.Body)
	}
	t.Logf("shrunk %d bytes (%d choices) to %d bytes (%d choices): %s", len(orig.Body), len(orig.Choices), len(shrunk.Body), len(shrunk.Choices), shrunk.Body)
}

// TestKeepsCanFail: Keeps refuses a verdict that does not keep the promise: a valid case
// refused, a refusal answered valid, with another status, code, rule or path.
func TestKeepsCanFail(t *testing.T) {
	cs, err := Sample("bluesky.text.max_bytes", Options{}, 3, 1)
	if err != nil {
		t.Fatal(err)
	}
	c := cs[0]
	v := c.Check()
	if err := c.Keeps(v); err != nil {
		t.Fatal(err)
	}
	for why, change := range map[string]func(v *schema.Verdict){
		"valid":        func(v *schema.Verdict) { v.Valid, v.Problems = true, nil },
		"other status": func(v *schema.Verdict) { v.HTTPStatus = 404 },
		"other code": func(v *schema.Verdict) {
			v.Problems = []schema.Problem{{Path: c.Expect.Path, Code: "x", Rule: c.Expect.Rule}}
		},
		"other rule": func(v *schema.Verdict) {
			v.Problems = []schema.Problem{{Path: c.Expect.Path, Code: c.Expect.Code, Rule: "x"}}
		},
		"other path": func(v *schema.Verdict) {
			v.Problems = []schema.Problem{{Path: "/x", Code: c.Expect.Code, Rule: c.Expect.Rule}}
		},
		"other doc": func(v *schema.Verdict) {
			v.Problems = []schema.Problem{{Path: c.Expect.Path, Code: c.Expect.Code, Rule: c.Expect.Rule, In: "draft"}}
		},
	} {
		w := v
		change(&w)
		if c.Keeps(w) == nil {
			t.Errorf("%s: Keeps took a verdict that breaks the promise", why)
		}
	}
	ok := &Case{Generator: Valid, Expect: Expect{Valid: true}}
	if ok.Keeps(v) == nil {
		t.Error("a valid promise kept by a refusal")
	}
}

// TestEnvJSONReplays: the env of a line, read by the options decoder, is the case's env.
func TestEnvJSONReplays(t *testing.T) {
	for _, name := range []string{Valid, ValidDraft, "draft_already_publishing", "plan_limit_reached", "account_limit_reached",
		"subscription_inactive", "tiktok.privacy.allowed", "no_connected_account"} {
		cs, err := Sample(name, Options{}, 4, 20)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cs {
			env, ps := schema.DecodeEnv(c.envJSON())
			if len(ps) > 0 {
				t.Fatalf("%s: %v: %s", name, ps, c.envJSON())
			}
			want := c.Env()
			want.Media = nil
			if want.DraftState == "" && c.Endpoint == EndpointDraftPublish {
				want.DraftState = "saved"
			}
			if !env.Now.Equal(want.Now) || !reflect.DeepEqual(env.Accounts, want.Accounts) || env.Plan != want.Plan ||
				env.DraftState != want.DraftState || !reflect.DeepEqual(env.TikTokPrivacyLevels, want.TikTokPrivacyLevels) {
				t.Fatalf("%s: decoded %+v, want %+v", name, env, want)
			}
		}
	}
}

// TestSampleIsReproducible: the same seed gives the same bodies, another seed others.
func TestSampleIsReproducible(t *testing.T) {
	body := func(seed int64) string {
		cs, err := Sample(Valid, Options{}, seed, 20)
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		for _, c := range cs {
			b.Write(c.Body)
		}
		return b.String()
	}
	first, again, other := body(1), body(1), body(2)
	if first != again || first == other {
		t.Fatal("Sample is not a function of its seed")
	}
}

func reportProps(t *testing.T, ps *gopter.Properties) {
	t.Helper()
	if !ps.Run(gopter.ConsoleReporter(false)) {
		t.Fail()
	}
}
