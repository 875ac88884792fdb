package mediaprobe

import (
	"encoding/json"
	"io"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/media"
	"github.com/postrules/postrules/rules/media/remedy"
	"github.com/postrules/postrules/wasm/internal/bridge"
)

// Aspect reads planMedia's aspect option: "" (the remedy's own choice), "crop" or "pad",
// as the CLI's --aspect takes them; anything else is invalid_value at aspect.
func Aspect(s string) (string, *bridge.Fault) {
	switch s {
	case remedy.AspectAuto, remedy.AspectCrop, remedy.AspectPad:
		return s, nil
	}
	return "", bridge.FaultOf(apierror.New(apierror.CodeInvalidValue, "aspect",
		"aspect is \"crop\" or \"pad\" (or absent: crop when it cuts at most a fifth of the picture, else pad)"), "")
}

// Plans probes the file r of size bytes named name and gives, per platform of
// platforms in its order, the plan that makes it fit (rules/media/remedy), with aspect
// as --aspect: the line of `validate media --fix P --format json` for a file of that
// name in the working directory, without its newline. ffmpeg's input and output are
// named as the CLI names them, the output beside the input.
func Plans(name string, r io.ReaderAt, size int64, platforms []rules.Platform, aspect string) ([]byte, *bridge.Fault) {
	facts, err := media.Probe(r, size)
	line := remedy.LineFor(name, "", facts, err, platforms, remedy.Options{Aspect: aspect})
	// json.Marshal, as the CLI's --fix (HTML escaping on; unlike the probe's line).
	b, jerr := json.Marshal(line)
	if jerr != nil {
		return nil, bridge.InternalFault("postrules: cannot encode the media plans: " + jerr.Error())
	}
	return b, nil
}
