package fetch

import (
	"net/netip"
	"net/url"
	"strings"
)

// refusedPrefixes are the IPv4 ranges a fetch never connects to unless its host is
// allowed, beyond what netip's predicates name (loopback, private, link-local, multicast,
// unspecified): RFC 6890's special-purpose registry entries that are not globally
// reachable. https://www.iana.org/assignments/iana-ipv4-special-registry/
var refusedPrefixes = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),          // "this network" (RFC 791)
	netip.MustParsePrefix("100.64.0.0/10"),      // shared address space, CGNAT (RFC 6598)
	netip.MustParsePrefix("192.0.0.0/24"),       // IETF protocol assignments (RFC 6890)
	netip.MustParsePrefix("192.0.2.0/24"),       // documentation TEST-NET-1 (RFC 5737)
	netip.MustParsePrefix("198.18.0.0/15"),      // benchmarking (RFC 2544)
	netip.MustParsePrefix("198.51.100.0/24"),    // documentation TEST-NET-2
	netip.MustParsePrefix("203.0.113.0/24"),     // documentation TEST-NET-3
	netip.MustParsePrefix("240.0.0.0/4"),        // reserved, and 255.255.255.255 broadcast
	netip.MustParsePrefix("2001:db8::/32"),      // IPv6 documentation (RFC 3849)
	netip.MustParsePrefix("100::/64"),           // IPv6 discard-only (RFC 6666)
	netip.MustParsePrefix("64:ff9b:1::/48"),     // local-use IPv4/IPv6 translation (RFC 8215)
	netip.MustParsePrefix("fec0::/10"),          // deprecated site-local (RFC 3879)
	netip.MustParsePrefix("::ffff:0:0:0/96"),    // SIIT IPv4-translated (RFC 6052)
	netip.MustParsePrefix("::/96"),              // IPv4-compatible, deprecated (RFC 4291)
	netip.MustParsePrefix("ff00::/8"),           // multicast (also netip's IsMulticast)
	netip.MustParsePrefix("fc00::/7"),           // unique local (also netip's IsPrivate)
	netip.MustParsePrefix("fe80::/10"),          // link-local (also IsLinkLocalUnicast)
	netip.MustParsePrefix("169.254.0.0/16"),     // link-local, cloud metadata (also netip)
	netip.MustParsePrefix("127.0.0.0/8"),        // loopback (also netip)
	netip.MustParsePrefix("255.255.255.255/32"), // limited broadcast
}

// refusedAddr says why a fetch must not connect to a, or "" when a is a public unicast
// address. IPv4-mapped IPv6 forms (::ffff:10.0.0.1) are judged as the IPv4 address they
// carry, and so are the IPv4 addresses embedded in NAT64 (64:ff9b::/96, RFC 6052) and
// 6to4 (2002::/16, RFC 3056) addresses, which reach that IPv4 address through a gateway.
func refusedAddr(a netip.Addr) string {
	if !a.IsValid() {
		return "not an IP address"
	}
	a = a.Unmap().WithZone("")
	if a.Is6() {
		b := a.As16()
		switch {
		case b[0] == 0x00 && b[1] == 0x64 && b[2] == 0xff && b[3] == 0x9b && allZero(b[4:12]):
			if why := refusedAddr(netip.AddrFrom4([4]byte(b[12:16]))); why != "" {
				return "a NAT64 address of " + why
			}
		case b[0] == 0x20 && b[1] == 0x02:
			if why := refusedAddr(netip.AddrFrom4([4]byte(b[2:6]))); why != "" {
				return "a 6to4 address of " + why
			}
		}
	}
	switch {
	case a.IsUnspecified():
		return "an unspecified address"
	case a.IsLoopback():
		return "a loopback address"
	case a.IsPrivate():
		return "a private address"
	case a.IsLinkLocalUnicast():
		return "a link-local address"
	case a.IsMulticast() || a.IsLinkLocalMulticast() || a.IsInterfaceLocalMulticast():
		return "a multicast address"
	}
	for _, p := range refusedPrefixes {
		if p.Contains(a) {
			return "a special-purpose address (" + p.String() + ")"
		}
	}
	return ""
}

func allZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

// allowList is the caller's hosts: names (case-insensitive) and IP addresses, where
// plain http is taken and the address check is skipped.
type allowList struct {
	names map[string]bool
	addrs map[netip.Addr]bool
}

func newAllowList(hosts []string) allowList {
	l := allowList{names: map[string]bool{}, addrs: map[netip.Addr]bool{}}
	for _, h := range hosts {
		h = strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(h), "["), "]")
		if h == "" {
			continue
		}
		if a, err := netip.ParseAddr(h); err == nil {
			l.addrs[a.Unmap()] = true
			continue
		}
		l.names[strings.ToLower(strings.TrimSuffix(h, "."))] = true
	}
	return l
}

// host reports whether the URL host h (a name or an IP literal, without port or brackets)
// is allowed.
func (l allowList) host(h string) bool {
	if a, err := netip.ParseAddr(h); err == nil {
		return l.addrs[a.Unmap()]
	}
	return l.names[strings.ToLower(strings.TrimSuffix(h, "."))]
}

// checkURL says why u must not be fetched before any connection (a scheme other than
// https, or http on a host not allowed; credentials; no host; an IP literal that is
// refused), or "" when it may be.
func (l allowList) checkURL(u *url.URL) string {
	if u.User != nil {
		return "the URL carries credentials (user:password@); a media URL must be public"
	}
	h := u.Hostname()
	if h == "" {
		return "the URL has no host"
	}
	allowed := l.host(h)
	switch u.Scheme {
	case "https":
	case "http":
		if !allowed {
			return "plain http is taken only from allowed hosts; use https"
		}
	default:
		return "the scheme " + u.Scheme + " is not http or https"
	}
	if !allowed {
		if a, err := netip.ParseAddr(h); err == nil {
			if why := refusedAddr(a); why != "" {
				return h + " is " + why
			}
		}
	}
	return ""
}
