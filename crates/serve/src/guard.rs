//! Which requests the preview answers: those that name it.
//!
//! A page on another site can send requests to a loopback address, and a
//! domain of its own can be made to resolve to 127.0.0.1 (DNS rebinding),
//! after which the browser sends that domain as `Host` and treats the
//! answers as that site's. So a request is answered only when its `Host`
//! is one of the preview's own names (with its port) and its `Origin`, if
//! it has one, is the preview itself.

/// The names the preview answers to, on `port`.
fn own_hosts(port: u16) -> [String; 3] {
    [
        format!("127.0.0.1:{port}"),
        format!("localhost:{port}"),
        format!("[::1]:{port}"),
    ]
}

/// Why a request with this `Host` and `Origin` is refused, if it is.
pub(crate) fn refusal(host: Option<&str>, origin: Option<&str>, port: u16) -> Option<&'static str> {
    let hosts = own_hosts(port);
    let own = |h: &str| hosts.iter().any(|o| o.eq_ignore_ascii_case(h));
    match host {
        None => return Some("no Host header"),
        Some(h) if !own(h.trim()) => return Some("the Host is not this preview"),
        Some(_) => {}
    }
    match origin.map(str::trim) {
        None => None,
        Some(o) => match o.strip_prefix("http://") {
            Some(h) if own(h) => None,
            _ => Some("the Origin is not this preview"),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::refusal;

    #[test]
    fn the_preview_s_own_names_are_answered() {
        for host in [
            "127.0.0.1:8424",
            "localhost:8424",
            "[::1]:8424",
            "LOCALHOST:8424",
        ] {
            assert_eq!(refusal(Some(host), None, 8424), None, "{host}");
            let origin = format!("http://{host}");
            assert_eq!(refusal(Some(host), Some(&origin), 8424), None, "{host}");
        }
    }

    #[test]
    fn other_hosts_origins_and_ports_are_refused() {
        let refused = [
            (None, None),
            (Some("evil.example:8424"), None),
            (Some("127.0.0.1"), None),
            (Some("127.0.0.1:80"), None),
            (Some("127.0.0.1.evil.example:8424"), None),
            (Some("127.0.0.1:8424"), Some("http://evil.example")),
            (Some("127.0.0.1:8424"), Some("null")),
            (Some("127.0.0.1:8424"), Some("https://127.0.0.1:8424")),
            (Some("127.0.0.1:8424"), Some("http://127.0.0.1:9999")),
        ];
        for (host, origin) in refused {
            assert!(refusal(host, origin, 8424).is_some(), "{host:?} {origin:?}");
        }
    }
}
