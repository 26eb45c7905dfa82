//! One HTTP request from the desktop, `http://` or `https://`, through ureq on
//! rustls. What the two hand-written clients it replaces did, it keeps: a
//! deadline per phase, an answer past its cap refused rather than cut (a cut
//! replay or JSON would fail later as something else), any status read as an
//! answer (the callers read refusals from it), no redirect followed, and no
//! proxy from the environment (the signaling goes direct too).

use ureq::tls::{Certificate, RootCerts, TlsConfig};

use super::{Deadlines, HttpAnswer, HttpError, HttpRequest};

/// Sends `request` and returns the answer's status and body (read lossily as
/// UTF-8), whatever the status; or why not: the connection's failure, an
/// answer past `cap` body bytes, or a certificate this process does not trust.
pub fn send(request: &HttpRequest, cap: u64, deadlines: Deadlines) -> HttpAnswer {
    let agent = agent(deadlines);
    let mut builder = ureq::http::Request::builder()
        .method(request.method)
        .uri(request.url.as_str());
    for (name, value) in &request.headers {
        builder = builder.header(*name, value.as_str());
    }
    let answer = match &request.body {
        Some(body) => builder
            .body(body.clone())
            .map_err(|e| HttpError::Failed(e.to_string()))
            .and_then(|r| agent.run(r).map_err(explain)),
        None => builder
            .body(())
            .map_err(|e| HttpError::Failed(e.to_string()))
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

/// ureq's error as one of ours.
fn explain(e: ureq::Error) -> HttpError {
    match e {
        ureq::Error::BodyExceedsLimit(_) => HttpError::TooLong,
        ureq::Error::Rustls(rustls::Error::InvalidCertificate(why)) => {
            HttpError::Untrusted(why.to_string())
        }
        ureq::Error::Io(io) => {
            let certificate = io
                .get_ref()
                .and_then(|inner| inner.downcast_ref::<rustls::Error>())
                .and_then(|tls| match tls {
                    rustls::Error::InvalidCertificate(why) => Some(why.to_string()),
                    _ => None,
                });
            match certificate {
                Some(why) => HttpError::Untrusted(why),
                None => HttpError::Failed(io.to_string()),
            }
        }
        other => HttpError::Failed(other.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::net::TOO_LONG;
    use std::io::{Read, Write};
    use std::net::TcpListener;
    use std::time::Duration;

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

    fn get(url: &str, cap: u64) -> HttpAnswer {
        let second = Duration::from_secs(5);
        let request = HttpRequest {
            method: "GET",
            url: url.to_owned(),
            headers: Vec::new(),
            body: None,
        };
        send(
            &request,
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
        let refused = get(&answering(plain(&over)), 64);
        assert_eq!(refused, Err(HttpError::TooLong));
        assert_eq!(refused.unwrap_err().to_string(), TOO_LONG);
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
        assert!(
            matches!(&e, HttpError::Failed(why) if !why.is_empty()),
            "{e:?}"
        );
    }

    /// The sentences the screens show are the ones the strings said before
    /// the errors had variants (console lines are a contract).
    #[test]
    fn each_error_says_what_it_always_said() {
        assert_eq!(HttpError::TooLong.to_string(), "the answer is too long");
        assert_eq!(
            HttpError::Untrusted("invalid peer certificate: UnknownIssuer".into()).to_string(),
            "the server's certificate is not trusted (invalid peer certificate: UnknownIssuer); \
             a private server's CA goes in --ca-file or ARKANONG_CA_FILE"
        );
        assert_eq!(HttpError::Failed("refused".into()).to_string(), "refused");
    }
}
