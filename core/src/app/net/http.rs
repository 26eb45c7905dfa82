//! One HTTP request from the desktop, `http://` or `https://`, through ureq on
//! rustls. What the two hand-written clients it replaces did, it keeps: a
//! deadline per phase, an answer past its cap refused rather than cut (a cut
//! replay or JSON would fail later as something else), any status read as an
//! answer (the callers read refusals from it), no redirect followed, and no
//! proxy from the environment (the signaling goes direct too).

use std::time::Duration;

use ureq::tls::{Certificate, RootCerts, TlsConfig};

use crate::app::online::UNTRUSTED_CERTIFICATE;

/// The error an answer past its cap gives.
pub const TOO_LONG: &str = "the answer is too long";

/// One request: its method, full URL, extra headers and body.
#[derive(Debug, Clone, Copy)]
pub struct HttpRequest<'a> {
    /// `GET`, `POST`, `PUT` or `DELETE`.
    pub method: &'a str,
    /// `http://HOST:PORT/PATH` or `https://...`.
    pub url: &'a str,
    /// Headers beside ureq's own (name, value).
    pub headers: &'a [(&'a str, &'a str)],
    /// The body, if any (sent with its length).
    pub body: Option<&'a str>,
}

/// How long each phase may take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Deadlines {
    /// Resolving and connecting, TLS handshake included.
    pub connect: Duration,
    /// Sending the request and its body.
    pub send: Duration,
    /// Waiting for the answer's head, then reading its body.
    pub answer: Duration,
}

/// Sends `request` and returns the answer's status and body (read lossily as
/// UTF-8), whatever the status. Errors are sentences for the player: the
/// connection's failure, [`TOO_LONG`] past `cap` body bytes, or a certificate
/// this process does not trust (with what to do about it).
pub fn send(
    request: HttpRequest<'_>,
    cap: u64,
    deadlines: Deadlines,
) -> Result<(u16, String), String> {
    let agent = agent(deadlines);
    let mut builder = ureq::http::Request::builder()
        .method(request.method)
        .uri(request.url);
    for (name, value) in request.headers {
        builder = builder.header(*name, *value);
    }
    let answer = match request.body {
        Some(body) => builder
            .body(body.to_owned())
            .map_err(|e| e.to_string())
            .and_then(|r| agent.run(r).map_err(explain)),
        None => builder
            .body(())
            .map_err(|e| e.to_string())
            .and_then(|r| agent.run(r).map_err(explain)),
    };
    let mut answer = answer?;
    let status = answer.status().as_u16();
    let body = answer
        .body_mut()
        .with_config()
        .limit(cap)
        .read_to_vec()
        .map_err(explain)?;
    Ok((status, String::from_utf8_lossy(&body).into_owned()))
}

/// An agent with these deadlines, trusting Mozilla's roots and the CA file's.
fn agent(deadlines: Deadlines) -> ureq::Agent {
    let roots = match super::trust::extra_roots() {
        None => RootCerts::WebPki,
        Some(extra) => super::trust::all_roots(&extra)
            .into_iter()
            .map(|der| Certificate::from_der(der.as_ref()).to_owned())
            .collect::<Vec<_>>()
            .into(),
    };
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .max_redirects(0)
        .proxy(None)
        .user_agent(concat!("arkanong/", env!("CARGO_PKG_VERSION")))
        .timeout_connect(Some(deadlines.connect))
        .timeout_send_request(Some(deadlines.send))
        .timeout_send_body(Some(deadlines.send))
        .timeout_recv_response(Some(deadlines.answer))
        .timeout_recv_body(Some(deadlines.answer))
        .tls_config(TlsConfig::builder().root_certs(roots).build())
        .build()
        .into()
}

/// ureq's error as the sentence the player reads.
fn explain(e: ureq::Error) -> String {
    let untrusted = |why: &str| {
        format!(
            "{UNTRUSTED_CERTIFICATE} ({why}); a private server's CA goes in --ca-file or {}",
            super::CA_FILE_ENV
        )
    };
    match e {
        ureq::Error::BodyExceedsLimit(_) => TOO_LONG.to_owned(),
        ureq::Error::Rustls(rustls::Error::InvalidCertificate(why)) => untrusted(&why.to_string()),
        ureq::Error::Io(io) => {
            let certificate = io
                .get_ref()
                .and_then(|inner| inner.downcast_ref::<rustls::Error>())
                .and_then(|tls| match tls {
                    rustls::Error::InvalidCertificate(why) => Some(why.to_string()),
                    _ => None,
                });
            match certificate {
                Some(why) => untrusted(&why),
                None => io.to_string(),
            }
        }
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Read, Write};
    use std::net::TcpListener;

    /// A one-shot server on 127.0.0.1 answering `answer` to the first request,
    /// and the URL to reach it.
    fn answering(answer: Vec<u8>) -> String {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let url = format!("http://{}/x", listener.local_addr().unwrap());
        std::thread::spawn(move || {
            if let Ok((mut stream, _)) = listener.accept() {
                let mut head = [0u8; 4096];
                let _ = stream.read(&mut head);
                let _ = stream.write_all(&answer);
            }
        });
        url
    }

    fn get(url: &str, cap: u64) -> Result<(u16, String), String> {
        let second = Duration::from_secs(5);
        let request = HttpRequest {
            method: "GET",
            url,
            headers: &[],
            body: None,
        };
        send(
            request,
            cap,
            Deadlines {
                connect: second,
                send: second,
                answer: second,
            },
        )
    }

    fn plain(body: &str) -> Vec<u8> {
        format!(
            "HTTP/1.1 201 Created\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
            body.len()
        )
        .into_bytes()
    }

    #[test]
    fn an_answer_past_the_cap_is_refused_not_cut() {
        let at_cap = "x".repeat(64);
        assert_eq!(get(&answering(plain(&at_cap)), 64), Ok((201, at_cap)));
        let over = "x".repeat(65);
        assert_eq!(get(&answering(plain(&over)), 64), Err(TOO_LONG.to_owned()));
    }

    #[test]
    fn answers_read_plain_and_chunked_whatever_the_status() {
        let chunked = b"HTTP/1.1 429 Too Many Requests\r\ntransfer-encoding: chunked\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n";
        assert_eq!(
            get(&answering(chunked.to_vec()), 64),
            Ok((429, "abcde".to_owned()))
        );
        let junk = get(&answering(b"SSH-2.0-OpenSSH\r\n\r\n".to_vec()), 64);
        assert!(junk.is_err(), "{junk:?}");
    }

    #[test]
    fn no_server_is_an_error_not_a_panic() {
        let port = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let e = get(&format!("http://127.0.0.1:{port}/"), 64).unwrap_err();
        assert!(!e.is_empty());
    }
}
