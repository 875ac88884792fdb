package fetch

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"syscall"
)

// refusedError is a connection the fetcher will not make: the address (or URL) and why.
type refusedError struct{ why string }

func (e *refusedError) Error() string { return e.why }

// redirectError is a redirect chain the fetcher stops following.
type redirectError struct{ why string }

func (e *redirectError) Error() string { return e.why }

// dial is the transport's DialContext: it resolves the host itself, checks every address
// (unless the host is allowed) and dials only the addresses it checked, so that a second
// DNS answer (rebinding) cannot slip another address in between. The socket's Control
// checks the address once more, just before connect.
func (f *Fetcher) dial(ctx context.Context, network, addr string) (net.Conn, error) {
	host, portStr, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, err
	}
	port, err := strconv.ParseUint(portStr, 10, 16)
	if err != nil {
		return nil, &refusedError{why: "the port " + portStr + " is not a port"}
	}
	allowed := f.allow.host(host)
	var ips []netip.Addr
	if a, err := netip.ParseAddr(host); err == nil {
		ips = []netip.Addr{a}
	} else if ips, err = f.lookup(ctx, host); err != nil {
		return nil, err
	}
	d := net.Dialer{Timeout: f.o.ConnectTimeout, Control: f.control(allowed)}
	var first error
	for _, ip := range ips {
		ip = ip.Unmap()
		if !allowed && !f.allow.addrs[ip] {
			if why := refusedAddr(ip); why != "" {
				if first == nil {
					first = &refusedError{why: host + " is " + ip.String() + ", " + why}
				}
				continue
			}
		}
		ap := netip.AddrPortFrom(ip, uint16(port))
		if f.dialing != nil {
			f.dialing(ap)
		}
		c, err := d.DialContext(ctx, network, ap.String())
		if err == nil {
			return c, nil
		}
		var re *refusedError
		if first == nil || errors.As(first, &re) {
			first = err
		}
		if ctx.Err() != nil {
			break
		}
	}
	if first == nil {
		first = &net.DNSError{Err: "no address", Name: host, IsNotFound: true}
	}
	return nil, first
}

// control is the dialer's last look at the address, after the socket is made and before
// it connects: a second line should dial ever be handed an address it did not check.
func (f *Fetcher) control(allowed bool) func(network, address string, c syscall.RawConn) error {
	return func(network, address string, _ syscall.RawConn) error {
		if allowed {
			return nil
		}
		ap, err := netip.ParseAddrPort(address)
		if err != nil {
			return &refusedError{why: "cannot read the address " + address}
		}
		if ip := ap.Addr().Unmap(); !f.allow.addrs[ip] {
			if why := refusedAddr(ip); why != "" {
				return &refusedError{why: ip.String() + " is " + why}
			}
		}
		return nil
	}
}

// checkRedirect follows at most MaxRedirects redirects, each to a URL the policy takes
// (the address is checked when it is dialled).
func (f *Fetcher) checkRedirect(req *http.Request, via []*http.Request) error {
	if max := f.o.MaxRedirects; max < 0 || len(via) > max {
		n := max
		if n < 0 {
			n = 0
		}
		return &redirectError{why: "more than " + strconv.Itoa(n) + " redirects (the last to " + req.URL.Redacted() + ")"}
	}
	if why := f.allow.checkURL(req.URL); why != "" {
		return &refusedError{why: "redirected to " + req.URL.Redacted() + ": " + why}
	}
	return nil
}
