package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/media"
	"github.com/postrules/postrules/rules/media/fetch"
	"github.com/postrules/postrules/rules/media/mediajson"
	"github.com/postrules/postrules/rules/media/remedy"
)

const mediaUsage = `usage: validate media [flags] FILE|URL...

Probes each image, video or document FILE from its headers (rules/media: never more
than its headers, whatever size they claim) and judges the facts against each
platform's media rules: formats, file size, pixels, aspect ratio, duration, frame rate,
codecs and audio. Each file is probed on its own; one bad file never stops the others.
A URL (http:// or https://) is read with bounded HTTP Range requests, as validate post
--fetch-media reads media URLs (https only; loopback and private addresses refused unless
allowed), and reported as a file is; a URL that cannot be read is a report with its
error (media_fetch_refused, media_unreachable, media_timeout, media_not_found,
media_too_large) at offset -1. '-' reads standard input (once), spooled to a temporary
file since the probe reads at offsets.

Flags:
  --platform NAME[,NAME...]  the platforms to judge for (default: all ten)
  --fetch-allow HOST[,HOST...]
                             hosts a URL may be read from whatever their address,
                             and over plain http too (e.g. 127.0.0.1)
  --format text|json         output format (default text)
  --fix PLATFORM[,PLATFORM...]
                             instead of the report, print for each platform named the
                             plan that makes the file fit: "fits", "remux" or "encode"
                             (the steps, then an ffmpeg command to paste in a shell), or
                             "no remedy" and why; json gives each plan's argv as an array
                             (rules/media/remedy; docs/media.md, "Remedies")
  --aspect crop|pad          how --fix brings a picture within the aspect ratios: crop the
                             centre or pad with black (default: crop when that cuts at
                             most a fifth of the picture, else pad; each plan says which)
  --apply DIR                run each plan with ffmpeg (no shell) into DIR, as
                             FILE-STEM.PLATFORM.EXT, probe the output and judge it again
  --now TIME, --accounts FILE
                             accepted and checked like everywhere; no effect here
  -h, --help                 print this text

Output, text: per file, a line of facts, then one line per broken rule,
"FILE: PLATFORM: RULE: MESSAGE" (warnings "FILE: PLATFORM: warning: RULE: MESSAGE"),
then "FILE: fits PLATFORMS" and/or "FILE: does not fit PLATFORMS"; a broken file is
"FILE: CODE at byte N: MESSAGE".
Output, json: one line per file,
  {"file","media":{"kind","format","mime","bytes","width","height","rotation",...}|null,
   "error":{"code","message","offset"}|null,
   "platforms":[{"platform","fits","problems":[{"rule","code","message"}],"warnings":[...]}]}

With --fix, the exit status is 0 when every platform named fits or has a plan (with
--apply: when every output fits), 1 when one has no remedy, a plan's output does not fit
or a file is broken, 2 usage or I/O error (--apply without ffmpeg installed).

Exit status: 0 every file fits every platform named, 1 a file does not fit one or is
broken (empty, unrecognized, truncated, corrupt), 2 usage error or a file that cannot
be opened or is no regular file (a FIFO, device, socket or directory: never waited on),
named on stderr; the other files are still probed.
`

func runMedia(c *cmdIO, args []string) int {
	fs := flag.NewFlagSet("media", flag.ContinueOnError)
	cf := addCommonFlags(fs)
	var platforms []rules.Platform
	fs.Func("platform", "platforms", func(s string) error {
		for _, name := range strings.Split(s, ",") {
			p, err := rules.ParsePlatform(name)
			if err != nil {
				return errorString(apierror.As(err).Message)
			}
			platforms = append(platforms, p)
		}
		return nil
	})
	ff := addFetchAllow(fs)
	var fx fixFlags
	fixing := false
	fs.Func("fix", "platforms to plan for", func(s string) error {
		fixing = true
		for _, name := range strings.Split(s, ",") {
			p, err := rules.ParsePlatform(name)
			if err != nil {
				return errorString(apierror.As(err).Message)
			}
			fx.platforms = append(fx.platforms, p)
		}
		return nil
	})
	fs.Func("aspect", "crop or pad", func(s string) error {
		if s != remedy.AspectCrop && s != remedy.AspectPad {
			return errorString("want crop or pad")
		}
		fx.aspect = s
		return nil
	})
	fs.StringVar(&fx.apply, "apply", "", "directory")
	files, code, ok := parseFlags(c, fs, mediaUsage, args)
	if !ok {
		return code
	}
	if len(files) == 0 {
		return usageError(c, "media needs at least one FILE")
	}
	if _, ok := cf.loadAccounts(c, &inputs{c: c}); !ok {
		return exitUsage
	}
	if !fixing && (fx.aspect != "" || fx.apply != "") {
		return usageError(c, "--aspect and --apply go with --fix PLATFORM")
	}
	if fixing {
		if len(platforms) > 0 {
			return usageError(c, "--fix names the platforms; --platform goes without it")
		}
		return runMediaFix(c, cf, fx, files)
	}
	if len(platforms) == 0 {
		platforms = rules.Platforms()
	}
	status := exitValid
	var fetcher *fetch.Fetcher
	in := &inputs{c: c}
	for _, name := range files {
		var r media.Report
		ok := true
		if isURL(name) {
			if fetcher == nil {
				fetcher = newFetcher(ff.allow)
			}
			r = probeURL(fetcher, name, platforms)
		} else {
			r, ok = probeFile(c, in, name, platforms)
		}
		if !ok {
			status = worst(status, exitUsage)
			continue
		}
		if !r.Fits() {
			status = worst(status, exitInvalid)
		}
		if cf.format == formatJSON {
			b, err := mediajson.Line(r)
			if err != nil {
				c.errorf("%s: %v", name, err)
				status = worst(status, exitUsage)
				continue
			}
			c.stdout.Write(b)
		} else {
			writeMediaText(c, r)
		}
	}
	return status
}

// probeFile opens name and probes it; false (after saying so on stderr) when it cannot
// be opened or is no regular file. Standard input ("-") is spooled to a temporary file
// first, since the probe reads at offsets.
// The report is media.NewReport's, the one the WebAssembly module's probeMedia gives.
func probeFile(c *cmdIO, in *inputs, name string, platforms []rules.Platform) (media.Report, bool) {
	path := name
	if name == stdinName {
		spooled, done, err := in.spool()
		if err != nil {
			c.errorf("%s", readError(name, err))
			return media.Report{}, false
		}
		defer done()
		path = spooled
	}
	facts, err, ioErr := probePath(path)
	if ioErr != nil {
		c.errorf("%v", ioErr)
		return media.Report{}, false
	}
	return media.NewReport(name, facts, err, platforms), true
}

func writeMediaText(c *cmdIO, r media.Report) {
	w := c.stdout
	if r.Error != nil {
		if r.Error.Offset < 0 { // a URL that could not be read: no byte of the file to name
			fmt.Fprintf(w, "%s: %s: %s\n", r.File, r.Error.Code, oneLine(r.Error.Message))
			return
		}
		fmt.Fprintf(w, "%s: %s at byte %d: %s\n", r.File, r.Error.Code, r.Error.Offset, oneLine(r.Error.Message))
		return
	}
	fmt.Fprintf(w, "%s: %s\n", r.File, factsLine(*r.Media))
	var fits, not []string
	for _, p := range r.Platforms {
		for _, q := range p.Problems {
			fmt.Fprintf(w, "%s: %s: %s: %s\n", r.File, p.Platform, q.Rule, oneLine(q.Message))
		}
		for _, q := range p.Warnings {
			fmt.Fprintf(w, "%s: %s: warning: %s: %s\n", r.File, p.Platform, q.Rule, oneLine(q.Message))
		}
		if p.Fits {
			fits = append(fits, string(p.Platform))
		} else {
			not = append(not, string(p.Platform))
		}
	}
	if len(fits) > 0 {
		fmt.Fprintf(w, "%s: fits %s\n", r.File, strings.Join(fits, ", "))
	}
	if len(not) > 0 {
		fmt.Fprintf(w, "%s: does not fit %s\n", r.File, strings.Join(not, ", "))
	}
}

// factsLine is the facts in a line: "video mp4 32x18, 0.5 s, 10 fps, h264 High, aac
// 48000 Hz 1 ch, faststart".
func factsLine(f media.Facts) string {
	parts := []string{fmt.Sprintf("%s %s %d bytes", f.Kind, f.Format, f.Bytes)}
	if f.Width > 0 {
		s := fmt.Sprintf("%dx%d", f.Width, f.Height)
		if f.Rotation != 0 {
			s += fmt.Sprintf(" (rotated %d)", f.Rotation)
		}
		if f.PixelAspect != "" {
			s += " (pixels " + f.PixelAspect + ")"
		}
		parts = append(parts, s)
	}
	if f.Duration > 0 {
		parts = append(parts, fmt.Sprintf("%g s", f.Duration))
	}
	if f.FrameRate > 0 {
		s := fmt.Sprintf("%.4g fps", f.FrameRate)
		if f.VariableFrameRate {
			s += " (variable)"
		}
		parts = append(parts, s)
	}
	if f.VideoCodec != "" {
		parts = append(parts, strings.TrimSpace(f.VideoCodec+" "+f.VideoProfile))
	}
	switch f.AudioCodec {
	case "":
	case "none":
		parts = append(parts, "no sound")
	default:
		parts = append(parts, fmt.Sprintf("%s %d Hz %d ch", f.AudioCodec, f.AudioSampleRate, f.AudioChannels))
	}
	if f.Faststart {
		parts = append(parts, "faststart")
	}
	if f.EditList {
		parts = append(parts, "edit list")
	}
	if f.Encrypted {
		parts = append(parts, "encrypted")
	}
	if f.Frames > 0 {
		parts = append(parts, fmt.Sprintf("%d frames", f.Frames))
	}
	if f.Pages > 0 {
		parts = append(parts, fmt.Sprintf("%d pages", f.Pages))
	}
	return strings.Join(parts, ", ")
}

// probePath probes the regular file at name: its facts, or the probe's error (a file that
// is not what it claims), or ioErr when it cannot be read at all. Only a regular file is
// opened: a FIFO with no writer would block open (and a device or socket would feed the
// probe a stream, not a file it can read at offsets), so the kind of file is checked with
// Stat before opening, the open itself never waits (O_NONBLOCK: a FIFO swapped in between
// is opened at once, then refused by the second check), and what was opened is checked
// again.
func probePath(name string) (facts media.Facts, err, ioErr error) {
	st, ioErr := os.Stat(name)
	if ioErr != nil {
		var pe *os.PathError
		if errors.As(ioErr, &pe) {
			pe.Op = "open" // as users know it: "open x.mp4: no such file or directory"
		}
		return media.Facts{}, nil, ioErr
	}
	if !st.Mode().IsRegular() {
		return media.Facts{}, nil, notRegular(name, st.Mode())
	}
	f, ioErr := os.OpenFile(name, os.O_RDONLY|openNonBlock, 0)
	if ioErr != nil {
		return media.Facts{}, nil, ioErr
	}
	defer f.Close()
	st, ioErr = f.Stat()
	if ioErr != nil {
		return media.Facts{}, nil, ioErr
	}
	if !st.Mode().IsRegular() {
		return media.Facts{}, nil, notRegular(name, st.Mode())
	}
	facts, err = media.Probe(f, st.Size())
	return facts, err, nil
}

// notRegular is the usage error for a path that is no regular file; it says what the path
// is, so that a user who gave a FIFO or a device sees why it was not read.
func notRegular(name string, m os.FileMode) error {
	what := "not a regular file"
	switch {
	case m&os.ModeNamedPipe != 0:
		what = "a named pipe (FIFO)"
	case m&os.ModeSocket != 0:
		what = "a socket"
	case m&os.ModeCharDevice != 0:
		what = "a character device"
	case m&os.ModeDevice != 0:
		what = "a block device"
	case m.IsDir():
		what = "a directory"
	}
	return errorString(name + ": " + what + ", not a regular file: media probes files at their offsets, so it reads only regular files")
}
