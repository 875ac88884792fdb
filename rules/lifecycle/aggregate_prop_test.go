package lifecycle

import (
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
)

func genOutcome() gopter.Gen {
	return gopter.CombineGens(
		gen.IntRange(0, len(rules.Platforms())-1),
		gen.OneConstOf(TargetPublished, TargetFailed, TargetPending),
		gen.OneConstOf(apierror.Code(""), apierror.CodeXPostLimitReached, apierror.CodePlatformError),
	).Map(func(v []interface{}) Outcome {
		o := Outcome{Platform: rules.Platforms()[v[0].(int)], State: v[1].(TargetState)}
		if o.State == TargetFailed {
			o.Code, o.Error = v[2].(apierror.Code), "failed"
		}
		return o
	})
}

func genOutcomes() gopter.Gen {
	return gen.SliceOf(genOutcome()).SuchThat(func(os []Outcome) bool { return len(os) > 0 })
}

func TestAggregateProperties(t *testing.T) {
	params := gopter.DefaultTestParameters()
	params.MinSuccessfulTests = 500
	properties := gopter.NewProperties(params)

	properties.Property("success is false iff every outcome failed", prop.ForAll(
		func(os []Outcome) bool {
			s, err := Aggregate(os)
			allFailed := true
			for _, o := range os {
				allFailed = allFailed && o.State == TargetFailed
			}
			return err == nil && s.Success == !allFailed
		}, genOutcomes()))

	properties.Property("the result does not depend on the order of the outcomes", prop.ForAll(
		func(os []Outcome, seed int) bool {
			want, _ := Aggregate(os)
			shuffled := append([]Outcome(nil), os...)
			for i := len(shuffled) - 1; i > 0; i-- { // deterministic Fisher-Yates from the seed
				seed = seed*1103515245 + 12345
				j := (seed >> 8 & 0x7fffffff) % (i + 1)
				shuffled[i], shuffled[j] = shuffled[j], shuffled[i]
			}
			got, _ := Aggregate(shuffled)
			return got == want
		}, genOutcomes(), gen.Int()))

	properties.Property("a failed twitter target never changes another target's outcome", prop.ForAll(
		func(others []Outcome, code apierror.Code) bool {
			var rest []Outcome
			for _, o := range others {
				if o.Platform != rules.Twitter {
					rest = append(rest, o)
				}
			}
			if len(rest) == 0 {
				return true
			}
			before, _ := Aggregate(rest)
			with := append(append([]Outcome(nil), rest...), Outcome{Platform: rules.Twitter, State: TargetFailed, Code: code})
			after, _ := Aggregate(with)
			// The other targets' own answer stands: a success stays a success (a fully
			// published set becomes partial, never failed), a pending set stays pending,
			// and an all-failed set stays failed.
			switch before.Status {
			case PostPublished:
				return after == Summary{PostPartial, true}
			default:
				return after == before
			}
		}, genOutcomes(), gen.OneConstOf(apierror.CodeXPostLimitReached, apierror.CodePlatformError, apierror.Code(""))))

	properties.Property("status is always one of the four aggregate statuses", prop.ForAll(
		func(os []Outcome) bool {
			s, _ := Aggregate(os)
			switch s.Status {
			case PostPublished, PostFailed, PostPartial, PostPending:
				return true
			}
			return false
		}, genOutcomes()))

	properties.TestingRun(t)
}
