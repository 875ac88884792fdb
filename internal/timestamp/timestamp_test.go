package timestamp

import (
	"testing"
	"time"
)

// The calendar arithmetic is checked on every date of the grammar's ten thousand years
// against time.Date: which days exist, and how many days each lies from the Unix epoch.
func TestCalendarExhaustive(t *testing.T) {
	for year := 0; year <= 9999; year++ {
		leap := isLeap(uint32(year))
		if want := time.Date(year, 12, 31, 0, 0, 0, 0, time.UTC).YearDay() == 366; leap != want {
			t.Fatalf("isLeap(%d) = %v", year, leap)
		}
		for month := 1; month <= 12; month++ {
			for day := 1; day <= 31; day++ {
				ref := time.Date(year, time.Month(month), day, 0, 0, 0, 0, time.UTC)
				exists := ref.Day() == day // time.Date rolls a missing day into the next month
				if got := uint32(day) <= daysIn(uint32(month), leap); got != exists {
					t.Fatalf("%04d-%02d-%02d: exists = %v, want %v", year, month, day, got, exists)
				}
				if !exists {
					continue
				}
				days := int64(daysBeforeYear(uint32(year))+daysBeforeMonth(uint32(month), leap)+uint32(day)-1) - daysTo1970
				if want := ref.Unix() / 86400; days != want || ref.Unix()%86400 != 0 {
					t.Fatalf("%04d-%02d-%02d: %d days from the epoch, want %d", year, month, day, days, want)
				}
			}
		}
	}
}

// The eight-at-once digit reader agrees with a byte-by-byte reading for every byte value
// at every position.
func TestEightDigits(t *testing.T) {
	const base = "31415926"
	if v, ok := eightDigits(base); !ok || v != 31415926 {
		t.Fatalf("eightDigits(%q) = %d, %v", base, v, ok)
	}
	for _, all := range []string{"00000000", "99999999", "09090909", "90909090"} {
		want := 0
		for i := 0; i < 8; i++ {
			want = want*10 + int(all[i]-'0')
		}
		if v, ok := eightDigits(all); !ok || int(v) != want {
			t.Errorf("eightDigits(%q) = %d, %v", all, v, ok)
		}
	}
	for pos := 0; pos < 8; pos++ {
		for b := 0; b < 256; b++ {
			in := []byte(base)
			in[pos] = byte(b)
			v, ok := eightDigits(string(in))
			isDigit := b >= '0' && b <= '9'
			if ok != isDigit {
				t.Fatalf("eightDigits(%q) ok = %v, want %v", in, ok, isDigit)
			}
			if ok {
				want := 0
				for _, c := range in {
					want = want*10 + int(c-'0')
				}
				if int(v) != want {
					t.Fatalf("eightDigits(%q) = %d, want %d", in, v, want)
				}
			}
		}
	}
}
